/**
 * The team's watch list, end to end (issue 42, item 3): two hub processes on one PostgreSQL in front
 * of the sandbox (test/e2e/hub-handle.ts), their clocks moved by the test (hub/test-clock.ts), and
 * two members, each in a browser of their own in team mode. Member A makes a team watch list of 40
 * people from her extension (the message the Watch form sends), and both browsers close. The hub asks
 * each of them once (its due check; new people are due at once), then, the sandbox's clock and the
 * hubs' moved 30 days, once again: the sandbox's own log says so. When B's browser opens, its badge
 * counts the team's changes and its Changes page shows exactly the people the sandbox changed among
 * the 40 (precision and recall 1), each as an event with its evidence. B's own team list of 10 of
 * the same people then asks nobody, even when the due check fires again within the period. B's
 * Changes page and the hub's admin page's "Team watch" are looked at in light and dark
 * (test-results/screenshots/team-watch-*.png).
 */
import { rm } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import type { WatchQuote, WatchStartResult, WatchTarget } from '../../lib/protocol';
import { EVENT_KIND_LABELS } from '../../lib/watch/change-words';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { send } from './extension-storage';
import {
  expect,
  installedWorker,
  launchWithExtension,
  openExtensionPageIn,
  startedWorker,
  test,
} from './fixtures';
import { joinTeam, type Member, startTeamHub, type TeamHub } from './hub-handle';
import { lookAt } from './look';
import { addressKey, PROFILE_PATH } from './profile-pages';
import type { SandboxHandle } from './sandbox-handle';
import { type AdvanceReport, advanceSandbox } from './watch-clock';

const { dataset } = datasetForSeed(DEFAULT_SEED);
const ADMIN_TOKEN = 'e2e-team-admin';
/** Fast enough that the hub's 40 checks take a fraction of a second (the sandbox allows bursts). */
const HUB_RATE_PER_MINUTE = 6_000;
const PERIOD_DAYS = 30;

const keyOf = (url: string) => addressKey(decodeURI(url));

/**
 * The 40 people: the sandbox's changes are deterministic (the same advance from the same day
 * changes the same people), so its clock is moved 30 days once to learn whom it changes, and reset.
 * Among the dataset's first people, 12 it changes and 28 it does not, in the dataset's order: a
 * list whose changes are a fair share of it.
 */
