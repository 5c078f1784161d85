/**
 * "Found on this page" batches in the real side panel, against the real background and a sandbox
 * (issue #8): a batch of five spends its quote; Cancel stops before the next item and pays for the
 * one in flight; a batch whose worker is stopped mid-item completes in the next worker paying once,
 * under both behaviours of the sandbox for a request whose client left. Every state (selection,
 * running with progress, cancelled, done, interrupted) is photographed at 360 px, light and dark,
 * into test-results/screenshots/ for a person to look at.
 */
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_SEED, datasetForSeed, startSandbox } from '../../sandbox/app';
import { parseKeyFaults } from '../../sandbox/faults';
import { parseKeys } from '../../sandbox/keys';
import { test as base, expect, type Fixtures, type SandboxHandle } from './fixtures';
import { lookAt } from './look';
import { openProfileTab, PROFILE_PATH } from './profile-pages';
import { setRate } from './test-hooks';

const KEY = 'batch';
const START = 10_000;
/** An account with nothing left: the service refuses every paid call. */
const BROKE = 'broke';
/** Every request of the key waits this long: the batch's progress can be seen, and stopped mid-item. */
const LATENCY_MS = 600;

const test = base.extend<{ sandbox: SandboxHandle }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const server = await startSandbox({
      port: 0,
      keys: parseKeys(`demo=10000:standard,${KEY}=${START}:standard,${BROKE}=0:standard`),
      keyFaults: parseKeyFaults(`${KEY}=latency=${LATENCY_MS}`),
    });
    const admin = async (route: string) => (await fetch(`${server.url}/__sandbox/${route}`)).json();
    await use({
      url: server.url,
      close: server.close,
      requests: async () => (await admin(`requests?key=${KEY}`)).requests,
      balance: async (key = KEY) => {
        const { keys } = (await admin('keys')) as { keys: Array<{ key: string; credit_balance: number }> };
        return keys.find((k) => k.key === key)!.credit_balance;
      },
    });
    await server.close();
  },
});

/**
 * Slows the extension's scheduler to one request a second, so that with the sandbox's 600 ms a
 * batch runs one row at a time and can be cancelled or stopped on a chosen row.
 */
function oneRowAtATime(sw: Fixtures['sw']): Promise<void> {
  return setRate(sw, 60);
}

const { dataset } = datasetForSeed(DEFAULT_SEED);
const COMPANY = dataset.companies[21]!;

/** Five people of the dataset, each a page apart so that no two runs share a cached answer. */
function fivePeople(offset: number) {
  return dataset.people.slice(offset, offset + 5).map((person) => ({
    url: person.url,
    name: String(person.profile.full_name),
  }));
}

/** A company's page on the network, listing five of its people and a contact address. */
function teamPage(people: { url: string; name: string }[]): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Team | Profile</title></head>
  <body>
    <h1>Our team</h1>
    <ul>${people.map((person) => `<li><a href="${person.url}">${person.name}</a></li>`).join('')}</ul>
    <p>Write to <a href="mailto:team@example.com">team@example.com</a>.</p>
  </body>
