/**
 * A member's list at the team hub, end to end in Chromium against a hub process on PostgreSQL in
 * front of the sandbox. Past the member's budget the list is quoted with what they have left, waits
 * with its rows kept once the budget is spent, and goes on when the admin raises the budget: each
 * person paid once. With the hub killed mid-list and started again, every row ends answered, none
 * is an "answer lost" for a call the service never saw, and nobody is paid twice.
 */
import type { Page } from '@playwright/test';
import type { ListState } from '../../lib/protocol';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { send } from './extension-storage';
import { expect, test } from './fixtures';
import { startTeamHub, type TeamHub } from './hub-handle';
import { chooseProfiles, listOf, openLists } from './lists-page';
import { lookAt } from './look';
import { PROFILE_PATH } from './profile-pages';
import type { SandboxHandle } from './sandbox-handle';
import { setRate } from './test-hooks';

const { dataset } = datasetForSeed(DEFAULT_SEED);

/** The profile addresses the sandbox charged for, each as often as it was charged. */
async function paidFor(sandbox: SandboxHandle): Promise<string[]> {
  return (await sandbox.requests())
    .filter((request) => request.path === PROFILE_PATH && request.charged > 0)
    .map((request) => request.query?.profile_url ?? '');
}

async function listState(page: Page, id: string): Promise<ListState> {
  const state = await send<ListState | null>(page, 'list.state', { id, since: 0 });
  if (!state) throw new Error(`no list ${id}`);
  return state;
}

/** The member's browser in team mode, on the hub's first process. */
async function joined(page: Page, hub: TeamHub, token: string): Promise<void> {
  expect(
    await send<{ ok: boolean }>(page, 'settings.save', {
      connection: 'team-hub',
      hubUrl: hub.urls[0],
      hubToken: token,
    }),
  ).toMatchObject({ ok: true });
}

test('a list past the member’s budget says so, waits with its rows kept, and goes on when the admin raises it', async ({
  configure,
  sandbox,
  openExtensionPage,
}) => {
  test.setTimeout(240_000);
  const hub = await startTeamHub({ providerUrl: sandbox.url, providerKey: 'demo', processes: 1 });
  try {
    const token = await hub.addMember('ada', 5);
    await configure({ dailyBudget: null });
    const page = await openLists(openExtensionPage);
    await joined(page, hub, token);
    await page.reload();
    const urls = dataset.people.slice(400, 412).map((person) => person.url);
    await chooseProfiles(page, 'team-prospects.csv', urls);
    const start = page.getByRole('button', {
      name: 'Enrich 12 rows · 12 credits · you have 5 left today at the team hub',
      exact: true,
    });
    await expect(start).toBeVisible();
    await lookAt(page, 'lists-team-quote');
    await start.click();
    await expect(page.getByText('Waiting: your team budget is spent for today')).toBeVisible({
      timeout: 60_000,
    });
    // Waiting, no row moves: no pace and no time left are promised.
    for (const figure of ['Rows a minute', 'Time left'])
      await expect(page.locator('.figure', { hasText: figure }).locator('dd')).toHaveText('–');
    await lookAt(page, 'lists-team-waiting');
    const id = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('list')!;
    const waiting = await listState(page, id);
    expect(waiting.summary.counts).toMatchObject({ done: 5, failed: 0, interrupted: 0 });
    expect(waiting.summary.counts.queued + waiting.summary.counts.running).toBe(7);
    expect(await paidFor(sandbox)).toHaveLength(5);

    await hub.admin('set-budget', 'ada', '--daily', '100');
    await expect
      .poll(async () => (await listState(page, id)).summary.status, { timeout: 150_000, intervals: [2_000] })
      .toBe('done');
    expect((await listState(page, id)).summary.counts).toMatchObject({ done: 12, failed: 0, interrupted: 0 });
    const paid = await paidFor(sandbox);
    expect(paid.sort()).toEqual([...urls].sort());
  } finally {
    await hub.close();
  }
});

test('the hub killed mid-list and started again: every row answered, none lost that the service never saw, nobody paid twice', async ({
  configure,
  sandbox,
  sw,
  openExtensionPage,
}) => {
  test.setTimeout(240_000);
  // A request the hub had sent when it was killed is settled once its lease passes (about twice
  // the provider timeout): 5 s here, not the default minute, for a sandbox that answers at once.
  const hub = await startTeamHub({
    providerUrl: sandbox.url,
    providerKey: 'demo',
    processes: 1,
    providerTimeoutMs: 5_000,
  });
  try {
    const token = await hub.addMember('ada', 500);
    await configure({ dailyBudget: null });
    const page = await openExtensionPage('options.html');
    await joined(page, hub, token);
    // A row a second, so the hub goes down with most of the list still to ask.
    await setRate(sw, 60);
    const urls = dataset.people.slice(420, 440).map((person) => person.url);
    const started = await send<{ status: string; list: { id: string } }>(page, 'list.start', listOf(urls));
    expect(started.status).toBe('started');
    const id = started.list.id;
    await expect
      .poll(async () => (await paidFor(sandbox)).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(4);

    await hub.crash(0);
    // Rows asked while it is down find nothing listening: nothing was sent, so nothing is lost.
    await page.waitForTimeout(4_000);
    await hub.restart(0);
    await setRate(sw, 1_200);
    await expect
      .poll(async () => (await listState(page, id)).summary.status, { timeout: 150_000, intervals: [2_000] })
      .toBe('done');

    const { summary, requests } = await listState(page, id);
    const seen = new Set(
      (await sandbox.requests())
        .filter((request) => request.path === PROFILE_PATH)
        .map((request) => request.query?.profile_url),
    );
    // A row whose answer was lost is one the service saw (it went down between the two).
    for (const request of requests.filter((one) => one.status === 'interrupted'))
      expect(
        seen.has(
          new URLSearchParams(request.key.slice(request.key.indexOf('?') + 1)).get('profile_url') ?? '',
        ),
      ).toBe(true);
    expect(summary.counts.failed).toBe(0);
    expect(summary.counts.done + summary.counts.interrupted).toBe(20);
    const paid = await paidFor(sandbox);
    expect(new Set(paid).size).toBe(paid.length);
  } finally {
    await hub.close();
  }
});