async function watchedPeople(sandbox: SandboxHandle): Promise<WatchTarget[]> {
  const changing = new Set(
    (await advanceSandbox(sandbox, PERIOD_DAYS)).people.map((person) => keyOf(person.url)),
  );
  expect((await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
  const changed = dataset.people.filter((person) => changing.has(keyOf(person.url))).slice(0, 12);
  const unchanged = dataset.people.filter((person) => !changing.has(keyOf(person.url))).slice(0, 28);
  expect(changed).toHaveLength(12);
  return [...changed, ...unchanged]
    .sort((a, b) => dataset.people.indexOf(a) - dataset.people.indexOf(b))
    .map((person) => ({ kind: 'person', url: person.url, name: String(person.profile.full_name) }));
}

/** The profile addresses the sandbox was asked for since `from` (its log's index), by key. */
async function profilesAsked(sandbox: SandboxHandle, from: number): Promise<string[]> {
  return (await sandbox.requests())
    .slice(from)
    .filter((request) => request.path === PROFILE_PATH)
    .map((request) => keyOf(request.query?.profile_url ?? ''));
}

/** A new team watch list made from a member's browser, as the Watch form makes it (`watch.quote`, then `watch.create`). */
async function teamList(member: Member, name: string, targets: WatchTarget[]) {
  const request = { targets, periodDays: PERIOD_DAYS, freshness: 'if-recent' } as const;
  const quote = await send<WatchQuote>(member.page, 'watch.quote', request);
  // The form offers the team's list where the team's hub can run it.
  expect(quote).toMatchObject({ team: true, people: targets.length, refused: [] });
  const made = await send<WatchStartResult>(member.page, 'watch.create', {
    ...request,
    startId: crypto.randomUUID(),
    name,
    cap: null,
    team: true,
  });
  expect(made).toEqual({ status: 'team-started', made: { name, people: targets.length, refused: [] } });
}

/** What B's Changes page shows: each entry's profile address (by key), heading, list and evidence terms. */
async function shownChanges(changes: Page) {
  return changes.locator('ol.changes > li').evaluateAll((items) =>
    items.map((item) => ({
      url: item.querySelector('.change-words a')?.getAttribute('href') ?? '',
      heading: item.querySelector('.change-kind')?.textContent ?? '',
      meta: item.querySelector('.change-meta')?.textContent ?? '',
      evidence: [...item.querySelectorAll('dl[aria-label="Evidence"] dt')].map((term) => term.textContent),
      unseen: item.classList.contains('unseen'),
    })),
  );
}

/** B's browser opened again on B's profile, and B's Changes page in it. */
async function reopen(
  userDataDir: string,
): Promise<{ context: BrowserContext; changes: Page; badge: () => Promise<string> }> {
  const context = await launchWithExtension(userDataDir);
  const sw = await startedWorker(context);
  const changes = await openExtensionPageIn(context, new URL(sw.url()).host, 'changes.html');
  return { context, changes, badge: () => sw.evaluate(() => chrome.action.getBadgeText({})) };
}

/** The hub's admin page at `hubUrl`, its "Team watch" section. */
async function adminTeamWatch(context: BrowserContext, hubUrl: string) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${hubUrl}/admin`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Open the admin page' }).click();
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Team watch', exact: true }),
  });
  return { page, section };
}

test('a team watch list of 40 runs at the hub with every browser closed: each person asked once a period, the changes in a colleague’s Changes page', async ({
  sandbox,
}) => {
  test.setTimeout(90_000);
  const bobProfile = test.info().outputPath('bob-browser');
  let hub: TeamHub | undefined;
  const opened: BrowserContext[] = [];
  try {
    // The hub, both browsers and the 40 people at once.
    const [hubStarted, adaLaunched, bobLaunched, people] = await Promise.allSettled([
      startTeamHub({
        providerUrl: sandbox.url,
        providerKey: 'demo',
        adminToken: ADMIN_TOKEN,
        ratePerMinute: HUB_RATE_PER_MINUTE,
        testClock: true,
      }),
      launchWithExtension(),
      launchWithExtension(bobProfile),
      watchedPeople(sandbox),
    ]);
    if (hubStarted.status === 'fulfilled') hub = hubStarted.value;
    for (const launched of [adaLaunched, bobLaunched])
      if (launched.status === 'fulfilled') opened.push(launched.value);
    for (const outcome of [hubStarted, adaLaunched, bobLaunched, people])
      if (outcome.status === 'rejected') throw outcome.reason;
    const started = hub!;
    const [adaContext, bobContext] = opened as [BrowserContext, BrowserContext];
    const targets = (people as PromiseFulfilledResult<WatchTarget[]>).value;
    const watched = new Set(targets.map((target) => keyOf(target.url)));
    const [tokens] = await Promise.all([
      Promise.all([started.addMember('ada', 200), started.addMember('bob', 200)]),
      started.admin('watch-budget', '1000'),
    ]);
    const [adaSw, bobSw] = await Promise.all([installedWorker(adaContext), installedWorker(bobContext)]);
    const [ada] = await Promise.all([
      joinTeam(adaContext, adaSw, { name: 'ada', sandbox, hubUrl: started.urls[0]!, token: tokens[0] }),
      joinTeam(bobContext, bobSw, { name: 'bob', sandbox, hubUrl: started.urls[1]!, token: tokens[1] }),
    ]);

    // A makes the team's list of 40 from her browser; the quote asked the hub, not the sandbox.
    await teamList(ada, 'Accounts', targets);
    expect(await profilesAsked(sandbox, 0)).toEqual([]);

    // Both browsers close: from here on only the hub works.
    await Promise.all(opened.splice(0).map((context) => context.close()));

    // The hub's due check (its timer's, fired now on both processes): new people are due at once,
    // each asked once for a first answer to compare the next with.
    const firstAsked = await started.advanceClocks(0);
    const first = await profilesAsked(sandbox, 0);
    expect(first.sort()).toEqual([...watched].sort());
    const afterFirst = (await sandbox.requests()).length;

    // Thirty days later, on the sandbox and on both hub processes: each of the 40 asked once again.
    const report: AdvanceReport = await advanceSandbox(sandbox, PERIOD_DAYS);
    const secondAsked = await started.advanceClocks(PERIOD_DAYS);
    const second = await profilesAsked(sandbox, afterFirst);
    expect(second.sort()).toEqual([...watched].sort());
    const expected = new Set(
      report.people.map((person) => keyOf(person.url)).filter((key) => watched.has(key)),
    );
    expect(expected.size).toBe(12);

    // B's browser opens: its badge counts the team's changes, its Changes page shows them.
    const bob = await reopen(bobProfile);
    opened.push(bob.context);
    await expect.poll(bob.badge).toBe(String(expected.size));
    await expect(bob.changes.locator('ol.changes > li')).toHaveCount(expected.size);
    const shown = await shownChanges(bob.changes);
    const shownKeys = new Set(shown.map((change) => keyOf(change.url)));
    expect(shownKeys.size).toBe(shown.length);
    const found = [...shownKeys].filter((key) => expected.has(key)).length;
    const precision = found / shownKeys.size;
    const recall = found / expected.size;
    const figures =
      `hub asked ${firstAsked.join('+')} then ${secondAsked.join('+')}; sandbox asked ${first.length} then ${second.length}; ` +
      `${expected.size} changed among the 40; shown ${shown.length}; precision ${precision}, recall ${recall}`;
    test.info().annotations.push({ type: 'team watch', description: figures });
    console.log(`team watch: ${figures}`);
    expect({ precision, recall }).toEqual({ precision: 1, recall: 1 });
    const kinds = Object.values(EVENT_KIND_LABELS);
    for (const change of shown) {
      // Each an event (its kind the heading), with its evidence, under the team's list, not seen yet.
      expect(
        kinds.some((kind) => change.heading.startsWith(kind)),
        change.heading,
      ).toBe(true);
      expect(change.evidence.length, change.url).toBeGreaterThan(0);
      expect(change.meta).toMatch(/ · Team · Accounts$/);
      expect(change.unseen).toBe(true);
    }
    await expect(bob.changes.locator('#changes-title')).toHaveText(
      `What changed${expected.size} not seen yet`,
    );
    await lookAt(bob.changes, 'team-watch-changes');

    // B's own team list of 10 of the same people: made, and nobody asked, even when the due check
    // fires again within the period.
    const bobMember: Member = {
      name: 'bob',
      context: bob.context,
      sw: await startedWorker(bob.context),
      page: bob.changes,
    };
    const beforeSecondList = (await sandbox.requests()).length;
    await teamList(bobMember, 'Partners', targets.slice(0, 10));
    expect(await started.advanceClocks(0)).toEqual([0, 0]);
    expect(await profilesAsked(sandbox, beforeSecondList)).toEqual([]);

    // The admin's view of the team watch: both lists, everyone asked, nobody due.
    const admin = await adminTeamWatch(bob.context, started.urls[0]!);
    const rows = admin.section.getByRole('table', { name: 'Team watch lists' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    // List, period, made by, people, asked, due (then when next due, and its Remove).
    const cells = (row: number) => rows.nth(row).locator('th, td');
    expect((await cells(0).allTextContents()).slice(0, 6)).toEqual([
      'Accounts',
      '30 days',
      'ada',
      '40',
      '40',
      '0',
    ]);
    expect((await cells(1).allTextContents()).slice(0, 6)).toEqual([
      'Partners',
      '30 days',
      'bob',
      '10',
      '10',
      '0',
    ]);
    await lookAt(admin.page, 'team-watch-hub-admin', admin.section);
  } finally {
    await Promise.all(opened.map((context) => context.close().catch(() => {})));
    await hub?.close();
    await rm(bobProfile, { recursive: true, force: true });
  }
});
