/**
 * "Found on this page" as a person uses it (entrypoints/sidepanel/batch), rendered in happy-dom
 * with a stand-in for the background: each row's cached state and quoted action from one peek, the
 * selection and its one total quote, the batch started in the background and followed while it
 * runs, Cancel, an interrupted row, and the company looked up by its domain.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelBackend } from '../../../../../entrypoints/sidepanel/App';
import { FoundOnPageBatch } from '../../../../../entrypoints/sidepanel/batch/FoundOnPageBatch';
import { BATCH_POLL_MS } from '../../../../../entrypoints/sidepanel/batch/useFoundOnPage';
import type {
  BatchItemView,
  BatchView,
  Findings,
  InterruptedCall,
  PeekRow,
  ProtocolMap,
  PublicSettings,
  Quote,
} from '../../../../../lib/protocol';
import { DEFAULT_SETTINGS } from '../../../../../lib/settings';
import { waitFor } from '../../../../support/wait-for';

const { apiKey: _noKey, ...defaults } = DEFAULT_SETTINGS;
const SETTINGS: PublicSettings = {
  ...defaults,
  baseUrlV2: 'https://api.example.com',
  baseUrlV3: 'https://api.example.com',
  onboarded: true,
  hubTokenSet: false,
  hubTokenHint: '',
  apiKeySet: true,
  apiKeyHint: 'wxyz',
};

const TWO: Quote = { min: 2, max: 2, lines: ['Person profile: 1', 'use_cache=if-recent: +1'] };
const THREE: Quote = { min: 3, max: 3, lines: ['Reverse email lookup: 3'] };

const PAGE_URL = 'https://www.linkedin.com/company/analytical';
const FINDINGS: Findings = {
  pageUrl: PAGE_URL,
  page: { kind: 'company', id: 'analytical', url: PAGE_URL },
  profiles: [
    { kind: 'company', id: 'analytical', url: PAGE_URL },
    { kind: 'person', id: 'ada', url: 'https://www.linkedin.com/in/ada', label: 'Ada Lovelace' },
    { kind: 'person', id: 'charles', url: 'https://www.linkedin.com/in/charles', label: 'Charles Babbage' },
    { kind: 'person', id: 'mary', url: 'https://www.linkedin.com/in/mary', label: 'Mary Somerville' },
  ],
  emails: ['ada@example.com'],
  scannedAt: 1,
};

type Handlers = {
  [T in keyof ProtocolMap]?: (
    data: Parameters<ProtocolMap[T]>[0],
  ) => ReturnType<ProtocolMap[T]> | Promise<ReturnType<ProtocolMap[T]>>;
};

function backendOf(handlers: Handlers) {
  const sent: { type: string; data: unknown }[] = [];
  let ids = 0;
  const backend: PanelBackend = {
    ask: (async (type: keyof ProtocolMap, data: unknown) => {
      sent.push({ type, data });
      const handler = handlers[type] as ((data: unknown) => unknown) | undefined;
      if (!handler)
        throw new Error(`Could not establish connection. Receiving end does not exist. (${type})`);
      return handler(data);
    }) as PanelBackend['ask'],
    newRequestId: () => `request-${++ids}-0000`,
    currentTab: async () => 7,
    onTabSwitch: () => () => {},
    watchFindings: () => () => {},
    onSettingsChange: () => () => {},
    openOptions: () => {},
    openLists: () => {},
    openChanges: () => {},
  };
  return {
    backend,
    sentOf: <T extends keyof ProtocolMap>(type: T) =>
      sent.filter((message) => message.type === type).map((m) => m.data as Parameters<ProtocolMap[T]>[0]),
  };
}

/** Ada is cached (0 credits); the others are not. */
function peekOf({ requests }: Parameters<ProtocolMap['batch.peek']>[0]) {
  const rows = requests.map((request): PeekRow => {
    if (request.endpointId === 'email.lookup') return { ok: true, quote: THREE, cached: null };
    const cached = String(request.params.profile_url).endsWith('/ada');
    return {
      ok: true,
      quote: TWO,
      cached: cached
        ? {
            fetchedAt: 0,
            ageMs: 3 * 86_400_000,
            stale: false,
            answer: { title: 'Ada Lovelace', detail: 'Analyst' },
          }
        : null,
    };
  });
  return { rows, total: { min: 7, max: 7, lines: [] }, remainingToday: 200 };
}

