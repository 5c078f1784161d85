/**
 * The side panel as a person uses it, rendered in happy-dom: a stand-in for the background and for
 * the browser's tabs and storage, the pages and answers the tests share, and the helpers that wait
 * for the panel and press its buttons by name.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import { PanelApp, type PanelBackend } from '../../entrypoints/sidepanel/App';
import type { StartedFirstLook } from '../../entrypoints/sidepanel/first-look';
import type {
  Account,
  Findings,
  ProtocolMap,
  PublicSettings,
  Quote,
  RunResult,
  ViewState,
} from '../../lib/protocol';
import { DEFAULT_SETTINGS } from '../../lib/settings';

const { apiKey: _noKey, ...defaultsWithoutKey } = DEFAULT_SETTINGS;
export const CONFIGURED: PublicSettings = {
  ...defaultsWithoutKey,
  baseUrlV2: 'https://api.example.com',
  baseUrlV3: 'https://api.example.com',
  onboarded: true,
  hubTokenSet: false,
  hubTokenHint: '',
  apiKeySet: true,
  apiKeyHint: 'wxyz',
};

export const ACCOUNT: Account = {
  today: 12,
  month: 40,
  dailyBudget: 200,
  remainingToday: 188,
  balance: 9_000,
  balanceAt: 1,
  recent: [],
  cache: { entries: 1, bytes: 100 },
};

export const QUOTE: Quote = { min: 2, max: 2, lines: ['Person profile: 1', 'use_cache=if-recent: +1'] };

export const ADA_URL = 'https://www.linkedin.com/in/ada';
export const ADA: Findings = {
  pageUrl: ADA_URL,
  page: { kind: 'person', id: 'ada', url: ADA_URL },
  profiles: [
    { kind: 'person', id: 'ada', url: ADA_URL },
    {
      kind: 'company',
      id: 'analytical',
      url: 'https://www.linkedin.com/company/analytical',
      label: 'Analytical Engines',
    },
  ],
  emails: ['ada@example.com'],
  scannedAt: 1,
};
export const ACME_URL = 'https://www.linkedin.com/company/acme';
export const ACME: Findings = {
  pageUrl: ACME_URL,
  page: { kind: 'company', id: 'acme', url: ACME_URL },
  profiles: [],
  emails: [],
  scannedAt: 2,
};

export function answer(
  data: unknown,
  extra: Partial<Extract<RunResult, { status: 'answer' }>> = {},
): RunResult {
  return {
    status: 'answer',
    data,
    cached: false,
    fetchedAt: 0,
    ageMs: 0,
    stale: false,
    credits: 2,
    totals: { today: 12, month: 40, dailyBudget: 200, remainingToday: 188, balance: null },
    ...extra,
  };
}

/**
 * The background's answer to 'view.open', made of this test's 'quote' and cache-only 'run'
 * handlers, so each test says what is quoted and what is cached as before, while the panel asks
 * its one question.
 */
export async function viewOf(
  handlers: Handlers,
  data: Parameters<ProtocolMap['view.open']>[0],
): Promise<ViewState> {
  const quoted = await handlers.quote?.(data);
  if (!quoted) throw new Error('Could not establish connection. Receiving end does not exist. (view.open)');
  if (!quoted.ok) return quoted;
  const peek = await handlers.run?.({ ...data, requestId: 'view-open-peek', policy: 'cache-only' });
  return {
    ok: true,
    params: data.params as Record<string, string>,
    quote: quoted.quote,
    cached:
      peek?.status === 'answer'
        ? { data: peek.data, fetchedAt: peek.fetchedAt, ageMs: peek.ageMs, stale: peek.stale }
        : null,
    budget: { remaining: null, needsConfirmation: false },
  };
}

export type RunRequest = Parameters<ProtocolMap['run']>[0];
export type Handlers = {
  [T in keyof ProtocolMap]?: (
    data: Parameters<ProtocolMap[T]>[0],
  ) => ReturnType<ProtocolMap[T]> | Promise<ReturnType<ProtocolMap[T]>>;
};

