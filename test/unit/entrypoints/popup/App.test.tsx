/**
 * The popup as a person uses it, rendered in happy-dom with a stand-in for the background and the
 * browser: what it asks, what it shows, what it spends, what it exports, and what it remembers.
 */

import Papa from 'papaparse';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupApp } from '../../../../entrypoints/popup/App';
import type { PopupBackend } from '../../../../entrypoints/popup/backend';
import { SETTLE_MS } from '../../../../hooks/useParamForm';
import type {
  Account,
  PeekRow,
  ProtocolMap,
  PublicSettings,
  Quote,
  RawParamsMessage,
  RecentEntry,
  RunResult,
  ViewState,
} from '../../../../lib/protocol';
import { DEFAULT_SETTINGS } from '../../../../lib/settings';

const { apiKey: _noKey, ...defaults } = DEFAULT_SETTINGS;
const CONFIGURED: PublicSettings = {
  ...defaults,
  baseUrlV2: 'https://api.example.com',
  baseUrlV3: 'https://api.example.com',
  onboarded: true,
  hubTokenSet: false,
  hubTokenHint: '',
  apiKeySet: true,
  apiKeyHint: 'wxyz',
};
const ACCOUNT: Account = {
  today: 0,
  month: 0,
  dailyBudget: 200,
  remainingToday: 200,
  balance: 1000,
  balanceAt: 1,
  recent: [],
  cache: { entries: 0, bytes: 0 },
};
const TOTALS = { today: 6, month: 6, dailyBudget: 200, remainingToday: 194, balance: null };

type Handlers = {
  [T in keyof ProtocolMap]?: (data: Parameters<ProtocolMap[T]>[0]) => ReturnType<ProtocolMap[T]>;
};

function view(quote: Quote, cached: unknown = null): ViewState {
  return {
    ok: true,
    params: {},
    quote,
    cached: cached === null ? null : { data: cached, fetchedAt: 0, ageMs: 60_000, stale: false },
    budget: { remaining: 200, needsConfirmation: false },
  };
}

function answer(data: unknown, credits: number): RunResult {
  return {
    status: 'answer',
    data,
    cached: false,
    fetchedAt: 0,
    ageMs: 0,
    stale: false,
    credits,
    totals: TOTALS,
  };
}

function fakeBrowser(handlers: Handlers) {
  const sent: { type: string; data: unknown }[] = [];
  const downloads: { name: string; csv: string }[] = [];
  let ids = 0;
  const all: Handlers = {
    'settings.get': () => CONFIGURED,
    'account.get': () => ACCOUNT,
    'recent.list': () => [],
    'recent.add': () => ({ ok: true }),
    ...handlers,
  };
  const backend: PopupBackend = {
    ask: (async (type: keyof ProtocolMap, data: unknown) => {
      sent.push({ type, data });
      const handler = all[type] as ((data: unknown) => unknown) | undefined;
      if (!handler) throw new Error(`unexpected message ${type}`);
      return handler(data);
    }) as PopupBackend['ask'],
    newRequestId: () => `request-${++ids}`,
    openSidePanel: vi.fn(),
    showInSidePanel: vi.fn(),
    openChanges: vi.fn(),
    openOptions: vi.fn(),
    openLists: vi.fn(),
    download: (name, csv) => downloads.push({ name, csv }),
  };
  const sentOf = (type: string) =>
    sent.filter((message) => message.type === type).map((message) => message.data);
  return { backend, sentOf, downloads };
}

let container: HTMLElement | undefined;

afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

async function show(backend: PopupBackend): Promise<HTMLElement> {
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    render(<PopupApp backend={backend} />, container!);
  });
  await settle();
  return container;
}

/** Whether an element is shown: none of its ancestors is hidden (the popup keeps every tab mounted). */
function isShown(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if ((node as HTMLElement).hidden) return false;
  }
  return true;
}

function buttonNamed(root: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].filter(isShown).find((b) => {
    const text = b.getAttribute('aria-label') ?? b.textContent?.trim() ?? '';
    return typeof name === 'string' ? text === name : name.test(text);
  });
  if (!found)
    throw new Error(
      `no button "${name}" among ${[...root.querySelectorAll('button')]
        .filter(isShown)
        .map((b) => b.textContent)
        .join(' | ')}`,
    );
  return found;
}