let container: HTMLElement | undefined;
afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

async function settle() {
  for (let i = 0; i < 8; i++) await act(async () => {});
}

async function mount(backend: PanelBackend, findings = FINDINGS) {
  container = document.createElement('div');
  document.body.append(container);
  let spent = 0;
  await act(() =>
    render(
      <FoundOnPageBatch
        backend={backend}
        findings={findings}
        tabId={7}
        settings={SETTINGS}
        onSpent={() => {
          spent += 1;
        }}
      />,
      container!,
    ),
  );
  await settle();
  return { root: container, spent: () => spent };
}

/** A control's accessible name as a screen reader reads it (text, hidden text included). */
const nameOf = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();

function buttonNamed(root: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? nameOf(b) === name : name.test(nameOf(b)),
  );
  if (!found) throw new Error(`no button "${name}" in: ${[...root.querySelectorAll('button')].map(nameOf)}`);
  return found;
}

function checkbox(root: HTMLElement, name: string): HTMLInputElement {
  const found = [...root.querySelectorAll('input[type=checkbox]')].find(
    (input) => input.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`no checkbox "${name}"`);
  return found as HTMLInputElement;
}

async function tick(root: HTMLElement, input: HTMLInputElement) {
  await act(() => {
    input.click();
  });
  await settle();
  return root;
}

function item(
  key: string,
  label: string,
  status: BatchItemView['status'],
  extra: Partial<BatchItemView> = {},
) {
  return {
    key,
    label,
    endpointId: 'person.profile' as const,
    status,
    quote: TWO,
    credits: status === 'done' ? 2 : null,
    cached: false,
    answer: status === 'done' ? { title: label } : null,
    error: null,
    interrupted: null,
    ...extra,
  };
}