/** A background answering from `handlers`, and a browser whose tabs and storage a test moves. */
export function fakeBrowser(handlers: Handlers, { tab = 7 }: { tab?: number | null } = {}) {
  const sent: { type: string; data: unknown }[] = [];
  const tabListeners = new Set<(tabId: number) => void>();
  const findingsListeners = new Map<number, Set<() => void>>();
  let ids = 0;
  const backend: PanelBackend = {
    ask: (async (type: keyof ProtocolMap, data: unknown) => {
      sent.push({ type, data });
      if (type === 'view.open' && !handlers['view.open'])
        return viewOf(handlers, data as Parameters<ProtocolMap['view.open']>[0]);
      const handler = handlers[type] as ((data: unknown) => unknown) | undefined;
      if (!handler)
        throw new Error(`Could not establish connection. Receiving end does not exist. (${type})`);
      return handler(data);
    }) as PanelBackend['ask'],
    newRequestId: () => `request-${++ids}-0000`,
    currentTab: async () => tab,
    onTabSwitch(listener) {
      tabListeners.add(listener);
      return () => tabListeners.delete(listener);
    },
    watchFindings(tabId, listener) {
      const listeners = findingsListeners.get(tabId) ?? new Set();
      findingsListeners.set(tabId, listeners);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSettingsChange: () => () => {},
    openOptions: vi.fn(),
    openLists: vi.fn(),
    openChanges: vi.fn(),
  };
  return {
    backend,
    sentOf: <T extends keyof ProtocolMap>(type: T) =>
      sent.filter((message) => message.type === type).map((m) => m.data as Parameters<ProtocolMap[T]>[0]),
    switchTo: (tabId: number) =>
      act(() => {
        for (const listener of tabListeners) listener(tabId);
      }),
    findingsChanged: (tabId: number) =>
      act(() => {
        for (const listener of findingsListeners.get(tabId) ?? []) listener();
      }),
  };
}

/** The usual background: configured, Ada's page on tab 7, nothing cached. */
export function handlers(overrides: Handlers = {}): Handlers {
  return {
    'settings.get': () => CONFIGURED,
    'account.get': () => ACCOUNT,
    'findings.get': ({ tabId }) => (tabId === 7 ? ADA : null),
    quote: () => ({ ok: true, quote: QUOTE }),
    run: ({ policy }) =>
      policy === 'cache-only' ? { status: 'not-cached' } : answer({ full_name: 'Ada Lovelace' }),
    // "Found on this page" (the batch) peeks at its rows and asks for a batch under way.
    'batch.peek': ({ requests }) => ({
      rows: requests.map(() => ({ ok: true as const, quote: { min: 1, max: 1, lines: [] }, cached: null })),
      total: { min: requests.length, max: requests.length, lines: [] },
      remainingToday: 188,
    }),
    'batch.get': () => null,
    ...overrides,
  };
}

/** Lets answers arrive and views loaded on first show (components/lazy-view.tsx: a dynamic import) draw. */
export async function settle() {
  for (let i = 0; i < 20; i++) await act(async () => {});
}

/** The background's answer to `panel.open` on tab 7: Ada's page, her profile cached. */
export function openedOnAda(): Handlers {
  const params = { profile_url: ADA_URL, use_cache: 'if-present', live_fetch: 'default' };
  return handlers({
    'panel.open': ({ tabId }) => ({
      settings: CONFIGURED,
      findings: tabId === 7 ? ADA : null,
      pageView: {
        endpointId: 'person.profile',
        params,
        view: {
          ok: true,
          params,
          quote: QUOTE,
          cached: { data: { full_name: 'Ada Lovelace' }, fetchedAt: Date.now(), ageMs: 0, stale: false },
          budget: { remaining: 188, needsConfirmation: false },
        },
      },
    }),
  });
}

export function button(root: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button "${name}" in: ${root.textContent}`);
  return found;
}

export async function click(root: HTMLElement, name: string | RegExp) {
  await act(() => button(root, name).click());
  await settle();
}

let panelRoot: HTMLElement | undefined;

/** A fresh element in the document for a panel to be drawn in; `unmountPanel` removes it. */
export function panelContainer(): HTMLElement {
  panelRoot = document.createElement('div');
  document.body.append(panelRoot);
  return panelRoot;
}

/** Draws the panel as sidepanel.html does, and lets its first questions be answered. */
export async function mountPanel(backend: PanelBackend, firstLook?: StartedFirstLook) {
  const root = panelContainer();
  await act(() => render(<PanelApp backend={backend} firstLook={firstLook} />, root));
  await settle();
  return root;
}

/** Unmounts the panel drawn last (for `afterEach`). */
export function unmountPanel() {
  if (panelRoot) render(null, panelRoot);
  panelRoot?.remove();
  panelRoot = undefined;
}
