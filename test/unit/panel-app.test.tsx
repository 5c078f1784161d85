/**
 * The side panel as a person uses it, rendered in happy-dom with a stand-in for the background and
 * for the browser's tabs and storage: what it asks, what it spends, and what it shows.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser as fakeWebExtension } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { PanelApp, type PanelBackend, SCAN_REPORT_WAIT_MS } from '../../entrypoints/sidepanel/App';
import { type StartedFirstLook, startFirstLook, takeFirstLook } from '../../entrypoints/sidepanel/first-look';
import { PageProfile } from '../../entrypoints/sidepanel/profile/PageProfile';
import { AUTO_RUN_STOPPED_NOTE } from '../../hooks/useQuotedAction';
import { ApiError } from '../../lib/api/errors';
import type {
  Account,
  Findings,
  ProtocolMap,
  PublicSettings,
  Quote,
  RunResult,
  ViewState,
} from '../../lib/protocol';
import { DEFAULT_SETTINGS, EMAIL_LOOKUP_ITEM_KEY } from '../../lib/settings';
// The views the panel loads on first show, loaded here first: their import then resolves at once.
import '../../entrypoints/sidepanel/batch/FoundOnPageBatch';
import '../../entrypoints/sidepanel/email-lookup/EmailLookupSection';
import '../../entrypoints/sidepanel/sections/CompanySections';
import '../../entrypoints/sidepanel/sections/StudentSection';

const { apiKey: _noKey, ...defaultsWithoutKey } = DEFAULT_SETTINGS;
const CONFIGURED: PublicSettings = {
  ...defaultsWithoutKey,
  baseUrlV2: 'https://api.example.com',
  baseUrlV3: 'https://api.example.com',
  onboarded: true,
  apiKeySet: true,
  apiKeyHint: 'wxyz',
};

const ACCOUNT: Account = {
  today: 12,
  month: 40,
  dailyBudget: 200,
  remainingToday: 188,
  balance: 9_000,
  balanceAt: 1,
  recent: [],
  cache: { entries: 1, bytes: 100 },
};

const QUOTE: Quote = { min: 2, max: 2, lines: ['Person profile: 1', 'use_cache=if-recent: +1'] };

const ADA_URL = 'https://www.linkedin.com/in/ada';
const ADA: Findings = {
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
const ACME_URL = 'https://www.linkedin.com/company/acme';
const ACME: Findings = {
  pageUrl: ACME_URL,
  page: { kind: 'company', id: 'acme', url: ACME_URL },
  profiles: [],
  emails: [],
  scannedAt: 2,
};

function answer(data: unknown, extra: Partial<Extract<RunResult, { status: 'answer' }>> = {}): RunResult {
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
async function viewOf(handlers: Handlers, data: Parameters<ProtocolMap['view.open']>[0]): Promise<ViewState> {
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

type RunRequest = Parameters<ProtocolMap['run']>[0];
type Handlers = {
  [T in keyof ProtocolMap]?: (
    data: Parameters<ProtocolMap[T]>[0],
  ) => ReturnType<ProtocolMap[T]> | Promise<ReturnType<ProtocolMap[T]>>;
};

/** A background answering from `handlers`, and a browser whose tabs and storage a test moves. */
function fakeBrowser(handlers: Handlers, { tab = 7 }: { tab?: number | null } = {}) {
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
function handlers(overrides: Handlers = {}): Handlers {
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

let container: HTMLElement | undefined;

afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

/** Lets answers arrive and views loaded on first show (lazy-view.tsx: a dynamic import) draw. */
async function settle() {
  for (let i = 0; i < 20; i++) await act(async () => {});
}

/** The background's answer to `panel.open` on tab 7: Ada's page, her profile cached. */
function openedOnAda(): Handlers {
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

async function mount(backend: PanelBackend, firstLook?: StartedFirstLook) {
  container = document.createElement('div');
  document.body.append(container);
  await act(() => render(<PanelApp backend={backend} firstLook={firstLook} />, container!));
  await settle();
  return container;
}

function button(root: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button "${name}" in: ${root.textContent}`);
  return found;
}

async function click(root: HTMLElement, name: string | RegExp) {
  await act(() => button(root, name).click());
  await settle();
}

describe('side panel', () => {
  it('asks a person without a key to open the settings, and nothing else', async () => {
    const { backend, sentOf } = fakeBrowser(
      handlers({ 'settings.get': () => ({ ...CONFIGURED, apiKeySet: false }) }),
    );
    const root = await mount(backend);
    expect(root.querySelector('h1')?.textContent).toBe('Connect to the enrichment service');
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Open settings']);
    await click(root, 'Open settings');
    expect(backend.openOptions).toHaveBeenCalledOnce();
    expect(sentOf('run')).toEqual([]);
  });

  it('quotes before spending, spends on a click, and shows the card', async () => {
    const spent = { today: 14, month: 42, dailyBudget: 200, remainingToday: 186, balance: 8_998 };
    const { backend, sentOf } = fakeBrowser(
      handlers({
        run: ({ policy }) =>
          policy === 'cache-only'
            ? { status: 'not-cached' }
            : answer({ full_name: 'Ada Lovelace' }, { totals: spent }),
      }),
    );
    const root = await mount(backend);
    expect(root.querySelector('h1')?.textContent).toBe('Person on this page');
    // One question when the view opens: quote and cache together; nothing is run.
    // Freshness is always written out: the default, "any age", is the cheapest.
    expect(sentOf('view.open')).toEqual([
      {
        endpointId: 'person.profile',
        params: { profile_url: ADA_URL, use_cache: 'if-present', live_fetch: 'default' },
      },
    ]);
    expect(sentOf('quote')).toEqual([]);
    expect(sentOf('run')).toEqual([]);
    expect(root.textContent).toContain('Person profile: 1');

    await click(root, 'Enrich · 2 credits');
    const runs = sentOf('run');
    expect(runs.map((run) => run.policy)).toEqual(['cache-first']);
    expect(runs[0]).toMatchObject({
      endpointId: 'person.profile',
      params: { profile_url: ADA_URL, use_cache: 'if-present', live_fetch: 'default' },
    });
    expect(runs[0]!.confirmed).toBeUndefined();
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).toContain('fetched just now · 2 credits');
    expect(button(root, 'Refresh · 2 credits')).toBeTruthy();
    // The footer shows the totals the run answered: today's spend and the balance less what was
    // recorded since it was read. The account was asked once, as the panel opened, and not again.
    expect(root.querySelector('.panel-footer p')?.textContent).toBe(
      'Today: 14 of 200 credits · Balance: 8,998 credits',
    );
    expect(sentOf('account.get')).toHaveLength(1);
  });

  it('opens on one question: settings, findings and the cached profile come together', async () => {
    const { backend, sentOf } = fakeBrowser(openedOnAda());
    const root = await mount(backend);
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).toContain('cached just now · 0 credits');
    expect(sentOf('panel.open')).toEqual([{ tabId: 7 }]);
    expect([sentOf('settings.get'), sentOf('findings.get'), sentOf('view.open'), sentOf('run')]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it('takes the first look the page asked before the panel loaded, and asks it once', async () => {
    const { backend, sentOf } = fakeBrowser(openedOnAda());
    const currentTab = vi.spyOn(backend, 'currentTab');
    // What entrypoints/panel-opening.ts does before main.tsx runs, then what main.tsx does.
    startFirstLook(backend);
    const root = await mount(backend, takeFirstLook());
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(sentOf('panel.open')).toEqual([{ tabId: 7 }]);
    expect(currentTab).toHaveBeenCalledTimes(1);
    // Taken once; a first script that runs after the panel started asks nothing.
    expect(takeFirstLook()).toBeUndefined();
    startFirstLook(backend);
    expect(takeFirstLook()).toBeUndefined();
    expect(sentOf('panel.open')).toHaveLength(1);
  });

  it('draws a first look answered while its script loaded in its very first render', async () => {
    const { backend, sentOf } = fakeBrowser(openedOnAda());
    globalThis.panelFirstLook = undefined; // a page of its own: no first look asked yet
    startFirstLook(backend);
    const started = takeFirstLook()!;
    await vi.waitFor(() => expect(started.answered).not.toBeNull());
    container = document.createElement('div');
    document.body.append(container);
    // No effect has run and no answer has been awaited: the profile is in the first render.
    render(<PanelApp backend={backend} firstLook={started} />, container);
    expect(container.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(container.textContent).toContain('cached just now · 0 credits');
    await settle();
    expect(sentOf('panel.open')).toEqual([{ tabId: 7 }]);
    expect([sentOf('settings.get'), sentOf('findings.get'), sentOf('view.open'), sentOf('run')]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    // The footer's balance is still asked, once, after that first render is on screen.
    await vi.waitFor(() => expect(sentOf('account.get')).toHaveLength(1));
  });

  it('says nothing of a balance the service does not give', async () => {
    const { backend } = fakeBrowser(handlers({ 'account.get': () => ({ ...ACCOUNT, balance: null }) }));
    const root = await mount(backend);
    expect(root.querySelector('.panel-footer p')?.textContent).toBe('Today: 12 of 200 credits');
  });

  it('shows a cached answer at once, free, and refreshes it only when asked', async () => {
    const { backend, sentOf } = fakeBrowser(
      handlers({
        run: ({ policy }) =>
          policy === 'cache-only'
            ? answer(
                { full_name: 'Ada Lovelace' },
                { cached: true, ageMs: 3 * 86_400_000, stale: true, credits: 0 },
              )
            : answer({ full_name: 'Ada King' }),
      }),
    );
    const root = await mount(backend);
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).toContain('cached 3 days ago · 0 credits');
    expect(root.querySelector('.badge')?.textContent).toBe('stale');
    expect(sentOf('run')).toHaveLength(0);

    await click(root, 'Refresh · 2 credits');
    expect(sentOf('run')[0]?.policy).toBe('refresh');
    expect(root.querySelector('h2')?.textContent).toBe('Ada King');
  });

  it('confirms past the budget with the same request id, and cancels without spending', async () => {
    const confirmedRuns: RunRequest[] = [];
    const { backend, sentOf } = fakeBrowser(
      handlers({
        run: (request) => {
          if (request.policy === 'cache-only') return { status: 'not-cached' };
          if (!request.confirmed)
            return { status: 'needs-confirmation', quote: { ...QUOTE, max: 30, min: 0 }, remaining: 12 };
          confirmedRuns.push(request);
          return answer({ full_name: 'Ada Lovelace' });
        },
      }),
    );
    const root = await mount(backend);
    await click(root, 'Enrich · 2 credits');
    expect(root.textContent).toContain(
      "This may cost up to 30 credits; 12 left in today's budget. Spend anyway?",
    );
    await click(root, 'Cancel');
    expect(button(root, 'Enrich · 2 credits')).toBeTruthy();
    expect(confirmedRuns).toHaveLength(0);

    await click(root, 'Enrich · 2 credits');
    const asked = sentOf('run').at(-1)!;
    // Spending is quoted here too: the confirmation's button carries the quote.
    await click(root, 'Spend anyway · up to 30 credits');
    expect(confirmedRuns).toHaveLength(1);
    expect(confirmedRuns[0]).toMatchObject({
      requestId: asked.requestId,
      policy: 'cache-first',
      confirmed: true,
    });
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
  });

  it('explains a retryable error and retries the same action with the same request id', async () => {
    let failures = 1;
    const { backend, sentOf } = fakeBrowser(
      handlers({
        run: ({ policy }) => {
          if (policy === 'cache-only') return { status: 'not-cached' };
          if (failures-- > 0)
            return { status: 'error', error: new ApiError('unavailable', { status: 503 }).toJSON() };
          return answer({ full_name: 'Ada Lovelace' });
        },
      }),
    );
    const root = await mount(backend);
    await click(root, 'Enrich · 2 credits');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain(
      'The service could not retrieve this data right now',
    );
    // Trying again may spend: it carries the quote.
    await click(root, 'Try again · 2 credits');
    const [first, retry] = sentOf('run');
    expect(retry?.requestId).toBe(first?.requestId);
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
  });

  it('offers no retry when nothing was found', async () => {
    const { backend } = fakeBrowser(
      handlers({
        run: ({ policy }) =>
          policy === 'cache-only'
            ? { status: 'not-cached' }
            : { status: 'error', error: new ApiError('not-found', { status: 404 }).toJSON() },
      }),
    );
    const root = await mount(backend);
    await click(root, 'Enrich · 2 credits');
    const section = root.querySelector('[aria-labelledby] [role="alert"]')!.closest('section')!;
    expect(section.querySelector('[role="alert"]')?.textContent).toContain('Nothing was found');
    expect(section.querySelector('button')).toBeNull();
  });

  it('says so when the background does not answer, and tries again', async () => {
    let up = false;
    const { backend } = fakeBrowser(
      handlers({
        'settings.get': () => {
          if (!up) throw new Error('Could not establish connection. Receiving end does not exist.');
          return CONFIGURED;
        },
      }),
    );
    const root = await mount(backend);
    expect(root.querySelector('[role="alert"]')?.textContent).toContain(
      "The extension's background could not do this",
    );
    up = true;
    await click(root, 'Try again');
    expect(root.querySelector('h1')?.textContent).toBe('Person on this page');
  });

  it('enriches automatically when asked to, within budget only', async () => {
    const auto = fakeBrowser(handlers({ 'settings.get': () => ({ ...CONFIGURED, autoEnrich: true }) }));
    const root = await mount(auto.backend);
    expect(auto.sentOf('run').map((run) => run.policy)).toEqual(['cache-first']);
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    render(null, root);

    const overBudget = fakeBrowser(
      handlers({
        'settings.get': () => ({ ...CONFIGURED, autoEnrich: true }),
        run: ({ policy, confirmed }) =>
          policy === 'cache-only'
            ? { status: 'not-cached' }
            : confirmed
              ? answer({ full_name: 'Ada Lovelace' })
              : { status: 'needs-confirmation', quote: QUOTE, remaining: 0 },
      }),
    );
    const again = await mount(overBudget.backend);
    expect(overBudget.sentOf('run').every((run) => !run.confirmed)).toBe(true);
    expect(again.textContent).toContain(AUTO_RUN_STOPPED_NOTE);
    expect(again.textContent).not.toContain('Spend anyway');
    expect(button(again, 'Enrich · 2 credits')).toBeTruthy();
  });

  it('never enriches automatically where the price is not published (a code host page, v3)', async () => {
    const { backend, sentOf } = fakeBrowser(
      handlers({
        'settings.get': () => ({ ...CONFIGURED, autoEnrich: true }),
        'findings.get': () => ({
          ...ADA,
          page: { kind: 'codehost', id: 'torvalds', url: 'https://github.com/torvalds' },
        }),
      }),
    );
    const root = await mount(backend);
    expect(sentOf('view.open')).toHaveLength(1);
    expect(sentOf('run')).toEqual([]);
    expect(button(root, 'Enrich · 2 credits')).toBeTruthy();
  });

  it('lists what else the page shows, without the page itself', async () => {
    const { backend } = fakeBrowser(handlers());
    const root = await mount(backend);
    // "Found on this page" is the batch's (entrypoints/sidepanel/batch): only that it is mounted here.
    const found = root.querySelector('[aria-labelledby="found-heading"]')!;
    expect(found.querySelector('h2')?.textContent).toBe('Found on this page 2');
    const rows = [...found.querySelectorAll('.found-rows li')].map((li) => li.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Analytical Engines');
    expect(rows[1]).toContain('ada@example.com');
    expect(found.textContent).not.toContain('background could not do this');
  });

  it('never shows the previous page after a navigation, nor a late answer for it', async () => {
    let findings: Findings | null = ADA;
    let answerAda: (result: RunResult) => void = () => {};
    const { backend, findingsChanged } = fakeBrowser(
      handlers({
        'findings.get': () => findings,
        run: ({ policy, params }) => {
          if (policy === 'cache-only') return { status: 'not-cached' };
          if (params.profile_url === ADA_URL)
            return new Promise<RunResult>((resolve) => (answerAda = resolve));
          return answer({ name: 'Acme' });
        },
      }),
    );
    const root = await mount(backend);
    await click(root, 'Enrich · 2 credits');
    expect(root.textContent).toContain('Enriching…');

    // The tab navigates: the background removes the findings, then the new page reports its own.
    findings = null;
    await findingsChanged(7);
    await settle();
    expect(root.textContent).toContain('This page has not been read');
    expect(root.textContent).not.toContain('Person on this page');

    findings = ACME;
    await findingsChanged(7);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Company on this page');
    await act(() => answerAda(answer({ full_name: 'Ada Lovelace' })));
    await settle();
    expect(root.textContent).not.toContain('Ada Lovelace');
  });

  it('follows the person to another tab', async () => {
    const { backend, switchTo, sentOf } = fakeBrowser(
      handlers({ 'findings.get': ({ tabId }) => (tabId === 7 ? ADA : tabId === 8 ? ACME : null) }),
    );
    const root = await mount(backend);
    expect(root.querySelector('h1')?.textContent).toBe('Person on this page');
    await switchTo(8);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Company on this page');
    expect(sentOf('view.open').at(-1)).toEqual({
      endpointId: 'company.profile',
      params: { url: ACME_URL, use_cache: 'if-present', live_fetch: 'default' },
    });
    await switchTo(9);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('This page has not been read');
  });

  it('asks the service nothing for an address it would refuse', async () => {
    const hashed = 'ACoAAAbcdefghijklmnopqrstu';
    const { backend, sentOf } = fakeBrowser(
      handlers({
        'findings.get': () => ({
          ...ADA,
          page: { kind: 'person', id: hashed, url: `https://www.linkedin.com/in/${hashed}` },
        }),
      }),
    );
    const root = await mount(backend);
    expect(root.textContent).toContain("This page's address does not name the person's public profile");
    expect(sentOf('run')).toEqual([]);
    expect(sentOf('quote')).toEqual([]);
    expect(sentOf('view.open')).toEqual([]);
  });

  it('enriches each kind of page with its own endpoint', async () => {
    const cases: [Findings['page'], string, Record<string, string>][] = [
      [
        { kind: 'school', id: 'mit', url: 'https://www.linkedin.com/school/mit' },
        'school.profile',
        { url: 'https://www.linkedin.com/school/mit', use_cache: 'if-present', live_fetch: 'default' },
      ],
      [
        { kind: 'job', id: '123', url: 'https://www.linkedin.com/jobs/view/123' },
        'job.profile',
        { url: 'https://www.linkedin.com/jobs/view/123' },
      ],
      [
        { kind: 'social', id: 'zuck', url: 'https://www.facebook.com/zuck' },
        'person.profile',
        {
          social_profile_url: 'https://www.facebook.com/zuck',
          use_cache: 'if-present',
          live_fetch: 'default',
        },
      ],
      [
        { kind: 'microblog', id: 'jack', url: 'https://x.com/jack' },
        'person.profile',
        { microblog_profile_url: 'https://x.com/jack', use_cache: 'if-present', live_fetch: 'default' },
      ],
      [
        { kind: 'codehost', id: 'torvalds', url: 'https://github.com/torvalds' },
        // v3 has no use_cache: "any age" sets no maximum age.
        'person.v3',
        { codehost: 'https://github.com/torvalds' },
      ],
    ];
    for (const [page, endpointId, params] of cases) {
      const { backend, sentOf } = fakeBrowser(handlers({ 'findings.get': () => ({ ...ADA, page }) }));
      const root = await mount(backend);
      expect(sentOf('view.open')[0]).toEqual({ endpointId, params });
      render(null, root);
    }
  });
});

