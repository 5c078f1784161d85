/**
 * The lists page as a person uses it (entrypoints/lists), rendered in happy-dom with a stand-in for
 * the background: a pasted list is mapped and dry-run for free, the control that starts it names
 * the rows and the price, and a list's every spending control (Resume, Retry, Refresh, past the
 * budget) is found by its exact name with its price, in every state: running, paused, stopped at
 * the cap or the budget, done with a failed row.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { ListsApp } from '../../../../entrypoints/lists/App';
import type { ListsBackend } from '../../../../entrypoints/lists/backend';
import type {
  ListQuote,
  ListRequestView,
  ListState,
  ListSummary,
  ProtocolMap,
  Quote,
} from '../../../../lib/protocol';
import { listRequestView } from '../../../support/list-views';

type Handlers = {
  [T in keyof ProtocolMap]?: (
    data: Parameters<ProtocolMap[T]>[0],
  ) => ReturnType<ProtocolMap[T]> | Promise<ReturnType<ProtocolMap[T]>>;
};

/** No CRM reference unless a test gives one. */
const NO_CRM_REFERENCE: Handlers = {
  'crm.reference': () => null,
  'crm.match': ({ rows }) => ({ reference: false, matches: rows.map(() => null) }),
};

function backendOf(given: Handlers) {
  const handlers: Handlers = { ...NO_CRM_REFERENCE, ...given };
  const sent: { type: string; data: unknown }[] = [];
  const downloads: { fileName: string; text: string }[] = [];
  const backend: ListsBackend = {
    ask: (async (type: keyof ProtocolMap, data: unknown) => {
      sent.push({ type, data });
      const handler = handlers[type] as ((data: unknown) => unknown) | undefined;
      if (!handler)
        throw new Error(`Could not establish connection. Receiving end does not exist. (${type})`);
      return handler(data);
    }) as ListsBackend['ask'],
    download: (fileName, parts) => {
      downloads.push({ fileName, text: parts.map(String).join('') });
    },
    newRequestId: () => 'watch-start-1',
    openChanges: () => {},
    pollMs: 10,
  };
  return {
    backend,
    downloads,
    sentOf: <T extends keyof ProtocolMap>(type: T) =>
      sent.filter((message) => message.type === type).map((m) => m.data as Parameters<ProtocolMap[T]>[0]),
  };
}

const ONE: Quote = { min: 1, max: 1, lines: [] };
const EMAIL: Quote = { min: 3, max: 4, lines: [] };

let container: HTMLElement | undefined;
afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
  location.hash = '';
});

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

/** Waits (a few frames at most) for what a lazily loaded module (papaparse) does. */
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(check()).toBe(true);
}

async function mount(backend: ListsBackend) {
  container = document.createElement('div');
  document.body.append(container);
  await act(() => render(<ListsApp backend={backend} />, container!));
  await settle();
  return container;
}

function button(name: string): HTMLButtonElement {
  const found = [...container!.querySelectorAll('button')].filter((b) => accessibleName(b) === name);
  if (found.length !== 1)
    throw new Error(
      `${found.length} buttons named "${name}"; there are: ${[...container!.querySelectorAll('button')].map(accessibleName).join(' | ')}`,
    );
  return found[0]!;
}

