/**
 * "The price is in the button": each control that spends (found in the code by
 * test/support/spending-controls.ts; test/unit/spending-controls.test.ts fails for one no scenario
 * here clicks) is driven to the states that change prices, its accessible name read, and the
 * charge of its click, from the sandbox's log, checked against the price the name says: equal to
 * `N credits`, within `N–M credits`, at most `up to N credits`. The states: fresh (nothing cached),
 * cached (0 credits), a list paused halfway (its Resume prices what is left), a watch due with its
 * alarm not fired (Run now prices the new period), after retention (an answer gone from the cache
 * is priced again), and team mode (what the team's hub has costs nothing).
 */
import type { Locator, Page } from '@playwright/test';
import { startHub } from '../../hub/app';
import { openPglite } from '../../hub/db';
import { addMember } from '../../hub/members';
import { emptyCluster } from '../../hub/testing';
import { PRICE_SCENARIOS } from '../support/spending-controls';
import { send } from './extension-storage';
import { expect, type SandboxHandle, test } from './fixtures';
import { chooseFile, openLists, QUICK_RATE_PER_MINUTE } from './lists-page';
import { openProfileTab, profilePage, samplePerson } from './profile-pages';
import { advanceWatchDays, expireOld, setRate } from './test-hooks';
import { advanceSandbox, reloadChanges, runOver } from './watch-clock';

/** The published person the sandbox serves (sandbox/README.md): 1 credit at any age. */
const PERSON_URL = 'https://www.linkedin.com/in/johnrmarty/';

/** The credits a control's name says its click may charge: the least and the most (null: no bound). */
interface Price {
  min: number;
  max: number | null;
}

/**
 * The price in a control's accessible name, `<what it does> · <quote>` (lib/quote-format.ts
 * `spendLabel`), with a watch's ` a period` and team mode's `(the team has it, …)` after it.
 */
function priceIn(name: string): Price {
  const quote = name
    .slice(name.lastIndexOf(' · ') + 3)
    .replace(/ \(the team has it[^)]*\)$/, '')
    .replace(/ a period$/, '');
  const count = String.raw`(\d[\d,]*)`;
  const number = (text: string) => Number(text.replace(/,/g, ''));
  let match = new RegExp(`^${count} credits?$`).exec(quote);
  if (match) return { min: number(match[1]!), max: number(match[1]!) };
  match = new RegExp(`^up to ${count} credits?$`).exec(quote);
  if (match) return { min: 0, max: number(match[1]!) };
  match = new RegExp(`^${count}–${count} credits?$`).exec(quote);
  if (match) return { min: number(match[1]!), max: number(match[2]!) };
  match = new RegExp(`^at least ${count} credits?$`).exec(quote);
  if (match) return { min: number(match[1]!), max: null };
  if (quote === 'cost not published') return { min: 0, max: null };
  throw new Error(`no price in the name "${name}"`);
}

