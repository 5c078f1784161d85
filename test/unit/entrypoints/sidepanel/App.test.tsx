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
import { PanelApp } from '../../../../entrypoints/sidepanel/App';
import { startFirstLook, takeFirstLook } from '../../../../entrypoints/sidepanel/first-look';
import { AUTO_RUN_STOPPED_NOTE } from '../../../../hooks/useQuotedAction';
import { ApiError } from '../../../../lib/api/errors';
import type { Findings, RunResult } from '../../../../lib/protocol';
import { EMAIL_LOOKUP_ITEM_KEY } from '../../../../lib/settings';
import {
  ACCOUNT,
  ACME,
  ACME_URL,
  ADA,
  ADA_URL,
  answer,
  button,
  CONFIGURED,
  click,
  fakeBrowser,
  handlers,
  mountPanel,
  openedOnAda,
  panelContainer,
  QUOTE,
  type RunRequest,
  settle,
  unmountPanel,
} from '../../../support/side-panel';
import { waitFor } from '../../../support/wait-for';

// The views the panel loads on first show, loaded here first: their import then resolves at once.
import '../../../../entrypoints/sidepanel/batch/FoundOnPageBatch';
import '../../../../entrypoints/sidepanel/email-lookup/EmailLookupSection';
import '../../../../entrypoints/sidepanel/sections/CompanySections';
import '../../../../entrypoints/sidepanel/sections/StudentSection';

afterEach(unmountPanel);
const mount = mountPanel;

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

  it('in team mode, keeps the hub member in the footer when the account arrives while a paid click runs', async () => {
    // The click leaves before the account is read (a hub slow to say who the member is); the run
    // answers after. The footer then says what the hub says, not the run's own totals.
    const member = { name: 'bob', dailyBudget: 200, monthlyBudget: null, spentToday: 0 };
    let giveAccount = () => {};
    let giveAnswer = () => {};
    const accountAsked = new Promise<void>((resolve) => (giveAccount = resolve));
    const answerGiven = new Promise<void>((resolve) => (giveAnswer = resolve));
    let accountReads = 0;
    const { backend } = fakeBrowser(
      handlers({
        'account.get': async () => {
          accountReads += 1;
          if (accountReads === 1) await accountAsked;
          return {
            ...ACCOUNT,
            hub: { member: { ...member, leftToday: 200, spentThisMonth: 0, leftThisMonth: null } },
          };
        },
        run: async ({ policy }) => {
          if (policy === 'cache-only') return { status: 'not-cached' };
          await answerGiven;
          return answer({ full_name: 'Ada Lovelace' });
        },
      }),
    );
    const root = await mount(backend);
    await click(root, 'Enrich · 2 credits');
    giveAccount();
    await settle();
    expect(root.querySelector('.panel-footer p')?.textContent).toBe(
      'Team hub · bob · Today: 0 of 200 credits',
    );
    giveAnswer();
    await settle();
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.querySelector('.panel-footer p')?.textContent).toBe(
      'Team hub · bob · Today: 0 of 200 credits',
    );
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
    // Once for the first look, once more to hear of a switch its listener came too late for.
    expect(currentTab).toHaveBeenCalledTimes(2);
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
    await waitFor(() => expect(started.answered).not.toBeNull());
    const container = panelContainer();
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
    await waitFor(() => expect(sentOf('account.get')).toHaveLength(1));
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

  it('shows the tab switched to while its first look was still reading the tab, not the first look’s', async () => {
    const { backend, switchTo } = fakeBrowser(
      handlers({ 'findings.get': ({ tabId }) => (tabId === 7 ? ADA : tabId === 8 ? ACME : null) }),
    );
    // The first look's reading of the active tab (7) answers only after the person switched to 8.
    let giveTab = () => {};
    const tabRead = new Promise<void>((resolve) => (giveTab = resolve));
    let reads = 0;
    backend.currentTab = async () => {
      if (++reads > 1) return 8;
      await tabRead;
      return 7;
    };
    const root = await mount(backend);
    await switchTo(8);
    await settle();
    giveTab();
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Company on this page');
  });

  it('hears of a switch made between its first look and its listener: it reads the tab once more', async () => {
    const { backend } = fakeBrowser(
      handlers({ 'findings.get': ({ tabId }) => (tabId === 7 ? ADA : tabId === 8 ? ACME : null) }),
    );
    // The first look reads tab 7; by the time the panel listens, tab 8 is active and its event gone.
    let reads = 0;
    backend.currentTab = async () => (++reads === 1 ? 7 : 8);
    const root = await mount(backend);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Company on this page');
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
      render(null, root);
      render(<PanelApp backend={backend} />, root);
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

describe('side panel imports', () => {
  const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  /** Modules that bring zod (or the background's validation) into whatever imports them at runtime. */
  const BACKGROUND_ONLY = [
    'lib/background/messages/index.ts',
    'lib/background/settings-schema.ts',
    'lib/api/endpoints.ts',
    'lib/api/params.ts',
    'lib/api/schemas.ts',
    'lib/api/error-reading.ts',
    'lib/pricing/credits.ts',
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