describe('side panel: forgetting the profile shown', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    fakeWebExtension.reset();
  });

  /**
   * Ada's page with her profile enriched automatically and the context menu's lookup of another
   * address open above it. The background forgets her (her page's findings go with her) and keeps
   * the other lookup, which names someone else.
   */
  function withEverySectionOpen() {
    let forgotten = false;
    const browser = fakeBrowser(
      handlers({
        'settings.get': () => ({ ...CONFIGURED, autoEnrich: true }),
        'findings.get': ({ tabId }) => (tabId === 7 && !forgotten ? ADA : null),
        run: ({ policy, endpointId }) =>
          policy === 'cache-only' && (forgotten || endpointId !== 'email.lookup')
            ? { status: 'not-cached' }
            : endpointId === 'email.lookup'
              ? answer({ url: 'https://www.linkedin.com/in/grace', profile: { full_name: 'Grace Hopper' } })
              : answer({ full_name: 'Ada Lovelace' }),
        forget: () => {
          forgotten = true;
          return { removed: 5 };
        },
      }),
    );
    return browser;
  }

  it('asks the service nothing more, and shows her forgotten', async () => {
    await storage.setItem(EMAIL_LOOKUP_ITEM_KEY, {
      requestId: 'menu-lookup-0001',
      email: 'grace@example.com',
      selection: 'grace@example.com',
      params: { email: 'grace@example.com', lookup_depth: 'deep', enrich_profile: 'enrich' },
      at: 1,
    });
    const { backend, sentOf, findingsChanged } = withEverySectionOpen();
    // A reload draws the panel afresh, as the browser would: every view opens again.
    vi.spyOn(window.location, 'reload').mockImplementation(() => {
      render(null, container!);
      render(<PanelApp backend={backend} />, container!);
    });
    const root = await mount(backend);
    expect(root.textContent).toContain('Grace Hopper');
    expect(root.textContent).toContain('Ada Lovelace');
    const runsBefore = sentOf('run').length;
    const quotesBefore = sentOf('view.open').length;

    await click(root, 'Forget this profile');
    await findingsChanged(7);
    await settle();

    expect(sentOf('forget')).toEqual([{ subject: ADA_URL }]);
    // Not one request more: no view asked again, joined again or enriched again on its own.
    expect(sentOf('run').slice(runsBefore)).toEqual([]);
    expect(sentOf('view.open').slice(quotesBefore)).toEqual([]);
    expect(root.textContent).toContain('Forgotten');
    expect(root.textContent).not.toContain('Ada Lovelace');
    // The other lookup, about someone else, is still shown as it was.
    expect(root.textContent).toContain('Grace Hopper');
    expect([...root.querySelectorAll('button')].filter((b) => /credit/.test(b.textContent ?? ''))).toEqual(
      [],
    );
  });

  it('shows her page again only when asked, and never enriches it on its own then', async () => {
    const { backend, sentOf } = withEverySectionOpen();
    const root = await mount(backend);
    await click(root, 'Forget this profile');
    const runsBefore = sentOf('run').length;
    // The page reports itself again (a reload of the tab): it stays forgotten.
    await click(root, "Show this page's profile again");
    expect(
      sentOf('run')
        .slice(runsBefore)
        .filter((run) => run.policy !== 'cache-only'),
    ).toEqual([]);
  });
});

