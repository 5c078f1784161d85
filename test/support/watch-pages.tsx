/**
 * The watch pages' stand-in background (the Changes page, the Watch form in the panel, the lists page
 * and the popup): answers from handlers, every message kept, and watch lists and changes as the
 * background would describe them.
 */
import { act } from 'preact/test-utils';
import type { Ask } from '../../lib/ask-background';
import type {
  ProtocolMap,
  PublicSettings,
  Quote,
  WatchChangeView,
  WatchListSummary,
} from '../../lib/protocol';
import { DEFAULT_SETTINGS } from '../../lib/settings';

export type Handlers = {
  [T in keyof ProtocolMap]?: (
    data: Parameters<ProtocolMap[T]>[0],
  ) => ReturnType<ProtocolMap[T]> | Promise<ReturnType<ProtocolMap[T]>>;
};

export function fakeAsk(handlers: Handlers) {
  const sent: { type: string; data: unknown }[] = [];
  const ask = (async (type: keyof ProtocolMap, data: unknown) => {
    sent.push({ type, data });
    const handler = handlers[type] as ((data: unknown) => unknown) | undefined;
    if (!handler) throw new Error(`Could not establish connection. Receiving end does not exist. (${type})`);
    return handler(data);
  }) as Ask;
  return {
    ask,
    sentOf: <T extends keyof ProtocolMap>(type: T) =>
      sent.filter((message) => message.type === type).map((m) => m.data as Parameters<ProtocolMap[T]>[0]),
  };
}

/** The settings as the background shows them to a page, data about others kept `retentionDays` days. */
export function settingsKeeping(retentionDays: number): PublicSettings {
  const { apiKey: _key, hubToken: _token, ...settings } = DEFAULT_SETTINGS;
  return {
    ...settings,
    retentionDays,
    apiKeySet: true,
    apiKeyHint: 'demo',
    hubTokenSet: false,
    hubTokenHint: '',
  };
}

export const PERIOD_QUOTE: Quote = { min: 0, max: 80, lines: ['40 × person profile at 29 days or less: 2'] };

export function watchList(patch: Partial<WatchListSummary> = {}): WatchListSummary {
  return {
    id: 'watch-1',
    name: 'Watched people',
    createdAt: Date.parse('2026-10-28T09:00:00Z'),
    periodDays: 30,
    freshness: 'if-recent',
    cap: null,
    people: 40,
    companies: 0,
    perPeriod: PERIOD_QUOTE,
    runQuote: PERIOD_QUOTE,
    status: 'idle',
    lastRunAt: Date.parse('2026-10-28T09:00:00Z'),
    nextRunAt: Date.parse('2026-11-27T09:00:00Z'),
    spentThisPeriod: 0,
    checkedThisPeriod: 0,
    stopReason: null,
    unseen: 0,
    ...patch,
  };
}

export const ADA_JOB: WatchChangeView = {
  id: 'change-1',
  listId: 'watch-1',
  watchList: 'Watched people',
  kind: 'person',
  name: 'Ada Lovelace',
  url: 'https://www.linkedin.com/in/ada-lovelace',
  seenAt: Date.parse('2026-11-27T09:15:00Z'),
  change: { kind: 'job', before: 'Engineer at Analytical Engines', after: 'CTO at Difference Co.' },
  // A move that also changed the place: one event, the place riding along, with its evidence.
  event: {
    kind: 'moved',
    changes: [
      { kind: 'job', before: 'Engineer at Analytical Engines', after: 'CTO at Difference Co.' },
      { kind: 'location', before: 'London, England', after: 'Paris, France' },
    ],
    evidence: {
      before: [
        {
          title: 'Engineer',
          company: 'Analytical Engines',
          company_network_profile_url: 'https://www.linkedin.com/company/analytical-engines',
          starts_at: { day: 1, month: 3, year: 2019 },
          ends_at: null,
        },
      ],
      after: [
        {
          title: 'Engineer',
          company: 'Analytical Engines',
          company_network_profile_url: 'https://www.linkedin.com/company/analytical-engines',
          starts_at: { day: 1, month: 3, year: 2019 },
          ends_at: { day: 31, month: 10, year: 2026 },
        },
        {
          title: 'CTO',
          company: 'Difference Co.',
          company_network_profile_url: 'https://www.linkedin.com/company/difference-co',
          starts_at: { day: 1, month: 11, year: 2026 },
          ends_at: null,
        },
      ],
      location: { before: 'London, England', after: 'Paris, France' },
      headline: null,
    },
    uncertain: [],
  },
  viewed: false,
};