</html>`;
}

/** The ledger's total, read from IndexedDB in an extension page (the worker's origin). */
async function ledgerTotal(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('enrichment');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const lines = await new Promise<{ credits: number | null }[]>((resolve, reject) => {
        const request = db.transaction('ledger').objectStore('ledger').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return lines.reduce((sum, line) => sum + (line.credits ?? 0), 0);
    } finally {
      db.close();
    }
  });
}

const profileCalls = async (sandbox: SandboxHandle) =>
  (await sandbox.requests()).filter((request) => request.path === PROFILE_PATH);
const chargedTotal = async (sandbox: SandboxHandle) =>
  (await sandbox.requests()).reduce((sum, request) => sum + request.charged, 0);

/** Opens the team page and the panel pinned to its tab; selects the five people. */
async function selectFive(
  { context, sw, openExtensionPage }: Pick<Fixtures, 'context' | 'sw' | 'openExtensionPage'>,
  people: { url: string; name: string }[],
) {
  const { tabId } = await openProfileTab(context, sw, COMPANY.url, teamPage(people));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const found = panel.locator('section.found-on-page');
  await expect(found.getByRole('heading', { level: 2, name: /Found on this page/ })).toBeVisible();
  for (const person of people) {
    await expect(found.getByRole('button', { name: `Enrich ${person.name} · 1 credit` })).toBeVisible();
    await found.getByRole('checkbox', { name: `Select ${person.name}` }).check();
  }
  const start = found.getByRole('button', { name: /^Enrich 5 selected · \d+ credits$/ });
  await expect(start).toBeEnabled();
  const quoted = Number(/· (\d+) credits$/.exec((await start.textContent()) ?? '')![1]);
  return { panel, found, start, quoted, tabId };
}

test('a batch of five from "Found on this page" spends its quote', async ({
  sandbox,
  configure,
  context,
  sw,
  openExtensionPage,
}) => {
  const fixtures = { context, sw, openExtensionPage };
  test.setTimeout(90_000);
  await configure({ apiKey: KEY });
  const people = fivePeople(300);
  const { panel, found, start, quoted } = await selectFive(fixtures, people);
  // Any age (the default freshness): 1 credit a person.
  expect(quoted).toBe(5);
  await screenshots(panel, 'selection', found);

  await start.click();
  // Rows are asked several at once (paced to the rate limit, 200 ms apart; each takes 600 ms).
  await expect
    .poll(async () => (await profileCalls(sandbox)).filter((call) => call.status === 0).length, {
      intervals: [50],
    })
    .toBeGreaterThan(1);
  await expect(found.getByRole('status').filter({ hasText: /Enriching \d of 5/ })).toBeVisible();
  await expect(found.locator('progress')).toBeVisible();
  await screenshots(panel, 'running', found);

  await expect(found.getByText('Enriched 5 of 5 · 5 credits')).toBeVisible({ timeout: 30_000 });
  await screenshots(panel, 'done', found);
  // Each row now reads as who it is, fetched at 1 credit.
  for (const person of people) await expect(found.getByText(person.name).first()).toBeVisible();
  // The quote was spent: the balance before and after, the sandbox's charges and the ledger agree.
  expect(START - (await sandbox.balance())).toBe(quoted);
  expect(await chargedTotal(sandbox)).toBe(quoted);
  expect(await ledgerTotal(panel)).toBe(quoted);
  expect((await profileCalls(sandbox)).map((call) => call.status)).toEqual([200, 200, 200, 200, 200]);
  await expect(panel.locator('.panel-footer')).toContainText(`Today: ${quoted} of 200 credits`);
});

test('Cancel stops before the next item: the one in flight finishes and is paid', async ({
  sandbox,
  configure,
  context,
  sw,
  openExtensionPage,
}) => {
  const fixtures = { context, sw, openExtensionPage };
  test.setTimeout(90_000);
  await configure({ apiKey: KEY });
  // One row every 3 s, not every second: the click must land while the second row is at the service,
  // before the third leaves, and a busy machine took more than the 400 ms a second's pace leaves.
  await setRate(sw, 20);
  const { panel, found, start } = await selectFive(fixtures, fivePeople(320));
  await start.click();
  // The second item is at the service: cancel now.
  await expect
    .poll(async () => (await profileCalls(sandbox)).map((call) => call.status), { intervals: [100] })
    .toEqual([200, 0]);
  await found.getByRole('button', { name: 'Cancel' }).click();
  await expect(found.getByText(/Cancelling: the call in flight finishes and is paid/)).toBeVisible();
  await expect(found.getByText('Cancelled: 2 of 5 asked · 2 credits')).toBeVisible({ timeout: 20_000 });
  await expect(found.getByText('3 not asked, nothing spent on them')).toBeVisible();
  await screenshots(panel, 'cancelled', found);
  expect((await profileCalls(sandbox)).map((call) => [call.status, call.charged])).toEqual([
    [200, 1],
    [200, 1],
  ]);
  expect(START - (await sandbox.balance())).toBe(2);
  expect(await ledgerTotal(panel)).toBe(2);
});

for (const { name, chargeOnClientGone } of [
  { name: 'charges nothing when the client left', chargeOnClientGone: false },
  { name: 'charges a request whose client left', chargeOnClientGone: true },
]) {
  test(`a batch interrupted by stopping the worker completes paying once, on a sandbox that ${name}`, async ({
    sandbox,
    configure,
    context,
    sw,
    openExtensionPage,
  }) => {
    const fixtures = { context, sw, openExtensionPage };
    test.setTimeout(120_000);
    await fetch(`${sandbox.url}/__sandbox/keys/${KEY}?charge_on_client_gone=${chargeOnClientGone}`, {
      method: 'PUT',
    });
    await configure({ apiKey: KEY });
    await oneRowAtATime(sw);
    const people = fivePeople(chargeOnClientGone ? 360 : 340);
    const { panel, found, start } = await selectFive(fixtures, people);
    await start.click();
    // The third item has reached the service and waits for its answer: stop the worker now.
    await expect
      .poll(async () => (await profileCalls(sandbox)).map((call) => call.status), { intervals: [100] })
      .toEqual([200, 200, 0]);
    const cdp = await context.newCDPSession(panel);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');

    // The panel keeps reading the batch, which wakes a new worker; that one resumes the batch.
    if (chargeOnClientGone) {
      // Charged though its answer was lost: shown with what it cost, and asking again is quoted.
      await expect(found.getByText('Enriched 4 of 5 · 5 credits')).toBeVisible({ timeout: 60_000 });
      const row = found.locator('li.found-row', { hasText: people[2]!.name });
      await expect(row.getByText('Interrupted: cost 1 credit')).toBeVisible();
      await expect(
        row.getByRole('button', { name: `Ask again for ${people[2]!.name} · 1 credit` }),
      ).toBeVisible();
      await screenshots(panel, 'interrupted', found);
      // The account view lists it with what it cost.
      const options = await fixtures.openExtensionPage('options.html');
      const account = options.locator('section', { has: options.getByRole('heading', { name: 'Account' }) });
      await expect(account.getByText('Interrupted: the answer was lost; cost 1 credit.')).toBeVisible();
      await expect(account.getByText('1 credit · interrupted')).toBeVisible();
      await screenshots(options, 'account-interrupted', account);
      expect((await profileCalls(sandbox)).map((call) => [call.status, call.charged])).toEqual([
        [200, 1],
        [200, 1],
        [499, 1],
        [200, 1],
        [200, 1],
      ]);
    } else {
      // Certainly not charged (read from the balance once it could no longer change): sent again.
      await expect(found.getByText(/Reading from your balance what the interrupted call cost/)).toBeVisible({
        timeout: 60_000,
      });
      await screenshots(panel, 'settling', found);
      // The batch asks it again by itself if it was not charged: asking again is not offered meanwhile.
      const row = found.locator('li.found-row', { hasText: people[2]!.name });
      await expect(row.getByRole('button', { name: /^Ask again/ })).toHaveCount(0);
      await expect(found.getByText('Enriched 5 of 5 · 5 credits')).toBeVisible({ timeout: 60_000 });
      const calls = (await profileCalls(sandbox)).map((call) => [call.status, call.charged]);
      expect(calls.filter(([status]) => status === 499)).toEqual([[499, 0]]);
      expect(calls.filter(([status]) => status === 200)).toHaveLength(5);
    }
    // Five people, each paid once; the ledger says exactly what the balance lost.
    expect(START - (await sandbox.balance())).toBe(5);
    expect(await chargedTotal(sandbox)).toBe(5);
    expect(await ledgerTotal(panel)).toBe(5);
  });
}

test("a row's own action: asked past today's budget, refused by an empty account, offered again at its price", async ({
  sandbox,
  configure,
  context,
  sw,
  openExtensionPage,
}) => {
  await configure({ apiKey: BROKE, dailyBudget: 0 });
  const people = fivePeople(340);
  const person = people[1]!;
  const { tabId } = await openProfileTab(context, sw, COMPANY.url, teamPage(people));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const found = panel.locator('section.found-on-page');
  const row = found.locator('li.found-row', { hasText: person.name });
  await row.getByRole('button', { name: `Enrich ${person.name} · 1 credit`, exact: true }).click();
  await expect(
    row.getByText("This may cost up to 1 credit; 0 left in today's budget. Spend anyway?"),
  ).toBeVisible();
  // While it asks, the row cannot go in a batch.
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await screenshots(panel, 'row-confirming', row);

  await row.getByRole('button', { name: 'Spend anyway · 1 credit', exact: true }).click();
  const alert = row.getByRole('alert');
  await expect(alert).toContainText('Your account has no credits left');
  await expect(
    alert.getByRole('button', { name: `Try again ${person.name} · 1 credit`, exact: true }),
  ).toBeVisible();
  await expect(row.getByRole('checkbox', { name: `Select ${person.name}` })).toBeVisible();
  await screenshots(panel, 'row-failed', row);
  expect(await sandbox.balance(BROKE)).toBe(0);
});

/** This spec's pictures and accessibility checks (test/e2e/look.ts). */
function screenshots(page: Page, name: string, focus?: Locator) {
  return lookAt(page, `batch-${name}`, focus);
}