function fieldLabelled(root: HTMLElement, label: string): HTMLInputElement | HTMLSelectElement {
  const found = [...root.querySelectorAll('label')]
    .filter(isShown)
    .find((l) => l.textContent?.trim() === label);
  if (!found) throw new Error(`no field "${label}"`);
  return document.getElementById(found.htmlFor) as HTMLInputElement;
}

async function type(root: HTMLElement, label: string, value: string) {
  const input = fieldLabelled(root, label);
  await act(async () => {
    input.value = value;
    input.dispatchEvent(new Event(input.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  });
  await settle(SETTLE_MS + 50);
}

async function click(element: HTMLElement) {
  await act(async () => {
    element.click();
  });
  await settle();
}

function shownText(root: HTMLElement): string {
  return [...root.querySelectorAll('.popup-tab')]
    .filter(isShown)
    .map((tab) => tab.textContent)
    .join(' ');
}

const URLS = [
  'https://www.linkedin.com/in/ada',
  'https://www.linkedin.com/in/bob',
  'https://www.linkedin.com/in/cy',
];
const SEARCH_QUOTE: Quote = {
  min: 0,
  max: 30,
  lines: ['Base: 3 per profile URL returned × up to 10 = 30'],
};

function searchPage(params: RawParamsMessage) {
  const results = (params.next_token === 'page-2' ? URLS.slice(2) : URLS.slice(0, 2)).map((url) => ({
    network_profile_url: url,
    profile: null,
    last_updated: '2026-05-01T00:00:00Z',
  }));
  return {
    results,
    next_page: params.next_token
      ? null
      : 'https://api.example.com/api/v2/search/person?next_token=page-2&page_size=2',
    total_result_count: 3,
  };
}

describe('the person search', () => {
  it('quotes as the person types, runs, pages with "Load more", exports what is shown and remembers it', async () => {
    const { backend, sentOf, downloads } = fakeBrowser({
      'view.open': () => view(SEARCH_QUOTE),
      run: (request) => answer(searchPage(request.params), 6),
    });
    const popup = await show(backend);
    expect(buttonNamed(popup, 'Search people · up to 30 credits')).toBeDefined();
    expect(shownText(popup)).toContain('Base: 3 per profile URL returned × up to 10 = 30');
    // A first search is a page of 10, and the form says how to ask for more.
    expect(sentOf('view.open')).toContainEqual({ endpointId: 'person.search', params: { page_size: '10' } });
    expect(shownText(popup)).toContain(
      'Starts at 10 a page to keep the first search cheap. Raise it (up to 100)',
    );

    await type(popup, 'Country', 'GB');
    expect(sentOf('view.open').at(-1)).toEqual({
      endpointId: 'person.search',
      params: { page_size: '10', country: 'GB' },
    });
    expect(sentOf('run')).toEqual([]); // nothing is asked of the service before the click

    await click(buttonNamed(popup, 'Search people · up to 30 credits'));
    expect(sentOf('run')).toEqual([
      {
        requestId: 'request-1',
        endpointId: 'person.search',
        params: { page_size: '10', country: 'GB' },
        policy: 'cache-first',
      },
    ]);
    expect(shownText(popup)).toContain('3 people match this search');
    const links = () =>
      [...popup.querySelectorAll('.search-result .result-main a')]
        .filter(isShown)
        .map((a) => a.getAttribute('href'));
    expect(links()).toEqual(URLS.slice(0, 2));
    expect(popup.textContent).toContain('Today: 6 of 200 credits');

    await click(buttonNamed(popup, 'Load more · up to 30 credits'));
    expect(sentOf('run').at(-1)).toMatchObject({ params: { country: 'GB', next_token: 'page-2' } });
    expect(links()).toEqual(URLS); // what was shown stays; the next page follows it
    expect(shownText(popup)).toContain('No more people.');

    await click(buttonNamed(popup, 'Export CSV'));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toMatch(/^person-search-.*\.csv$/);
    const rows = Papa.parse<Record<string, string>>(downloads[0]!.csv, { header: true }).data;
    expect(rows.map((row) => row['Profile URL'])).toEqual(links());

    expect(sentOf('recent.add')).toEqual([
      { endpointId: 'person.search', params: { page_size: '10', country: 'GB' } },
    ]);
  });

  it('exports the results shown for a CRM: the chosen preset, its header line, one row a person', async () => {
    const { backend, downloads } = fakeBrowser({
      'view.open': () => view(SEARCH_QUOTE),
      run: () =>
        answer(
          {
            results: [
              {
                network_profile_url: URLS[0],
                profile: {
                  first_name: 'Ada',
                  last_name: 'Lovelace',
                  full_name: 'Ada Lovelace',
                  experiences: [],
                },
                last_updated: '2026-05-01T00:00:00Z',
              },
              {
                network_profile_url: URLS[1],
                profile: {
                  first_name: 'Bob',
                  last_name: 'Byte',
                  full_name: 'Bob Byte',
                  experiences: [{ title: 'Engineer', company: 'Acme', ends_at: null }],
                },
                last_updated: '2026-05-01T00:00:00Z',
              },
            ],
            next_page: null,
            total_result_count: 2,
          },
          6,
        ),
    });
    const popup = await show(backend);
    await click(buttonNamed(popup, 'Search people · up to 30 credits'));
    const choice = fieldLabelled(popup, 'Export for CRM') as HTMLSelectElement;
    expect([...choice.options].map((option) => option.textContent)).toEqual([
      'HubSpot contacts',
      'Salesforce leads',
      'Pipedrive people',
    ]);
    await act(() => {
      choice.value = 'salesforce-leads';
      choice.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(buttonNamed(popup, 'Download for Salesforce leads'));
    for (let i = 0; i < 50 && downloads.length === 0; i++) await settle(10);
    expect(downloads[0]!.name).toMatch(/^salesforce-leads-person-search-.*\.csv$/);
    const parsed = Papa.parse<Record<string, string>>(downloads[0]!.csv, { header: true });
    expect(parsed.meta.fields?.slice(0, 4)).toEqual(['First Name', 'Last Name', 'Company', 'Title']);
    // Ada has no company: Salesforce would refuse her, so she is left out and counted.
    expect(parsed.data).toEqual([
      expect.objectContaining({
        'First Name': 'Bob',
        'Last Name': 'Byte',
        Company: 'Acme',
        Title: 'Engineer',
      }),
    ]);
    expect(shownText(popup)).toContain(
      'Saved: 1 person in the file · 1 person left out: Salesforce requires a company and none was found',
    );
  });

  it('asks nothing while a field is wrong, and says what to correct', async () => {
    const { backend, sentOf } = fakeBrowser({ 'view.open': () => view(SEARCH_QUOTE) });
    const popup = await show(backend);
    const before = sentOf('view.open').length;
    await type(popup, 'Page size', '500');
    expect(shownText(popup)).toContain('must be between 1 and 100');
    expect(shownText(popup)).toContain('Correct the field marked above to see the cost.');
    expect(() => buttonNamed(popup, /^Search people/)).toThrow();
    expect(sentOf('view.open')).toHaveLength(before);
  });

  it('shows a result in the side panel on request', async () => {
    const { backend } = fakeBrowser({
      'view.open': () => view(SEARCH_QUOTE),
      run: (request) => answer(searchPage(request.params), 6),
    });
    const popup = await show(backend);
    await click(buttonNamed(popup, 'Search people · up to 30 credits'));
    await click(buttonNamed(popup, 'Show in side panel: bob'));
    expect(backend.showInSidePanel).toHaveBeenCalledWith(URLS[1]);
    await click(buttonNamed(popup, 'Open side panel'));
    expect(backend.openSidePanel).toHaveBeenCalledTimes(1);
  });
});

describe("the search's results in team mode", () => {
  it("say which the team has (opening it costs 0) and which the team's CRM holds, from one peek", async () => {
    const TEAM_HAS: Quote = { min: 0, max: 0, lines: [], teamHas: { ageSeconds: 3 * 86_400 } };
    const { backend, sentOf } = fakeBrowser({
      'view.open': () => view(SEARCH_QUOTE),
      run: (request) => answer(searchPage(request.params), 6),
      'crm.match': ({ rows }) => ({ reference: false, matches: rows.map(() => null) }),
      'batch.peek': ({ requests }) => ({
        rows: requests.map((request): PeekRow => {
          const url = String(request.params.profile_url);
          if (url.endsWith('/ada')) return { ok: true, quote: TEAM_HAS, cached: null };
          return { ok: true, quote: SEARCH_QUOTE, cached: null, teamCrm: 'profile' };
        }),
        total: { min: 0, max: 0, lines: [] },
        remainingToday: 200,
      }),
    });
    const popup = await show(backend);
    await click(buttonNamed(popup, 'Search people · up to 30 credits'));
    // Each result's profile, as the side panel asks it, with who it is.
    expect(sentOf('batch.peek').at(-1)).toMatchObject({
      requests: URLS.slice(0, 2).map((url) => ({
        endpointId: 'person.profile',
        params: { profile_url: url },
        identity: { profileUrl: url },
      })),
    });
    const results = [...popup.querySelectorAll('.search-result')].filter(isShown);
    expect(results.map((result) => result.querySelector('.in-crm')?.textContent ?? null)).toEqual([
      null,
      "In your team's CRM",
    ]);
    expect(results[0]!.textContent).toContain('Its profile: 0 credits (the team has it, 3 days old)');
    expect(results[1]!.textContent).not.toContain('the team has it');
  });
});

describe('the lookups', () => {
  it('quote the email lookup, say what finding nothing costs, and show who it found', async () => {
    const { backend, sentOf } = fakeBrowser({
      'view.open': () => view({ min: 3, max: 3, lines: ['Base: 3, charged even when nothing matches'] }),
      run: () => answer({ url: URLS[0], profile: null, last_updated: '2026-01-01T00:00:00Z' }, 3),
    });
    const popup = await show(backend);
    await click(buttonNamed(popup, 'Lookups'));
    expect(shownText(popup)).toContain('Fill in First name and Company to see the cost.');
    const email = [...popup.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (radio) => radio.value === 'email.lookup',
    )!;
    await act(async () => {
      email.click();
    });
    await settle();
    await type(popup, 'Email (required)', 'ada@example.com');
    expect(shownText(popup)).toContain('As chosen, 3 credits are charged even when nothing is found.');
    await click(buttonNamed(popup, 'Look up email · 3 credits'));
    expect(sentOf('run').at(-1)).toMatchObject({
      endpointId: 'email.lookup',
      params: { email: 'ada@example.com' },
      policy: 'cache-first',
    });
    expect(shownText(popup)).toContain('Matched profile: ada');
    expect(shownText(popup)).toContain('fetched just now · 3 credits');
    expect(sentOf('recent.add')).toEqual([
      { endpointId: 'email.lookup', params: { email: 'ada@example.com' } },
    ]);
  });
});

describe('the recent searches', () => {
  it('reopen a search in its tab, answered from the cache at 0 credits, without running it', async () => {
    const entry: RecentEntry = {
      id: 'company.search?name=acme',
      endpointId: 'company.search',
      params: { name: 'acme' },
      summary: 'name=acme',
      at: Date.now(),
    };
    const cached = {
      results: [{ network_profile_url: 'https://www.linkedin.com/company/acme', profile: null }],
      next_page: null,
      total_result_count: 1,
    };
    const { backend, sentOf } = fakeBrowser({
      'recent.list': () => [entry],
      'view.open': (request) => view(SEARCH_QUOTE, request.params.name === 'acme' ? cached : null),
    });
    const popup = await show(backend);
    await click(buttonNamed(popup, 'Recent'));
    await click(buttonNamed(popup, 'Reopen Company search: name=acme'));
    await settle();
    expect(popup.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe('Companies');
    expect((fieldLabelled(popup, 'Name') as HTMLInputElement).value).toBe('acme');
    expect(shownText(popup)).toContain('1 company match this search');
    expect(shownText(popup)).toContain('cached 1 minute ago · 0 credits');
    expect(sentOf('run')).toEqual([]);
    expect(sentOf('recent.add')).toEqual([{ endpointId: 'company.search', params: { name: 'acme' } }]);
  });
});