describe('side panel: a page not read yet', () => {
  const TEAM_URL = 'https://www.example-company.test/team';
  /** What the content script reports for a company's team page once it is injected. */
  const TEAM: Findings = {
    pageUrl: TEAM_URL,
    page: null,
    profiles: [
      { kind: 'person', id: 'grace', url: 'https://www.linkedin.com/in/grace', label: 'Grace Hopper' },
    ],
    emails: ['jobs@example-company.test'],
    scannedAt: 3,
  };

  /** Tab 9 shows a page outside the networks' hosts: nothing reported until it is scanned. */
  function unreadTab(scan: Handlers['tab.scan']) {
    let findings: Findings | null = null;
    const browser = fakeBrowser(
      handlers({
        'findings.get': ({ tabId }) => (tabId === 9 ? findings : ADA),
        'tab.scan': scan,
      }),
      { tab: 9 },
    );
    return {
      ...browser,
      /** The injected scanner reports: the background stores its findings and storage tells the panel. */
      reported: async () => {
        findings = TEAM;
        await browser.findingsChanged(9);
        await settle();
      },
    };
  }

  it('offers to scan the page, saying why it asks nothing more, and spends nothing', async () => {
    const { backend, sentOf } = unreadTab(() => ({ ok: true }));
    const root = await mount(backend);
    expect(root.querySelector('h1')?.textContent).toBe('This page has not been read');
    expect(button(root, 'Scan this page for profiles').disabled).toBe(false);
    expect(root.textContent).toContain(
      'It reads this page once, because you asked, so it needs no other permission.',
    );
    expect(sentOf('tab.scan')).toEqual([]);
    expect(sentOf('quote')).toEqual([]);
    expect(sentOf('view.open')).toEqual([]);
    expect(sentOf('run')).toEqual([]);
  });

  it('scans the tab when asked, then shows what the page links to', async () => {
    const { backend, sentOf, reported } = unreadTab(() => ({ ok: true }));
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    expect(sentOf('tab.scan')).toEqual([{ tabId: 9 }]);
    expect(root.textContent).toContain('Reading this page…');
    expect(button(root, 'Scan this page for profiles').disabled).toBe(true);

    await reported();
    expect(root.querySelector('h1')?.textContent).toBe('No profile on this page');
    const found = root.querySelector('[aria-labelledby="found-heading"]')!;
    expect(found.querySelector('h2')?.textContent).toBe('Found on this page 2');
    expect(found.textContent).toContain('Grace Hopper');
    expect(found.textContent).toContain('jobs@example-company.test');
    expect(root.textContent).not.toContain('Scan this page');
  });

  it('says to click the toolbar button when the browser gives no access, and nothing else', async () => {
    const { backend, sentOf } = unreadTab(() => ({ ok: false, reason: 'no-access' }));
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(
      "The browser did not let the extension read this pageClick the extension's toolbar button on this page, then scan again.",
    );
    // Pressed again after the click on the toolbar button: the scan is asked for again.
    expect(button(root, 'Scan this page for profiles').disabled).toBe(false);
    await click(root, 'Scan this page for profiles');
    expect(sentOf('tab.scan')).toHaveLength(2);
  });

  it.each([
    ['browser-page', 'The browser does not let extensions read this page'],
    ['tab-gone', 'This tab has been closed'],
  ] as const)('words a %s refusal plainly', async (reason, title) => {
    const { backend } = unreadTab(() => ({ ok: false, reason }));
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    expect(root.querySelector('[role="alert"] .notice-title')?.textContent).toBe(title);
  });

  it('says so when the background does not answer', async () => {
    const { backend } = unreadTab(() => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    expect(root.querySelector('[role="alert"] .notice-title')?.textContent).toBe(
      "The extension's background could not do this",
    );
  });

  it('says so when the scanner ran but nothing came back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { backend } = unreadTab(() => ({ ok: true }));
      const root = await mount(backend);
      await click(root, 'Scan this page for profiles');
      await act(() => {
        vi.advanceTimersByTime(SCAN_REPORT_WAIT_MS - 1);
      });
      expect(root.textContent).toContain('Reading this page…');
      await act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(root.querySelector('[role="alert"]')?.textContent).toBe(
        'Nothing came back from this pageReload the page, then scan again.',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a refusal when the person switches to another tab and back', async () => {
    const { backend, switchTo } = unreadTab(() => ({ ok: false, reason: 'no-access' }));
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    expect(root.querySelector('[role="alert"]')).not.toBeNull();
    await switchTo(7);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Person on this page');
    await switchTo(9);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('This page has not been read');
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('side panel: the profile in full, as the person chooses it', () => {
  /** Quotes as the Limits table would: base 1, +1 if-recent, +9 live, extra +1 only if found. */
  function quoteOf(endpointId: string, params: Record<string, unknown>): Quote {
    if (endpointId === 'person.v3')
      return { min: null, max: null, lines: ['Credit cost of v3 endpoints is not published'] };
    const min = 1 + (params.use_cache === 'if-recent' ? 1 : 0) + (params.live_fetch === 'force' ? 9 : 0);
    return { min, max: min + (params.extra === 'include' ? 1 : 0), lines: [] };
  }

  /** A cache keyed as lib/background/cache.ts keys it: freshness params left out. */
  function cacheKey(endpointId: string, params: Record<string, unknown>): string {
    const { use_cache: _u, live_fetch: _l, maxAgeSeconds: _m, ...rest } = params;
    return JSON.stringify([endpointId, Object.entries(rest).sort()]);
  }

  function profileBackend(overrides: Handlers = {}, cached: Record<string, unknown> = {}) {
    const cache = new Map(Object.entries(cached));
    return fakeBrowser(
      handlers({
        quote: ({ endpointId, params }) => ({ ok: true, quote: quoteOf(endpointId, params) }),
        run: ({ endpointId, params, policy }) => {
          const key = cacheKey(endpointId, params);
          if (policy !== 'refresh' && cache.has(key))
            return answer(cache.get(key), { cached: true, credits: 0, ageMs: 2 * 86_400_000 });
          if (policy === 'cache-only') return { status: 'not-cached' };
          const data =
            endpointId === 'person.v3'
              ? {
                  fullName: 'Ada Lovelace',
                  socialPresence: { followersCountTimeseries: [{ date: '2024-01-01', value: 3 }] },
                }
              : {
                  full_name: 'Ada Lovelace',
                  ...(params.skills === 'include' ? { skills: ['analysis'] } : {}),
                };
          cache.set(key, data);
          return answer(data, { credits: quoteOf(endpointId, params).min });
        },
        ...overrides,
      }),
    );
  }

  const ADA_KEY = cacheKey('person.profile', { profile_url: ADA_URL });

  /** The v3 view's module loads on first use (a dynamic import): wait for what it draws. */
  async function drawn(root: HTMLElement, selector: string): Promise<Element> {
    for (let i = 0; i < 100 && !root.querySelector(selector); i++) {
      await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
    }
    const found = root.querySelector(selector);
    if (!found) throw new Error(`"${selector}" never drawn in: ${root.textContent}`);
    return found;
  }

  async function choose(root: HTMLElement, freshness: string) {
    const select = [...root.querySelectorAll('select')].find(
      (s) => root.querySelector(`label[for="${s.id}"]`)?.textContent === 'Freshness',
    )!;
    select.value = freshness;
    await act(() => {
      select.dispatchEvent(new Event('change'));
    });
    await settle();
  }

  async function tick(root: HTMLElement, label: string) {
    const box = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) =>
      root.querySelector(`label[for="${input.id}"]`)?.textContent?.startsWith(label),
    )!;
    box.checked = !box.checked;
    await act(() => {
      box.dispatchEvent(new Event('change'));
    });
    await settle();
  }

  it('starts from the freshness setting, and the quote follows the choice before anything is spent', async () => {
    const { backend, sentOf } = profileBackend({
      'settings.get': () => ({ ...CONFIGURED, profileFreshness: 'live' }),
    });
    const root = await mount(backend);
    expect(sentOf('view.open')[0]?.params).toEqual({
      profile_url: ADA_URL,
      use_cache: 'if-present',
      live_fetch: 'force',
    });
    expect(button(root, 'Enrich · 10 credits')).toBeTruthy();
    await choose(root, 'if-recent');
    expect(sentOf('view.open').at(-1)?.params).toEqual({
      profile_url: ADA_URL,
      use_cache: 'if-recent',
      live_fetch: 'default',
    });
    expect(button(root, 'Enrich · 2 credits')).toBeTruthy();
    await choose(root, 'if-present');
    expect(button(root, 'Enrich · 1 credit')).toBeTruthy();
    expect(sentOf('run')).toEqual([]);
  });

  it('keeps a cached answer on screen whatever the freshness, and refreshes with the one chosen', async () => {
    const { backend, sentOf } = profileBackend({}, { [ADA_KEY]: { full_name: 'Ada Lovelace' } });
    const root = await mount(backend);
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).toContain('cached 2 days ago · 0 credits');
    await choose(root, 'if-recent');
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).not.toContain('Shown: the answer without');
    await click(root, 'Refresh · 2 credits');
    expect(sentOf('run').at(-1)).toMatchObject({
      policy: 'refresh',
      params: { profile_url: ADA_URL, use_cache: 'if-recent', live_fetch: 'default' },
    });
    expect(root.textContent).toContain('fetched just now · 2 credits');
  });

  it('asks with the options chosen, keeping the earlier answer on screen until then', async () => {
    const { backend, sentOf } = profileBackend({}, { [ADA_KEY]: { full_name: 'Ada Lovelace' } });
    const root = await mount(backend);
    await tick(root, 'Skills');
    expect(sentOf('view.open').at(-1)?.params).toEqual({
      profile_url: ADA_URL,
      skills: 'include',
      use_cache: 'if-present',
      live_fetch: 'default',
    });
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).toContain('Shown: the answer without the options chosen below.');
    await tick(root, 'Extra details');
    await click(root, 'Enrich · 1–2 credits');
    expect(sentOf('run').at(-1)).toMatchObject({
      policy: 'cache-first',
      params: { extra: 'include', skills: 'include' },
    });
    expect(root.textContent).not.toContain('Shown: the answer without');
    const headings = [...root.querySelectorAll('h3')].map((h) => h.textContent);
    expect(headings).toContain('Skills');
    // Asked for and not in the answer: said so, and it cost nothing.
    expect(headings).toContain('Extra details');
    expect(root.textContent).toContain('Not available for this profile; nothing was charged for it.');
  });

  it('opens the v3 view only on request, which spends nothing, and draws its charts', async () => {
    const { backend, sentOf } = profileBackend();
    const root = await mount(backend);
    expect(sentOf('view.open').map((open) => open.endpointId)).toEqual(['person.profile']);
    await click(root, 'Open the v3 profile');
    expect(sentOf('view.open').at(-1)).toEqual({ endpointId: 'person.v3', params: { profile: ADA_URL } });
    expect(sentOf('run')).toEqual([]);
    const v3 = [...root.querySelectorAll('section')].find(
      (s) => s.querySelector('h2')?.textContent === 'v3 profile',
    )!;
    await click(v3, 'Enrich · cost not published');
    expect((await drawn(v3, 'h3.profile-name')).textContent).toBe('Ada Lovelace');
    expect(v3.textContent).toContain('fetched just now · cost not published');
    expect(v3.querySelector('svg[role="img"]')).not.toBeNull();
  });

  it('after a v3 409, offers to accept the older copy and asks again with a larger maximum age', async () => {
    let refused = false;
    const { backend, sentOf } = profileBackend({
      'settings.get': () => ({ ...CONFIGURED, profileFreshness: 'if-recent' }),
      run: ({ endpointId, params, policy }) => {
        if (policy === 'cache-only') return { status: 'not-cached' };
        if (endpointId === 'person.v3' && Number(params.maxAgeSeconds) < 40 * 86_400) {
          refused = true;
          return {
            status: 'error',
            error: new ApiError('stale', { status: 409, cachedProfileAgeSeconds: 40 * 86_400 }).toJSON(),
          };
        }
        return answer({ fullName: 'Ada Lovelace' }, { credits: null });
      },
    });
    const root = await mount(backend);
    await click(root, 'Open the v3 profile');
    await click(root, 'Enrich · cost not published');
    expect(refused).toBe(true);
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Only a copy of this profile 40 days old is available');
    expect(alert.textContent).toContain('accept older data by raising the maximum age');
    await click(root, 'Accept a copy 40 days old · cost not published');
    expect(sentOf('run').at(-1)?.params).toEqual({ profile: ADA_URL, maxAgeSeconds: 40 * 86_400 + 3600 });
    expect((await drawn(root, 'h3.profile-name')).textContent).toBe('Ada Lovelace');
  });

  it.each([
    ['auth', {}, 'The service refused the API key', 'Check the API key in Settings', ['Open settings']],
    ['credits', {}, 'Your account has no credits left', 'Top up your balance', ['Try again · 1 credit']],
    [
      'rate-limited',
      { retryAfterSeconds: 30 },
      'Too many requests',
      'Wait 30 seconds, then try again',
      // Counts down, and keeps its price while it waits.
      ['Try again in 30 s · 1 credit'],
    ],
    ['not-found', {}, 'Nothing was found', 'Nothing was charged', []],
    ['server', {}, 'The service had an internal error', 'Try again in a moment', ['Try again · 1 credit']],
    [
      'unavailable',
      {},
      'could not retrieve this data right now',
      'Try again in a moment',
      ['Try again · 1 credit'],
    ],
    ['network', {}, 'The service could not be reached', 'Check your connection', ['Try again · 1 credit']],
    ['timeout', {}, 'The service took too long to answer', 'Try again', ['Try again · 1 credit']],
    ['schema', { path: 'experiences.0.title' }, 'does not understand', 'Field experiences.0.title', []],
    [
      'invalid',
      { param: 'profile_url' },
      'The value of “profile_url” is not accepted',
      'Correct what you entered',
      [],
    ],
  ] as const)(
    'a %s error says what happened and what helps',
    async (kind, details, title, action, buttons) => {
      const { backend } = profileBackend({
        run: ({ policy }) =>
          policy === 'cache-only'
            ? { status: 'not-cached' }
            : { status: 'error', error: new ApiError(kind, details).toJSON() },
      });
      const root = await mount(backend);
      await click(root, 'Enrich · 1 credit');
      const alert = root.querySelector('[role="alert"]') as HTMLElement;
      expect(alert.textContent).toContain(title);
      expect(alert.textContent).toContain(action);
      expect([...alert.querySelectorAll('button')].map((b) => b.textContent)).toEqual(buttons);
    },
  );

  it('copies the answer as JSON', async () => {
    const { backend } = profileBackend({}, { [ADA_KEY]: { full_name: 'Ada Lovelace', headline: 'Analyst' } });
    const copied: string[] = [];
    backend.copyText = async (text) => {
      copied.push(text);
    };
    const root = await mount(backend);
    await click(root, 'Copy as JSON');
    expect(copied.map((text) => JSON.parse(text))).toEqual([
      { full_name: 'Ada Lovelace', headline: 'Analyst' },
    ]);
    expect(root.textContent).toContain('Copied');
  });

  it('hands an enriched company to what the panel mounts under it', async () => {
    const under = vi.fn(() => null);
    const { backend } = profileBackend(
      {},
      {
        [cacheKey('company.profile', { url: ACME_URL })]: {
          name: 'Acme',
          search_id: '1035',
          website: 'https://www.acme.example/about',
        },
      },
    );
    container = document.createElement('div');
    document.body.append(container);
    await act(() =>
      render(
        <PageProfile
          backend={backend}
          profile={ACME.page!}
          settings={CONFIGURED}
          onSpent={() => {}}
          under={under}
        />,
        container!,
      ),
    );
    await settle();
    expect(under).toHaveBeenLastCalledWith({
      kind: 'company',
      company: { url: ACME_URL, name: 'Acme', searchId: '1035', domain: 'acme.example' },
    });
  });
});