/** A button's accessible name: its text, hidden parts included (they are read out). */
function accessibleName(element: Element): string {
  return (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const PASTED = [
  'Name,Company,Email,Profile',
  'Ada Lovelace,Analytical,,https://www.linkedin.com/in/ada-lovelace',
  ',,charles@example.com,',
  'Ada Lovelace,Analytical,,https://www.linkedin.com/in/ada-lovelace/',
  'Just a note,,,',
].join('\n');

describe('a pasted list before anything is spent', () => {
  it('is mapped, dry-run for free, and started by a control named with its rows and price', async () => {
    const quoteOf = ({ requests }: { requests: { endpointId: string }[] }): ListQuote => ({
      rows: requests.map((request, index) =>
        request.endpointId === 'email.lookup'
          ? { ok: true, key: `k${index}`, quote: EMAIL, cachedAt: null }
          : { ok: true, key: 'ada', quote: ONE, cachedAt: null },
      ),
      total: { min: 4, max: 5, lines: [] },
      remainingToday: 200,
      ratePerMinute: 300,
    });
    const { backend, sentOf } = backendOf({
      'list.all': () => [],
      'list.quote': quoteOf,
      'list.start': () => ({
        status: 'needs-confirmation',
        quote: { min: 4, max: 5, lines: [] },
        remaining: 3,
      }),
    });
    const page = await mount(backend);
    expect(page.textContent).toContain('No list yet');
    const pasted = page.querySelector('textarea')!;
    await act(() => {
      pasted.value = PASTED;
      pasted.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => button('Read the pasted list').click());
    await until(() => page.querySelector('select') !== null);
    await settle();

    const select = (column: string) =>
      page.querySelector<HTMLSelectElement>(`select[aria-label="What “${column}” holds"]`)!;
    expect(select('Email').value).toBe('email');
    expect(select('Profile').value).toBe('profile_url');
    // Three rows to enrich (one repeats another), one with nothing to ask.
    const start = button('Enrich 3 rows · 4–5 credits');
    expect(page.querySelector('table.rows')!.textContent).toContain('Same as row 1 · 0 credits');
    expect(page.querySelector('table.rows')!.textContent).toMatch(/Not asked: /);
    expect(sentOf('list.start')).toHaveLength(0);

    // Past today's budget: asked first, named with the price again.
    await act(() => start.click());
    await settle();
    await act(() => button('Spend anyway · 4–5 credits').click());
    await settle();
    expect(sentOf('list.start').map((request) => request.confirmed)).toEqual([false, true]);
    const sent = sentOf('list.start')[1]!;
    expect(sent.rows).toHaveLength(4);
    expect(sent.targets[3]).toHaveProperty('reason');
  });
});

describe('a list in team mode', () => {
  it("says before the click what is left of the member's budget at the team hub, when the price could pass it", async () => {
    const teamQuote =
      (left: number) =>
      ({ requests }: { requests: unknown[] }): ListQuote => ({
        ...QUOTE_ALL_ONE({ requests }),
        teamLeftToday: left,
      });
    for (const [left, name] of [
      [1, 'Enrich 3 rows · 2 credits · you have 1 left today at the team hub'],
      [2, 'Enrich 3 rows · 2 credits'],
      [50, 'Enrich 3 rows · 2 credits'],
    ] as const) {
      const { backend } = backendOf({ 'list.all': () => [], 'list.quote': teamQuote(left) });
      const page = await mount(backend);
      const pasted = page.querySelector('textarea')!;
      await act(() => {
        pasted.value = PASTED;
        pasted.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await act(() => button('Read the pasted list').click());
      await until(() => page.querySelector('select') !== null);
      await settle();
      button(name);
      render(null, page);
      page.remove();
    }
  });
});

describe("a list in team mode: the team's answers in its quote", () => {
  /** 550 rows: 500 people, the first 50 of them twice. */
  const people = Array.from({ length: 500 }, (_, index) => `https://www.linkedin.com/in/person-${index}`);
  const TEAM_LIST = [
    'Name,Profile',
    ...[...people, ...people.slice(0, 50)].map((url, index) => `Person ${index},${url}`),
  ].join('\n');
  const TEAM_HAS: Quote = { min: 0, max: 0, lines: [], teamHas: { ageSeconds: 3 * 86_400 } };
  /**
   * What the background answers in team mode: of the 500 people, the team's hub has the answers of
   * numbers 310 to 449 (0 credits), and its CRM holds numbers 450 to 499.
   */
  const teamQuote = ({ requests }: { requests: { params: Record<string, unknown> }[] }): ListQuote => {
    const rows = requests.map((request) => {
      const url = String(request.params.profile_url);
      const number = Number(url.split('-').pop());
      if (number >= 310 && number < 450)
        return { ok: true as const, key: url, quote: TEAM_HAS, cachedAt: null };
      return {
        ok: true as const,
        key: url,
        quote: ONE,
        cachedAt: null,
        ...(number >= 450 ? { teamCrm: 'profile' as const } : {}),
      };
    });
    const credits = rows.filter((row) => !row.quote.teamHas).length;
    return {
      rows,
      total: { min: credits, max: credits, lines: [] },
      remainingToday: null,
      ratePerMinute: 300,
    };
  };

  async function pasteTeamList() {
    const { backend, sentOf } = backendOf({
      'list.all': () => [],
      'list.quote': teamQuote,
      'list.start': () => ({
        status: 'error',
        error: { name: 'ApiError', kind: 'invalid', message: 'stop' },
      }),
    });
    const page = await mount(backend);
    const pasted = page.querySelector('textarea')!;
    await act(() => {
      pasted.value = TEAM_LIST;
      pasted.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => button('Read the pasted list').click());
    await until(() => page.querySelector('.figures') !== null);
    await settle();
    return { page, sentOf };
  }

  it("names what the team has and what its CRM left out on the control, and starts without the CRM's rows", async () => {
    const { page, sentOf } = await pasteTeamList();
    const start = button("Enrich 500 rows · 310 credits · 140 the team has · 50 in your team's CRM left out");
    expect(page.querySelector('.figures')!.textContent).toContain('The team has140');
    expect(page.querySelector('.figures')!.textContent).toContain("In your team's CRM, left out50");
    // Every row's request was asked about with who the row is.
    expect(sentOf('list.quote')[0]!.requests[0]!.identity).toEqual({
      fullName: 'Person 0',
      profileUrl: people[0],
    });

    await act(() => start.click());
    await settle();
    const sent = sentOf('list.start')[0]!;
    // The CRM's rows are not sent: 450 people asked, 140 of them of the team's hub (at 0).
    expect(sent.requests).toHaveLength(450);
    expect(sent.targets.filter((target) => typeof target !== 'number')).toEqual(
      Array.from({ length: 50 }, () => ({ reason: "In your team's CRM" })),
    );
  });

  it("includes the team's CRM's rows when the person chooses to, at their price", async () => {
    const { page } = await pasteTeamList();
    const include = [...page.querySelectorAll('label')].find((label) =>
      label.textContent?.includes("Include the 50 rows already in your team's CRM"),
    )!;
    await act(() => include.querySelector('input')!.click());
    await settle();
    button('Enrich 550 rows · 360 credits · 140 the team has');
  });
});

/** Chooses a file in the page's file input, as a person picking it does. */
async function chooseFile(page: HTMLElement, name: string, parts: BlobPart[]) {
  const input = page.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [new File(parts, name)], configurable: true });
  await act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The page's alert, once it shows. */
async function alertText(page: HTMLElement) {
  await until(() => page.querySelector('[role="alert"]') !== null);
  return page.querySelector('[role="alert"]')!.textContent;
}

/** The select that chooses how a file is read. */
function encodingSelect(page: HTMLElement): HTMLSelectElement {
  return [...page.querySelectorAll('select')].find((select) =>
    [...select.options].some((option) => option.value === 'windows-1252'),
  )!;
}

const QUOTE_ALL_ONE = ({ requests }: { requests: unknown[] }): ListQuote => ({
  rows: requests.map((_, index) => ({ ok: true, key: `k${index}`, quote: ONE, cachedAt: null })),
  total: { min: requests.length, max: requests.length, lines: [] },
  remainingToday: null,
  ratePerMinute: 300,
});

describe('a file as people have it, or as a hostile one is made', () => {
  it("LinkedIn's connections export: its notes skipped and said, its real columns mapped, every row asked", async () => {
    const { backend, sentOf } = backendOf({ 'list.all': () => [], 'list.quote': QUOTE_ALL_ONE });
    const page = await mount(backend);
    await chooseFile(page, 'Connections.csv', [
      readFileSync(resolve(__dirname, '../../../fixtures/linkedin-connections.csv')),
    ]);
    await until(() => page.querySelector('select[aria-label^="What"]') !== null);
    await settle();
    expect(page.textContent).toContain('Skipped 3 lines before the header.');
    expect(page.textContent).toContain('5 rows, 7 columns, read as UTF-8.');
    expect(page.querySelector<HTMLSelectElement>('select[aria-label="What “URL” holds"]')!.value).toBe(
      'profile_url',
    );
    expect(page.querySelector('select[aria-label="What “Notes:” holds"]')).toBeNull();
    expect(page.querySelector('table.rows')!.textContent).not.toContain('Not asked');
    button('Enrich 5 rows · 5 credits');
    expect(sentOf('list.quote')[0]!.requests).toHaveLength(5);
  });

  it("Excel's export on Windows (Windows-1252) is read without a question, the page saying so; the encoding stays the person's", async () => {
    const { backend, sentOf } = backendOf({ 'list.all': () => [], 'list.quote': QUOTE_ALL_ONE });
    const page = await mount(backend);
    // Excel's semicolon export in Windows-1252: "é" is one byte, 0xE9, which UTF-8 does not allow.
    const latin = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
    await chooseFile(page, 'contacts.csv', [
      latin('First name;Last name;Company\r\nHélène;Dupré;Crédit Agricole\r\nZoë;Müller;Bäckerei Groß\r\n'),
    ]);
    await until(() => page.querySelector('table.rows') !== null);
    await settle();
    expect(page.querySelector('[role="alert"]')).toBeNull();
    expect(page.textContent).toContain('2 rows, 3 columns, read as Windows-1252 (Western European).');
    expect(page.textContent).toContain(
      'Read as Windows-1252 (Western European), as Excel on Windows saves it',
    );
    expect(page.querySelector('table.rows')!.textContent).toContain('Dupré');
    expect(sentOf('list.quote')[0]!.requests).toEqual([
      expect.objectContaining({
        endpointId: 'person.lookup',
        params: expect.objectContaining({ first_name: 'Hélène', last_name: 'Dupré' }),
      }),
      expect.objectContaining({
        params: expect.objectContaining({ first_name: 'Zoë', last_name: 'Müller' }),
      }),
    ]);

    // The person can still choose: UTF-8 does not read it, says where, and the list stays as read.
    const quotes = sentOf('list.quote').length;
    const encoding = encodingSelect(page);
    expect(encoding.selectedOptions[0]!.textContent).toBe('Windows-1252 (Western European) · detected');
    await act(() => {
      encoding.value = 'utf-8';
      encoding.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(await alertText(page)).toBe(
      'Not read as UTF-8: Row 2, column 1 (line 2) holds the byte 0xE9, which is not UTF-8. Nothing was read: choose the encoding the file was saved in (older Excel on Windows saves Windows-1252).',
    );
    expect(page.querySelector('table.rows')!.textContent).toContain('Dupré');
    expect(sentOf('list.quote')).toHaveLength(quotes);
  });

  it('a file mixing UTF-8 with a stray byte is named with its row; read only once the person chooses the encoding', async () => {
    const { backend, sentOf } = backendOf({ 'list.all': () => [], 'list.quote': QUOTE_ALL_ONE });
    const page = await mount(backend);
    const utf8 = (text: string) => new TextEncoder().encode(text);
    await chooseFile(page, 'contacts.csv', [
      utf8('First name;Last name;Company\r\nZoë;Müller;Bäckerei Groß\r\nJos'),
      new Uint8Array([0xe9]),
      utf8(';Núñez;Acme\r\n'),
    ]);
    expect(await alertText(page)).toBe(
      'Row 3, column 1 (line 3) holds the byte 0xE9, which is not UTF-8. Nothing was read: choose the encoding the file was saved in (older Excel on Windows saves Windows-1252).',
    );
    await settle();
    expect(sentOf('list.quote')).toHaveLength(0);

    const encoding = encodingSelect(page);
    expect(encoding.selectedOptions[0]!.textContent).toBe('UTF-8 · detected');
    await act(() => {
      encoding.value = 'windows-1252';
      encoding.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => page.querySelector('table.rows') !== null);
    expect(page.textContent).toContain('read as Windows-1252 (Western European)');
    // Chosen, not detected: the page does not claim it was read so on its own.
    expect(page.textContent).not.toContain('as Excel on Windows saves it');
    expect(page.querySelector('table.rows')!.textContent).toContain('José');
    // Its UTF-8 letters are now read as Windows-1252 ("MÃ¼ller"): the person's choice, and shown.
    expect(page.querySelector('table.rows')!.textContent).toContain('MÃ¼ller');
    // Quoted once: the CRM's answer, holding none of the rows, does not ask the quote again.
    expect(sentOf('list.quote')).toHaveLength(1);
  });

  it('too many columns, too many rows, too large: said with the limit, nothing planned or quoted', async () => {
    const { backend, sentOf } = backendOf({ 'list.all': () => [], 'list.quote': QUOTE_ALL_ONE });
    const page = await mount(backend);
    const wide = `Email,Name\nada@example.com,Ada\n${'x,'.repeat(20_000)}x\n`;
    expect(wide.length).toBeLessThan(48 * 1024);
    await chooseFile(page, 'wide.csv', [wide]);
    expect(await alertText(page)).toBe('Row 3 has 20,001 cells: a list can have at most 100 columns.');

    await chooseFile(page, 'long.csv', [
      `Email\n${Array.from({ length: 200_000 }, (_, i) => `p${i}@example.com`).join('\n')}`,
    ]);
    await until(
      () => page.querySelector('[role="alert"]')?.textContent?.startsWith('This list has') ?? false,
    );
    expect(page.querySelector('[role="alert"]')!.textContent).toBe(
      'This list has more than 20,000 rows: a list can have at most 20,000. Split it into smaller files.',
    );

    const input = page.querySelector<HTMLInputElement>('input[type="file"]')!;
    const huge = {
      name: 'huge.csv',
      size: 26 * 1024 * 1024,
      arrayBuffer: () => Promise.reject(new Error('read')),
    };
    Object.defineProperty(input, 'files', { value: [huge], configurable: true });
    await act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => page.querySelector('[role="alert"]')?.textContent?.startsWith('This file is') ?? false);
    expect(page.querySelector('[role="alert"]')!.textContent).toBe(
      'This file is 26 MB: a list file can be at most 25 MB. Split it into smaller files.',
    );
    await settle();
    expect(page.querySelector('table.rows')).toBeNull();
    expect(sentOf('list.quote')).toHaveLength(0);
  });
});

function summaryOf(patch: Partial<ListSummary>): ListSummary {
  return {
    id: 'list-1',
    name: 'Event leads',
    createdAt: Date.now() - 60_000,
    updatedAt: Date.now(),
    status: 'running',
    pauseRequested: false,
    cancelRequested: false,
    rows: 3,
    requests: 3,
    counts: { queued: 1, running: 1, done: 1, failed: 0, interrupted: 0, skipped: 0, refused: 0 },
    rowsDone: 1,
    spent: 1,
    quote: { min: 5, max: 6, lines: [] },
    cap: null,
    options: { freshness: 'if-present', withProfiles: true, contacts: false },
    perMinute: 120,
    ratePerMinute: 300,
    stopReason: null,
    ...patch,
  };
}

async function openList(summary: ListSummary, requests: ListRequestView[], extra: Handlers = {}) {
  location.hash = 'list=list-1';
  const handlers: Handlers = {
    'list.input': () => ({
      columns: ['Profile'],
      mapping: ['profile_url'],
      rows: [['ada'], ['charles'], ['mary']],
      targets: [{ key: 'a' }, { key: 'b' }, { key: 'c' }],
    }),
    'list.state': (): ListState => ({ summary, requests, at: 2 }),
    'list.control': () => summary,
    ...extra,
  };
  const harness = backendOf(handlers);
  await mount(harness.backend);
  return harness;
}

describe('a list as it runs and after', () => {
  it('running: Pause and Cancel, the progress in figures', async () => {
    const { sentOf } = await openList(summaryOf({}), [
      listRequestView('a', {
        status: 'done',
        credits: 1,
        enriched: { fullName: 'Ada Lovelace', headline: 'Analyst' },
      }),
      listRequestView('b', { status: 'running' }),
      listRequestView('c', { status: 'queued' }),
    ]);
    expect(container!.querySelector('[role="progressbar"]')!.getAttribute('aria-valuetext')).toBe(
      '1 of 3 rows',
    );
    expect(container!.textContent).toContain('Ada Lovelace · Analyst');
    await act(() => button('Pause').click());
    await settle();
    expect(sentOf('list.control')).toEqual([{ id: 'list-1', control: { action: 'pause' } }]);
    button('Cancel');
  });

  it('paused: Resume is named with what is left to ask', async () => {
    const { sentOf } = await openList(
      summaryOf({ status: 'paused', counts: { ...summaryOf({}).counts, running: 0, queued: 2 } }),
      [
        listRequestView('a', { status: 'done', credits: 1 }),
        listRequestView('b', { status: 'queued', quote: EMAIL }),
        listRequestView('c', { status: 'queued' }),
      ],
    );
    await act(() => button('Resume · 4–5 credits').click());
    await settle();
    expect(sentOf('list.control')).toEqual([{ id: 'list-1', control: { action: 'resume' } }]);
  });

  it('stopped at the cap: a new cap, and Resume with its price', async () => {
    await openList(
      summaryOf({
        status: 'stopped',
        cap: 1,
        counts: { ...summaryOf({}).counts, running: 0, queued: 2 },
        stopReason: { name: 'ApiError', kind: 'budget', message: 'Stopped at your cap of 1 credit' },
      }),
      [
        listRequestView('a', { status: 'done', credits: 1 }),
        listRequestView('b', {}),
        listRequestView('c', {}),
      ],
    );
    expect(container!.textContent).toContain('Stopped at your cap of 1 credit');
    button('Resume · 2 credits');
    expect(container!.querySelector('input.cap')).not.toBeNull();
  });

  it("stopped at today's budget: going on past it says so and costs what is left", async () => {
    const { sentOf } = await openList(
      summaryOf({
        status: 'stopped',
        counts: { ...summaryOf({}).counts, running: 0, queued: 2 },
        stopReason: {
          name: 'ApiError',
          kind: 'budget',
          message: "Stopped at today's budget: 0 credits left",
        },
      }),
      [
        listRequestView('a', { status: 'done', credits: 1 }),
        listRequestView('b', {}),
        listRequestView('c', {}),
      ],
    );
    await act(() => button("Resume past today's budget · 2 credits").click());
    await settle();
    expect(sentOf('list.control')).toEqual([
      { id: 'list-1', control: { action: 'resume', confirmed: true } },
    ]);
  });

  it('done with a failed row: asked again alone or all together, each at its price; refreshed quoted first', async () => {
    const { sentOf, downloads } = await openList(
      summaryOf({
        status: 'done',
        counts: { ...summaryOf({}).counts, running: 0, queued: 0, done: 2, failed: 1 },
      }),
      [
        listRequestView('a', {
          status: 'done',
          credits: 1,
          fetchedAt: 1,
          enriched: { fullName: 'Ada Lovelace' },
        }),
        listRequestView('b', {
          status: 'failed',
          credits: 0,
          error: { name: 'ApiError', kind: 'server', message: 'The service had a problem' },
        }),
        listRequestView('c', { status: 'done', credits: 1, fetchedAt: 1 }),
      ],
      {
        'list.retry': (request) =>
          request.dryRun
            ? { status: 'quoted', count: 2, quote: { min: 2, max: 2, lines: [] }, remaining: 100 }
            : { status: 'started', list: summaryOf({}) },
      },
    );
    expect(container!.textContent).toContain('Failed: The service had an internal error');
    await act(() => button('Retry · 1 credit').click());
    await settle();
    button('Retry 1 failed row · 1 credit');
    await act(() => button('Check the price').click());
    await settle();
    await act(() => button('Refresh 2 rows · 2 credits').click());
    await settle();
    expect(sentOf('list.retry').map(({ which, keys, dryRun }) => ({ which, keys, dryRun }))).toEqual([
      { which: 'failed', keys: ['b'], dryRun: false },
      { which: 'older', keys: undefined, dryRun: true },
      { which: 'older', keys: undefined, dryRun: false },
    ]);
    await act(() => button('Download results (CSV)').click());
    await until(() => downloads.length > 0);
    expect(downloads[0]!.fileName).toMatch(/^event-leads-.*\.csv$/);
    expect(downloads[0]!.text.startsWith('\uFEFF')).toBe(true);
    expect(downloads[0]!.text).toContain('Ada Lovelace');
  });
});
