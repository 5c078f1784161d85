/**
 * "Forget leaves nothing", for the newest kind of record: people watched in two watch lists, run
 * in one period and again in the next, in Chromium against the sandbox. Forgotten from the options
 * and then Clear history: no store, key, index or storage area of the extension names the
 * forgotten person (their profile address, its id or their name). And on the clock moved past a
 * 90-day retention period: nothing names the other watched person but the watch list that still
 * holds them (no request id, journal key or ledger line).
 */
import type { Page, Worker } from '@playwright/test';
import type { WatchListDetail, WatchStartResult } from '../../lib/protocol';
import { everythingStored, send } from './extension-storage';
import { expect, test } from './fixtures';
import { samplePerson } from './profile-pages';
import { advanceWatchDays, expireOld } from './test-hooks';
import { daysLater } from './watch-clock';

/** Creates a watch list of these people and waits for its first run to be over. */
async function watched(page: Page, name: string, urls: string[]): Promise<string> {
  const started = await send<WatchStartResult>(page, 'watch.create', {
    startId: crypto.randomUUID(),
    name,
    targets: urls.map((url) => ({ kind: 'person', url })),
    periodDays: 30,
    freshness: 'if-recent',
    cap: null,
  });
  if (started.status !== 'started') throw new Error(`not started: ${JSON.stringify(started)}`);
  await runOver(page, started.list.id);
  return started.list.id;
}

/** Waits until every member of the list was asked in its current period. */
async function runOver(page: Page, id: string): Promise<void> {
  await expect
    .poll(async () => (await send<WatchListDetail | null>(page, 'watch.list', { id }))?.summary.status, {
      timeout: 30_000,
    })
    .toBe('idle');
}

/** The ways a stored record can name a person: their profile address, its id, and their name. */
function tracesOf(person: { url: string; fullName: string }): string[] {
  return [person.url, person.url.slice(person.url.lastIndexOf('/') + 1), person.fullName].map((trace) =>
    trace.toLowerCase(),
  );
}

async function twoListsRunTwice(page: Page, sw: Worker, sandbox: Parameters<typeof daysLater>[0]) {
  const [ada, grace, alan] = [
    await samplePerson(sandbox, 1),
    await samplePerson(sandbox, 2),
    await samplePerson(sandbox, 3),
  ];
  const lists = [
    await watched(page, 'Champions', [ada.url, grace.url]),
    await watched(page, 'Board', [ada.url, alan.url]),
  ];
  await daysLater(sandbox, sw, 30);
  for (const id of lists) await runOver(page, id);
  return { ada, grace, lists };
}

test('a person watched in two lists, forgotten and then the history cleared: nothing anywhere names them', async ({
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure({ dailyBudget: null });
  const options = await openExtensionPage('options.html');
  const { ada } = await twoListsRunTwice(options, sw, sandbox);
  const before = await everythingStored(options);
  for (const trace of tracesOf(ada)) expect(before).toContain(trace);

  const data = options.locator('section', {
    has: options.getByRole('heading', { name: 'Data about others' }),
  });
  await data.getByLabel('Forget a person or company').fill(ada.url);
  await data.getByRole('button', { name: 'Forget', exact: true }).click();
  await expect(data.getByText(`Forgotten: ${ada.url}`)).toBeVisible();
  const forgotten = await everythingStored(options);
  for (const trace of tracesOf(ada)) expect(forgotten).not.toContain(trace);

  await data.getByRole('button', { name: 'Clear history', exact: true }).click();
  await expect(data.getByRole('button', { name: 'Clear history', exact: true })).toBeEnabled();
  const cleared = await everythingStored(options);
  for (const trace of tracesOf(ada)) expect(cleared).not.toContain(trace);
});

test('past the retention period, a watched person is named only by the watch list that holds them', async ({
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure({ dailyBudget: null, retentionDays: 90 });
  const options = await openExtensionPage('options.html');
  const { grace, lists } = await twoListsRunTwice(options, sw, sandbox);
  // Paused, the lists do not run again on the moved clock: only retention acts.
  for (const id of lists) await send(options, 'watch.control', { id, control: { action: 'pause' } });
  await advanceWatchDays(sw, 120);
  expect(await expireOld(sw)).toBeGreaterThan(0);

  // Everything but the watch's own members: no journal key, request id, ledger line or answer.
  const outsideTheWatch = await everythingStored(options, ['watchMembers']);
  for (const trace of tracesOf(grace)) expect(outsideTheWatch).not.toContain(trace);
  const members = await everythingStored(options);
  expect(members).toContain(grace.url.toLowerCase());
});