function batchOf(items: BatchItemView[], extra: Partial<BatchView> = {}): BatchView {
  const asked = items.filter((i) => ['done', 'failed', 'interrupted'].includes(i.status)).length;
  return {
    id: 'batch-1',
    tabId: 7,
    pageUrl: PAGE_URL,
    status: 'running',
    cancelRequested: false,
    createdAt: 1,
    items,
    asked,
    spent: items.reduce((sum, i) => sum + (i.credits ?? 0), 0),
    quote: { min: 4, max: 4, lines: [] },
    stopReason: null,
    ...extra,
  };
}

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('Found on this page, with enriching', () => {
  it('shows every row from one peek: cached ones at 0 credits, the others with their own quoted action', async () => {
    const { backend, sentOf } = backendOf({ 'batch.peek': peekOf, 'batch.get': () => null });
    const { root } = await mount(backend);
    expect(root.querySelector('h2')?.textContent).toContain('Found on this page');
    expect([...root.querySelectorAll('h3')].map((h) => h.textContent?.replace(/\s*\d+$/, ''))).toEqual([
      'People',
      'E-mail addresses',
    ]);
    // One message for every row: not one per row.
    expect(sentOf('batch.peek')).toHaveLength(1);
    expect(sentOf('batch.peek')[0]!.requests).toHaveLength(4);
    expect(sentOf('view.open')).toHaveLength(0);
    expect(root.textContent).toContain('cached 3 days ago · 0 credits');
    expect(buttonNamed(root, 'Refresh Ada Lovelace · 2 credits')).toBeTruthy();
    expect(buttonNamed(root, 'Enrich Charles Babbage · 2 credits')).toBeTruthy();
    expect(buttonNamed(root, 'Enrich ada@example.com · 3 credits')).toBeTruthy();
    // The page's own company is not listed again.
    expect(root.textContent).not.toContain('analytical');
  });

  it('totals the selection on the one batch button, and starts the batch in the background', async () => {
    let started: Parameters<ProtocolMap['batch.start']>[0] | undefined;
    const { backend } = backendOf({
      'batch.peek': peekOf,
      'batch.get': () => null,
      'batch.start': (data) => {
        started = data;
        return {
          status: 'started',
          batch: batchOf(data.items.map((i) => item(i.key, i.label, 'queued'))),
        };
      },
    });
    const { root } = await mount(backend);
    expect(buttonNamed(root, 'Enrich 0 selected · 0 credits').disabled).toBe(true);
    await tick(root, checkbox(root, 'Select Charles Babbage'));
    await tick(root, checkbox(root, 'Select ada@example.com'));
    // A cached row adds nothing to the total.
    await tick(root, checkbox(root, 'Select Ada Lovelace'));
    const start = buttonNamed(root, 'Enrich 3 selected · 5 credits');
    await act(() => start.click());
    await settle();
    expect(started?.items.map((i) => [i.key, i.endpointId, i.params])).toEqual([
      // Profiles carry the person's freshness explicitly (the default: any age).
      [
        'person:ada',
        'person.profile',
        { profile_url: 'https://www.linkedin.com/in/ada', use_cache: 'if-present', live_fetch: 'default' },
      ],
      [
        'person:charles',
        'person.profile',
        {
          profile_url: 'https://www.linkedin.com/in/charles',
          use_cache: 'if-present',
          live_fetch: 'default',
        },
      ],
      ['email:ada@example.com', 'email.lookup', { email: 'ada@example.com' }],
    ]);
    expect(started).toMatchObject({ tabId: 7, pageUrl: PAGE_URL, confirmed: false });
    expect(root.textContent).toContain('Enriching 1 of 3 · 0 credits so far');
  });

  it('asks before a batch past the daily budget, and starts it confirmed', async () => {
    const starts: Parameters<ProtocolMap['batch.start']>[0][] = [];
    const { backend } = backendOf({
      'batch.peek': peekOf,
      'batch.get': () => null,
      'batch.start': (data) => {
        starts.push(data);
        if (!data.confirmed)
          return { status: 'needs-confirmation', quote: { min: 4, max: 4, lines: [] }, remaining: 1 };
        return { status: 'started', batch: batchOf(data.items.map((i) => item(i.key, i.label, 'queued'))) };
      },
    });
    const { root } = await mount(backend);
    await tick(root, checkbox(root, 'Select Charles Babbage'));
    await tick(root, checkbox(root, 'Select Mary Somerville'));
    await act(() => buttonNamed(root, 'Enrich 2 selected · 4 credits').click());
    await settle();
    expect(root.textContent).toContain('This may cost up to 4 credits; 1 left in today');
    await act(() => buttonNamed(root, 'Spend anyway · 4 credits').click());
    await settle();
    expect(starts.map((s) => s.confirmed)).toEqual([false, true]);
  });

  it('follows a running batch, cancels it, and shows how it ended', async () => {
    let view = batchOf([
      item('person:charles', 'Charles Babbage', 'done'),
      item('person:mary', 'Mary Somerville', 'running'),
    ]);
    const cancels: string[] = [];
    const { backend } = backendOf({
      'batch.peek': peekOf,
      'batch.get': () => view,
      'batch.cancel': ({ batchId }) => {
        cancels.push(batchId);
        view = { ...view, cancelRequested: true };
        return view;
      },
    });
    const { root, spent } = await mount(backend);
    expect(root.textContent).toContain('Enriching 2 of 2 · 2 credits so far');
    const progress = root.querySelector('progress')!;
    expect([progress.getAttribute('value'), progress.getAttribute('max')]).toEqual(['1', '2']);
    expect(checkbox(root, 'Select ada@example.com')).toBeTruthy();
    expect(() => checkbox(root, 'Select Mary Somerville')).toThrow();

    await act(() => buttonNamed(root, 'Cancel').click());
    await settle();
    expect(cancels).toEqual(['batch-1']);
    expect(root.textContent).toContain('Cancelling: the call in flight finishes and is paid');

    view = batchOf(
      [item('person:charles', 'Charles Babbage', 'done'), item('person:mary', 'Mary Somerville', 'done')],
      { status: 'cancelled', cancelRequested: true },
    );
    await wait(BATCH_POLL_MS * 2);
    await settle();
    expect(root.textContent).toContain('Cancelled: 2 of 2 asked · 4 credits');
    expect(spent()).toBeGreaterThan(0);
  });

  it('shows an interrupted row with what it cost, and asking again is a new, quoted action', async () => {
    const call: InterruptedCall = {
      requestId: 'r-1',
      endpointId: 'person.profile',
      reason: 'worker',
      credits: 2,
      range: { min: 2, max: 2 },
      settled: true,
      quote: TWO,
      at: 1,
    };
    const runs: Parameters<ProtocolMap['run']>[0][] = [];
    const { backend } = backendOf({
      'batch.peek': peekOf,
      'batch.get': () =>
        batchOf([item('person:mary', 'Mary Somerville', 'interrupted', { credits: 2, interrupted: call })], {
          status: 'done',
        }),
      run: (data) => {
        runs.push(data);
        return {
          status: 'answer',
          data: { full_name: 'Mary Somerville', headline: 'Polymath' },
          cached: false,
          fetchedAt: 0,
          ageMs: 0,
          stale: false,
          credits: 2,
          totals: { today: 4, month: 4, dailyBudget: 200, remainingToday: 196, balance: null },
        };
      },
    });
    const { root } = await mount(backend);
    expect(root.textContent).toContain('Interrupted: cost 2 credits');
    await act(() => buttonNamed(root, 'Ask again for Mary Somerville · 2 credits').click());
    await settle();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.requestId).not.toBe('r-1');
    expect(root.textContent).toContain('Polymath');
    expect(root.textContent).toContain('fetched just now · 2 credits');
  });

  it("runs a row's own action through every state, each control named with the row and its price", async () => {
    const runs: Parameters<ProtocolMap['run']>[0][] = [];
    const answers: ReturnType<ProtocolMap['run']>[] = [
      { status: 'needs-confirmation', quote: TWO, remaining: 1 },
      {
        status: 'error',
        error: {
          name: 'ApiError',
          kind: 'rate-limited',
          status: 429,
          message: 'Slow down',
          retryAfterSeconds: 2,
        },
      },
      {
        status: 'answer',
        data: { full_name: 'Charles Babbage', headline: 'Engine builder' },
        cached: false,
        fetchedAt: 0,
        ageMs: 0,
        stale: false,
        credits: 2,
        totals: { today: 2, month: 2, dailyBudget: 1, remainingToday: 0, balance: null },
      },
    ];
    const { backend } = backendOf({
      'batch.peek': peekOf,
      'batch.get': () => null,
      run: (data) => {
        runs.push(data);
        return answers.shift()!;
      },
    });
    const { root } = await mount(backend);
    await act(() => buttonNamed(root, 'Enrich Charles Babbage · 2 credits').click());
    await settle();
    // Past today's budget: asked first, and the row cannot go in a batch meanwhile.
    expect(root.textContent).toContain('This may cost up to 2 credits; 1 left in today');
    expect(() => checkbox(root, 'Select Charles Babbage')).toThrow();
    await act(() => buttonNamed(root, 'Spend anyway · 2 credits').click());
    await settle();
    // The service's rate limit: the retry waits, and says its price while it does.
    expect(root.textContent).toContain('Too many requests in a short time');
    const waiting = buttonNamed(root, 'Try again Charles Babbage in 2 s · 2 credits');
    expect(waiting.disabled).toBe(true);
    // Enabled once the 2 s have passed (on a loaded machine, the timer may fire a little late).
    const ready = await waitFor(() => buttonNamed(root, 'Try again Charles Babbage · 2 credits'), 10_000);
    expect(ready.disabled).toBe(false);
    await act(() => ready.click());
    await settle();
    expect(root.textContent).toContain('Engine builder');
    expect(root.textContent).toContain('fetched just now · 2 credits');
    // One request id for the click, its confirmation and its retry: paid at most once.
    expect(runs.map((r) => [r.requestId, r.policy, r.confirmed])).toEqual([
      ['request-1-0000', 'cache-first', undefined],
      ['request-1-0000', 'cache-first', true],
      ['request-1-0000', 'cache-first', true],
    ]);
    // Its answer shown, the row's control refreshes it.
    expect(buttonNamed(root, 'Refresh Charles Babbage · 2 credits')).toBeTruthy();
    expect(checkbox(root, 'Select Charles Babbage')).toBeTruthy();
  });

  it("offers a batch's failed row again as a new request, and refreshes a row the batch answered", async () => {
    const runs: Parameters<ProtocolMap['run']>[0][] = [];
    const { backend } = backendOf({
      'batch.peek': peekOf,
      'batch.get': () =>
        batchOf(
          [
            item('person:charles', 'Charles Babbage', 'done'),
            item('person:mary', 'Mary Somerville', 'failed', {
              error: { name: 'ApiError', kind: 'server', status: 503, message: 'The service is unavailable' },
            }),
          ],
          { status: 'done' },
        ),
      run: (data) => {
        runs.push(data);
        return {
          status: 'error',
          error: { name: 'ApiError', kind: 'not-found', status: 404, message: 'No such profile' },
        };
      },
    });
    const { root } = await mount(backend);
    expect(root.textContent).toContain('fetched just now · 2 credits');
    await act(() => buttonNamed(root, 'Refresh Charles Babbage · 2 credits').click());
    await settle();
    await act(() => buttonNamed(root, 'Try again Mary Somerville · 2 credits').click());
    await settle();
    expect(runs.map((r) => [r.params.profile_url, r.policy])).toEqual([
      ['https://www.linkedin.com/in/charles', 'refresh'],
      ['https://www.linkedin.com/in/mary', 'cache-first'],
    ]);
    expect(new Set(runs.map((r) => r.requestId)).size).toBe(2);
    // A profile the service does not have is not offered again.
    expect(root.textContent).toContain('Nothing was found for this request');
    expect(() => buttonNamed(root, /^Try again Mary Somerville/)).toThrow();
  });

  it('on a company website with no profile links, looks the company up by its domain, each quoted', async () => {
    const { backend, sentOf } = backendOf({
      'batch.peek': ({ requests }) => ({
        rows: requests.map((request) => ({
          ok: true as const,
          quote:
            request.endpointId === 'company.lookup'
              ? { min: 2, max: 2, lines: [] }
              : { min: null, max: null, lines: ['not published'] },
          cached: null,
        })),
        total: { min: 2, max: null, lines: [] },
        remainingToday: 200,
      }),
      'batch.get': () => null,
    });
    const { root } = await mount(backend, {
      pageUrl: 'https://www.acme-widgets.com/about',
      page: null,
      profiles: [],
      emails: [],
      scannedAt: 2,
    });
    expect(root.querySelector('#found-site-heading')?.textContent).toBe('Look up this company');
    expect(sentOf('batch.peek')[0]!.requests).toEqual([
      { endpointId: 'company.lookup', params: { company_domain: 'acme-widgets.com' } },
      { endpointId: 'company.logo', params: { q: 'acme-widgets.com' } },
    ]);
    expect(buttonNamed(root, 'Enrich Company profile for acme-widgets.com · 2 credits')).toBeTruthy();
    expect(buttonNamed(root, 'Enrich Logo search for acme-widgets.com · cost not published')).toBeTruthy();
    // Not part of a batch: nothing to select.
    expect(root.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
  });
});