/**
 * A second position beside the person's only one, which has no end date: an added role, not a
 * move, and uncertain.
 */
export const GRACE_ADDED: WatchChangeView = {
  id: 'change-3',
  listId: 'watch-1',
  watchList: 'Watched people',
  kind: 'person',
  name: 'Grace Hopper',
  url: 'https://www.linkedin.com/in/grace-hopper',
  seenAt: Date.parse('2026-11-26T09:15:00Z'),
  change: { kind: 'position-added', before: null, after: 'Advisor at Eckert-Mauchly' },
  event: {
    kind: 'added-role',
    changes: [{ kind: 'position-added', before: null, after: 'Advisor at Eckert-Mauchly' }],
    evidence: {
      before: [
        {
          title: 'Rear Admiral',
          company: 'US Navy',
          company_network_profile_url: null,
          starts_at: { year: 1943 },
          ends_at: null,
        },
      ],
      after: [
        {
          title: 'Rear Admiral',
          company: 'US Navy',
          company_network_profile_url: null,
          starts_at: { year: 1943 },
          ends_at: null,
        },
        {
          title: 'Advisor',
          company: 'Eckert-Mauchly',
          company_network_profile_url: null,
          starts_at: { month: 11, year: 2026 },
          ends_at: null,
        },
      ],
      location: null,
      headline: null,
    },
    uncertain: ['old-position-open'],
  },
  viewed: true,
};

export const ACME_GREW: WatchChangeView = {
  id: 'change-2',
  listId: 'watch-2',
  watchList: 'Watched companies',
  kind: 'company',
  name: 'Acme',
  url: 'https://www.linkedin.com/company/acme',
  seenAt: Date.parse('2026-11-20T08:00:00Z'),
  change: { kind: 'employees', before: 120, after: 134, by: 14 },
  event: null,
  viewed: true,
};

export async function settle() {
  for (let i = 0; i < 15; i++) await act(async () => {});
}

/** The button whose whole name (what a screen reader says, hidden words included) is `name`. */
export function buttonNamed(root: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => {
    const text = (b.textContent ?? '').replace(/\s+/g, ' ').trim();
    return typeof name === 'string' ? text === name : name.test(text);
  });
  if (!found) throw new Error(`no button "${name}" among: ${buttonNames(root).join(' | ')}`);
  return found;
}

export function buttonNames(root: HTMLElement): string[] {
  return [...root.querySelectorAll('button')].map((b) => (b.textContent ?? '').replace(/\s+/g, ' ').trim());
}

export async function press(root: HTMLElement, name: string | RegExp) {
  await act(() => buttonNamed(root, name).click());
  await settle();
}

/** The form control labelled `label`. */
export function control(root: HTMLElement, label: string): HTMLInputElement | HTMLSelectElement {
  const labelElement = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const id = labelElement?.getAttribute('for');
  const found = id ? root.querySelector<HTMLInputElement | HTMLSelectElement>(`[id="${id}"]`) : null;
  if (!found) throw new Error(`no control labelled "${label}"`);
  return found;
}

export async function choose(root: HTMLElement, label: string, value: string) {
  const element = control(root, label);
  await act(() => {
    element.value = value;
    element.dispatchEvent(new Event(element.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  });
  await settle();
}