describe('side panel imports', () => {
  const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  /** Modules that bring zod (or the background's validation) into whatever imports them at runtime. */
  const BACKGROUND_ONLY = [
    'lib/background/messages/index.ts',
    'lib/background/settings-schema.ts',
    'lib/api/endpoints.ts',
    'lib/api/params.ts',
    'lib/api/schemas.ts',
    'lib/api/error-reading.ts',
    'lib/background/credits.ts',
  ];

  /** A file's imports that stay in the bundle (`import type` ones vanish). */
  function runtimeImports(file: string): string[] {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const statements = [
      ...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\bfrom\s*)?['"]([^'"]+)['"]/gm),
    ];
    const dynamic = [...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
      ([, specifier = '']) => specifier,
    );
    return [
      ...statements.filter(([, type]) => type === undefined).map(([, , specifier = '']) => specifier),
      ...dynamic,
    ];
  }

  function projectFile(from: string, specifier: string): string | undefined {
    const base = specifier.startsWith('@/')
      ? join(ROOT, specifier.slice(2))
      : specifier.startsWith('.')
        ? resolve(ROOT, dirname(from), specifier)
        : undefined;
    if (!base) return undefined;
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find(
      (file) => existsSync(file) && statSync(file).isFile(),
    );
    if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
    return relative(ROOT, found);
  }

  it('bring no zod into the panel, through any module it loads', () => {
    const loaded = new Set<string>();
    const packages: string[] = [];
    const pending = ['entrypoints/sidepanel/main.tsx'];
    for (let file = pending.pop(); file; file = pending.pop()) {
      if (loaded.has(file)) continue;
      loaded.add(file);
      for (const specifier of runtimeImports(file)) {
        const target = projectFile(file, specifier);
        if (!target) packages.push(specifier);
        else if (/\.tsx?$/.test(target)) pending.push(target);
      }
    }
    // The views of every profile kind are in it.
    expect(loaded).toContain('entrypoints/sidepanel/profile/PersonV3View.tsx');
    expect(loaded).toContain('components/profile/CompanyView.tsx');
    expect(packages.filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    expect([...loaded].filter((file) => BACKGROUND_ONLY.includes(file))).toEqual([]);
  });
});