describe('Found on this page, what it shows', () => {
  it('never makes a hostile address clickable, and shows a long list in part until asked', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      kind: 'person' as const,
      id: `p${i}`,
      url: `https://www.linkedin.com/in/p${i}`,
      label: `Person ${i}`,
    }));
    const hostile = { kind: 'person' as const, id: 'eve', url: 'javascript:alert(1)', label: '<b>Eve</b>' };
    const { backend } = backendOf({ 'batch.peek': peekOf, 'batch.get': () => null });
    const { root } = await mount(backend, { ...FINDINGS, profiles: [hostile, ...many], emails: [] });
    // Markup in a label is text, and a javascript: address is no link.
    expect(root.textContent).toContain('<b>Eve</b>');
    expect(root.querySelector('b')).toBeNull();
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.some((href) => href.startsWith('javascript:'))).toBe(false);
    expect(hrefs.every((href) => /^https?:\/\//.test(href))).toBe(true);
    const shownBefore = root.querySelectorAll('li').length;
    expect(shownBefore).toBeLessThan(41);
    const showAll = [...root.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Show all'));
    expect(showAll?.textContent).toBe('Show all 41');
    await act(() => showAll!.click());
    await settle();
    expect(root.textContent).toContain('Person 39');
  });

  it('marks the rows the CRM reference holds, leaves them out of Select all and the quote, and lets one be included', async () => {
    const { backend, sentOf } = backendOf({
      'batch.peek': peekOf,
      'batch.get': () => null,
      // Charles is in the CRM by his profile address, Ada's address by email.
      'crm.match': ({ rows }) => ({
        reference: true,
        matches: rows.map((row) =>
          row.profileUrl?.endsWith('/charles') ? 'profile' : row.email === 'ada@example.com' ? 'email' : null,
        ),
      }),
    });
    const { root } = await mount(backend);
    expect(sentOf('crm.match')[0]?.rows).toContainEqual({
      profileUrl: 'https://www.linkedin.com/in/charles',
    });
    const marked = [...root.querySelectorAll('.found-row')]
      .filter((row) => row.querySelector('.in-crm')?.textContent === 'In your CRM')
      .map((row) => row.querySelector('.found-row-name')?.textContent?.replace('In your CRM', '').trim());
    expect(marked).toEqual(['Charles Babbage charles', 'ada@example.com']);
    // Select all takes the two others: Ada (cached, 0) and Mary (2).
    const all = [...root.querySelectorAll<HTMLInputElement>('.found-select-all input')][0]!;
    expect(all.parentElement?.textContent).toContain('Select all 2');
    await tick(root, all);
    expect(buttonNamed(root, 'Enrich 2 selected · 2 credits · 2 in your CRM left out')).toBeTruthy();
    // Included by hand, Charles is quoted too.
    await tick(root, checkbox(root, 'Select Charles Babbage'));
    expect(buttonNamed(root, 'Enrich 3 selected · 4 credits · 1 in your CRM left out')).toBeTruthy();
  });
});