/** A control found by role and a name that starts so, read whole: its accessible name and itself by it. */
async function readControl(
  page: Page | Locator,
  starts: RegExp,
): Promise<{ name: string; control: Locator }> {
  const first = page.getByRole('button', { name: starts }).first();
  await expect(first).toBeVisible();
  const name = ((await first.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const control = page.getByRole('button', { name, exact: true });
  await expect(control).toBeVisible();
  return { name, control };
}

/** The credits the sandbox charged for the requests made from `since` (an index in its log) on. */
async function chargedSince(sandbox: SandboxHandle, since: number): Promise<number> {
  return (await sandbox.requests()).slice(since).reduce((sum, call) => sum + call.charged, 0);
}

/**
 * Clicks the control named `name`, waits for its work to be over (`done`), and checks that what
 * the sandbox charged for it lies within the price the name says. Returns the charge.
 */
async function clickAndCheck(
  sandbox: SandboxHandle,
  { name, control }: { name: string; control: Locator },
  done: () => Promise<void>,
): Promise<number> {
  const price = priceIn(name);
  const since = (await sandbox.requests()).length;
  await control.click();
  await done();
  const charged = await chargedSince(sandbox, since);
  const bounds = `${price.min}..${price.max ?? '∞'}`;
  expect(charged, `"${name}" charged ${charged}, named ${bounds}`).toBeGreaterThanOrEqual(price.min);
  if (price.max !== null)
    expect(charged, `"${name}" charged ${charged}, named ${bounds}`).toBeLessThanOrEqual(price.max);
  return charged;
}

/** Profile addresses of people of the sandbox's dataset (read before the test's own log starts). */
async function peopleUrls(sandbox: SandboxHandle, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let index = 0; index < count; index++) urls.push((await samplePerson(sandbox, index)).url);
  return urls;
}

/** A list of profile addresses chosen on the lists page, its one column mapped to them. */
async function chooseProfiles(lists: Page, file: string, urls: readonly string[]): Promise<void> {
  await chooseFile(lists, file, ['Profile', ...urls].join('\r\n'));
  await lists.getByLabel('What “Profile” holds').selectOption('profile_url');
}

const listDone = (lists: Page) => () =>
  expect(lists.getByRole('status').filter({ hasText: /^\s*Done$/ })).toBeVisible({ timeout: 60_000 });

test(PRICE_SCENARIOS.panel, async ({ context, sw, sandbox, configure, openExtensionPage }) => {
  await configure({ dailyBudget: null, retentionDays: 90 });
  const { tabId } = await openProfileTab(context, sw, PERSON_URL, profilePage('John Marty'));
  const panelUrl = `sidepanel.html?tab=${tabId}`;

  // Fresh: nothing cached.
  const panel = await openExtensionPage(panelUrl);
  const fresh = await readControl(panel, /^Enrich · /);
  expect(fresh.name).toBe('Enrich · 1 credit');
  await clickAndCheck(sandbox, fresh, () =>
    expect(panel.getByText('fetched just now · 1 credit')).toBeVisible(),
  );
  await panel.close();

  // Cached: the answer shown for nothing, and its refresh priced as a new request.
  const cached = await openExtensionPage(panelUrl);
  await expect(cached.getByText('cached just now · 0 credits')).toBeVisible();
  const refresh = await readControl(cached, /^Refresh · /);
  await clickAndCheck(sandbox, refresh, () =>
    expect(cached.getByText('fetched just now · 1 credit')).toBeVisible(),
  );
  await cached.close();

  // After retention: the answer left the cache, so asking again is priced again, not 0.
  await advanceWatchDays(sw, 120);
  expect(await expireOld(sw)).toBeGreaterThan(0);
  const expired = await openExtensionPage(panelUrl);
  const again = await readControl(expired, /^Enrich( again)? · /);
  expect(priceIn(again.name).min).toBeGreaterThan(0);
  await clickAndCheck(sandbox, again, () =>
    expect(expired.getByText('fetched just now · 1 credit')).toBeVisible(),
  );
});

test(PRICE_SCENARIOS.lists, async ({ sw, sandbox, configure, openExtensionPage }) => {
  await configure({ dailyBudget: null });
  const urls = await peopleUrls(sandbox, 12);
  const lists = await openLists(openExtensionPage);

  // Fresh: the whole list quoted, then paused halfway at a pace slow enough to stop it there.
  await setRate(sw, 60);
  await chooseProfiles(lists, 'team.csv', urls);
  const start = await readControl(lists, /^Enrich 12 rows · /);
  const since = (await sandbox.requests()).length;
  await start.control.click();
  await expect
    .poll(async () => (await sandbox.requests()).length - since, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  await lists.getByRole('button', { name: 'Pause', exact: true }).click();

  // Half-run: Resume prices what is left, and bounds what the rest charges.
  await setRate(sw, QUICK_RATE_PER_MINUTE);
  const resume = await readControl(lists, /^Resume · /);
  const rest = await clickAndCheck(sandbox, resume, listDone(lists));
  const whole = await chargedSince(sandbox, since);
  expect(whole - rest).toBeGreaterThan(0);
  const startPrice = priceIn(start.name);
  expect(whole).toBeGreaterThanOrEqual(startPrice.min);
  if (startPrice.max !== null) expect(whole).toBeLessThanOrEqual(startPrice.max);

  // Cached: the same rows again cost nothing, and are said to.
  await lists.getByRole('button', { name: 'Your lists' }).click();
  await chooseProfiles(lists, 'team-again.csv', urls);
  const cached = await readControl(lists, /^Enrich 12 rows · /);
  expect(cached.name).toBe('Enrich 12 rows · 0 credits');
  await clickAndCheck(sandbox, cached, listDone(lists));
});

test(PRICE_SCENARIOS.watch, async ({ sw, sandbox, configure, openExtensionPage }) => {
  await configure({ dailyBudget: null });
  await setRate(sw, QUICK_RATE_PER_MINUTE);
  const urls = await peopleUrls(sandbox, 3);
  const lists = await openLists(openExtensionPage);
  await chooseProfiles(lists, 'champions.csv', urls);
  await lists.getByRole('button', { name: /^Enrich 3 rows · / }).click();
  await listDone(lists)();

  // Fresh: the watch's first period, as its start names it.
  const form = lists.getByRole('region', { name: 'Watch these' }).getByRole('form', { name: 'Watch' });
  await form.getByLabel('Watch list').fill('Champions');
  const watch = await readControl(form, /^Watch 3 people every 30 days · /);
  const changes = await openExtensionPage('changes.html', { width: 1000 });
  await clickAndCheck(sandbox, watch, () => runOver(changes, 'Champions', 60_000));

  // Due: the period came round and its alarm has not fired; Run now prices the new period.
  // (On main this quotes what is left of the period just run; the fix is on the `watch` branch.)
  await advanceSandbox(sandbox, 30);
  await advanceWatchDays(sw, 30);
  await reloadChanges(changes);
  const card = changes.locator('li.watch-list', { hasText: 'Champions' });
  const runNow = await readControl(card, /^Run now · /);
  await clickAndCheck(sandbox, runNow, () => runOver(changes, 'Champions', 60_000));
});

test(PRICE_SCENARIOS.team, async ({ context, sw, sandbox, configure, openExtensionPage }) => {
  // An empty database as initdb makes it, without initdb's seconds (hub/testing.ts).
  const db = await openPglite(undefined, await emptyCluster());
  const hub = await startHub({ db, port: 0, providerUrl: sandbox.url, providerKey: 'demo' });
  try {
    const { token } = await addMember(db, 'ada', { daily: 200 });
    await configure({ apiKey: '' });
    const options = await openExtensionPage('options.html');
    // As the options page saves the connection: the token goes where only the background reads it.
    expect(
      await send(options, 'settings.save', { connection: 'team-hub', hubUrl: hub.url, hubToken: token }),
    ).toMatchObject({ ok: true });
    const { tabId } = await openProfileTab(context, sw, PERSON_URL, profilePage('John Marty'));
    const panelUrl = `sidepanel.html?tab=${tabId}`;

    // Fresh at the hub too: the service's price.
    const panel = await openExtensionPage(panelUrl);
    const fresh = await readControl(panel, /^Enrich · /);
    expect(fresh.name).toBe('Enrich · 1 credit');
    await clickAndCheck(sandbox, fresh, () =>
      expect(panel.getByText('fetched just now · 1 credit')).toBeVisible(),
    );
    await panel.close();

    // This computer's cache cleared: the team's hub still has it, for nothing.
    await options.reload();
    await options.getByRole('button', { name: 'Clear cache', exact: true }).click();
    await options.getByRole('button', { name: 'Clear cache', exact: true }).click();
    await expect(options.getByRole('button', { name: 'Clear cache', exact: true })).toBeDisabled();
    const again = await openExtensionPage(panelUrl);
    const teamHas = await readControl(again, /^Enrich · /);
    expect(teamHas.name).toMatch(/^Enrich · 0 credits \(the team has it/);
    await clickAndCheck(sandbox, teamHas, () => expect(again.locator('.answer-meta').first()).toBeVisible());
  } finally {
    await hub.close();
    await db.close();
  }
});