describe("Found on this page in team mode: the team's answers in its quote", () => {
  const TEAM_HAS: Quote = { min: 0, max: 0, lines: [], teamHas: { ageSeconds: 86_400 } };
  /** Ada is cached here; the team's hub has Mary, its CRM holds Charles, its list forbids the email. */
  function teamPeekOf({ requests }: Parameters<ProtocolMap['batch.peek']>[0]) {
    const { rows } = peekOf({ requests });
    return {
      rows: requests.map((request, index): PeekRow => {
        const url = String(request.params.profile_url);
        if (request.endpointId === 'email.lookup')
          return {
            ok: false,
            error: { name: 'ApiError', kind: 'team-do-not-enrich', message: 'On the team list' },
          };
        if (url.endsWith('/mary')) return { ok: true, quote: TEAM_HAS, cached: null };
        if (url.endsWith('/charles')) return { ok: true, quote: TWO, cached: null, teamCrm: 'profile' };
        return rows[index]!;
      }),
      total: { min: 2, max: 2, lines: [] },
      remainingToday: 200,
    };
  }

  it("counts what the team has on the control, leaves its CRM's rows out of Select all, and refuses its list's", async () => {
    const { backend, sentOf } = backendOf({
      'batch.peek': teamPeekOf,
      'batch.get': () => null,
      'crm.match': ({ rows }) => ({ reference: false, matches: rows.map(() => null) }),
    });
    const { root } = await mount(backend);
    // Each row is peeked with who it is, for the team's CRM reference.
    expect(sentOf('batch.peek')[0]!.requests).toContainEqual(
      expect.objectContaining({ identity: { profileUrl: 'https://www.linkedin.com/in/charles' } }),
    );
    const marked = [...root.querySelectorAll('.found-row')]
      .filter((row) => row.querySelector('.in-crm')?.textContent === "In your team's CRM")
      .map((row) => row.querySelector('.found-row-name a')?.textContent);
    expect(marked).toEqual(['Charles Babbage']);
    expect(root.textContent).toContain("Your team's admin has put this person on the do-not-enrich list");

    // Select all takes Ada (cached here) and Mary (the team has her): nothing to pay.
    const all = [...root.querySelectorAll<HTMLInputElement>('.found-select-all input')][0]!;
    expect(all.parentElement?.textContent).toContain('Select all 2');
    await tick(root, all);
    buttonNamed(root, "Enrich 2 selected · 0 credits · 1 the team has · 1 in your team's CRM left out");
    // Included by hand, Charles is quoted at his price.
    await tick(root, checkbox(root, 'Select Charles Babbage'));
    buttonNamed(root, 'Enrich 3 selected · 2 credits · 1 the team has');
  });
});
