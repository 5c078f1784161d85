/**
 * "The price is in the button": each control that spends (found in the code by
 * test/support/spending-controls.ts; test/unit/spending-controls.test.ts fails for one no scenario
 * here clicks) is driven to the states that change prices, its accessible name read, and the
 * charge of its click, from the sandbox's log, checked against the price the name says: equal to
 * `N credits`, within `N–M credits`, at most `up to N credits`. The states: fresh (nothing cached),
 * cached (0 credits), a list paused halfway (its Resume prices what is left), a watch due with its
 * alarm not fired (Run now prices the new period), after retention (an answer gone from the cache
 * is priced again), past today's budget (each confirmation named with the price it confirms), an
 * answer lost or failed (asking again is a new request, at its price), an answer no longer kept
 * (asking again is priced, not 0), and team mode (what the team's hub has costs nothing; a price
 * past what the member has left says so and still bounds the charge).
 */
import type { Locator, Page } from '@playwright/test';
import { startHub } from '../../hub/app';
import { addMember, setBudget } from '../../hub/members';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { openEmptyPglite } from '../support/hub-testing';
import { PRICE_SCENARIOS } from '../support/spending-controls';
import { send } from './extension-storage';
import { test as base, expect, type SandboxHandle } from './fixtures';
import { chooseProfiles, openLists, QUICK_RATE_PER_MINUTE } from './lists-page';
import { openProfileTab, profilePage, samplePerson } from './profile-pages';
import { startTestSandbox } from './sandbox-handle';
import { advanceWatchDays, clickContextMenu, expireOld, setRate } from './test-hooks';
import { advanceSandbox, reloadChanges, runOver } from './watch-clock';

/** The published person the sandbox serves (sandbox/README.md): 1 credit at any age. */
const PERSON_URL = 'https://www.linkedin.com/in/johnrmarty/';
/** A company of the sandbox's dataset with jobs and employees (as test/e2e/company-sections.spec.ts). */
const COMPANY_URL = 'https://www.linkedin.com/company/turner';

const { dataset } = datasetForSeed(DEFAULT_SEED);

/**
 * The harness's sandbox, with two keys that fail: `broken` answers in a shape that breaks the
 * schema (charged, as the provider charges an answer it produced: the answer is lost), and `crash`
 * answers 500 (nothing charged: the row fails). A test switches to one and back to `demo`.
 */
const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const sandbox = await startTestSandbox({
      keys: 'demo=10000:standard,poor=3:standard,slow=10000:growth,probe=10000:standard,broken=10000:standard,crash=10000:standard',
      faults: 'slow=latency=3000;broken=schema;crash=500',
    });
    await use(sandbox);
    await sandbox.close();
  },
});

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
  // A team member's quote past what they have left says so after the price.
  const named = name.replace(/ · you have \d[\d,]* left today at the team hub$/, '');
  const quote = named
    .slice(named.lastIndexOf(' · ') + 3)
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
  // Of several alike (a failed list's rows), the first.
  const control = page.getByRole('button', { name, exact: true }).first();
  await expect(control).toBeVisible();
  return { name, control };
}

/** The credits the sandbox charged for the requests made from `since` (an index in its log) on. */
async function chargedSince(sandbox: SandboxHandle, since: number): Promise<number> {
  return (await sandbox.requests()).slice(since).reduce((sum, call) => sum + call.charged, 0);
}

/**
 * Clicks the control named `name`, waits for its work to be over (`done`) and for every request it
 * made to be answered, and checks that what the sandbox charged for them lies within the price the
 * name says. Returns the charge.
 */
async function clickAndCheck(
  sandbox: SandboxHandle,
  { name, control }: { name: string; control: Locator },
  done: (since: number) => Promise<void>,
): Promise<number> {
  const price = priceIn(name);
  const since = (await sandbox.requests()).length;
  await control.click();
  await done(since);
  // A request in flight is logged with status 0 until it is answered (and charged).
  await expect
    .poll(async () => (await sandbox.requests()).slice(since).filter((call) => call.status === 0).length)
    .toBe(0);
  const charged = await chargedSince(sandbox, since);
  test.info().annotations.push({ type: 'price', description: `"${name}": the sandbox charged ${charged}` });
  const bounds = `${price.min}..${price.max ?? '∞'}`;
  expect(charged, `"${name}" charged ${charged}, named ${bounds}`).toBeGreaterThanOrEqual(price.min);
  if (price.max !== null)
    expect(charged, `"${name}" charged ${charged}, named ${bounds}`).toBeLessThanOrEqual(price.max);
  return charged;
}

/** Waits until the service was asked something (a balance reading aside) since `since`. */
async function askedSince(sandbox: SandboxHandle, since: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (await sandbox.requests())
          .slice(since)
          .filter((call) => call.status !== 0 && !call.path.endsWith('/credit-balance')).length,
    )
    .toBeGreaterThan(0);
}

/** Profile addresses of people of the sandbox's dataset (read before the test's own log starts). */
async function peopleUrls(sandbox: SandboxHandle, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let index = 0; index < count; index++) urls.push((await samplePerson(sandbox, index)).url);
  return urls;
}

/** A list of profile addresses chosen on the lists page, its one column mapped to them. */
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

test(PRICE_SCENARIOS.lost, async ({ context, sw, sandbox, configure, openExtensionPage }) => {
  // Lost: the answer arrives spoiled (charged, as the provider does); asking again is a new request.
  await configure({ dailyBudget: null, apiKey: 'broken' });
  const person = await samplePerson(sandbox, 2);
  const { tabId } = await openProfileTab(context, sw, person.url, profilePage(person.fullName));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const notice = panel.getByRole('status').filter({ hasText: /^Interrupted/ });
  await clickAndCheck(sandbox, await readControl(panel, /^Enrich · /), () =>
    expect(notice).toBeVisible({ timeout: 20_000 }),
  );
  // Asked again with the same key (settings changed would start the panel afresh): a new request,
  // lost again and charged again, within the price the control names.
  await clickAndCheck(sandbox, await readControl(notice, /^Ask again · /), async (since) => {
    await askedSince(sandbox, since);
    await expect(notice).toBeVisible({ timeout: 20_000 });
  });
  await panel.close();

  // Stale: with a maximum age set, a person whose copy is older and cannot be fetched live is
  // refused (409) with the copy's age; accepting that copy is priced as the service says.
  await configure({ dailyBudget: null, profileFreshness: 'if-recent' });
  const { people } = (await (await fetch(`${sandbox.url}/__sandbox/unrefreshable`)).json()) as {
    people: { url: string; last_updated: string }[];
  };
  const old = people.find((someone) => Date.now() - Date.parse(someone.last_updated) > 40 * 86_400_000);
  expect(old, 'an unrefreshable person older than 40 days').toBeDefined();
  const stale = await openProfileTab(context, sw, old!.url, profilePage('Someone'));
  const v3Panel = await openExtensionPage(`sidepanel.html?tab=${stale.tabId}`);
  await v3Panel.getByRole('button', { name: 'Open the v3 profile' }).click();
  const v3 = v3Panel.getByRole('region', { name: 'v3 profile' });
  await clickAndCheck(sandbox, await readControl(v3, /^Enrich · /), () =>
    expect(v3.getByRole('alert')).toContainText(/Only a copy of this profile \d+ days old is available/),
  );
  await clickAndCheck(
    sandbox,
    await readControl(v3.getByRole('alert'), /^Accept a copy \d+ days old · /),
    () => expect(v3.getByText(/^fetched just now · /)).toBeVisible(),
  );
});

test(PRICE_SCENARIOS.emailLookup, async ({ context, sw, sandbox, configure, openExtensionPage }) => {
  await configure({ dailyBudget: 2 });
  const person = dataset.people[30]!;
  const { tabId } = await openProfileTab(
    context,
    sw,
    dataset.people[0]!.url,
    profilePage(String(dataset.people[0]!.profile.full_name)),
  );
  const lookedUp = (section: Locator, who: typeof person, asked: string) => async () => {
    // Past today's budget each ask is confirmed, by a control named with the same price.
    const heading = section.getByRole('heading', { name: String(who.profile.full_name) });
    const confirm = section.getByRole('button', { name: /^Spend anyway · / });
    await expect(heading.or(confirm)).toBeVisible();
    if (await confirm.isVisible()) {
      const read = await readControl(section, /^Spend anyway · /);
      expect(priceIn(read.name)).toEqual(priceIn(asked));
      await read.control.click();
    }
    await expect(heading).toBeVisible();
  };

  // Past today's budget, declined: nothing asked, and asking after all is priced.
  await clickContextMenu(sw, tabId, {
    menuItemId: 'lookup-email-selection',
    selectionText: person.emails[0]!,
  });
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const section = panel.getByRole('region', { name: 'Email lookup' });
  await section.getByRole('button', { name: 'Cancel', exact: true }).click();
  const afterAll = await readControl(section, /^Look it up after all · /);
  await clickAndCheck(sandbox, afterAll, lookedUp(section, person, afterAll.name));
  await panel.close();

  // Another address looked up within the budget, answered in the click; once the cache is cleared,
  // its answer is no longer kept, and asking again is a new request, priced.
  await configure({ dailyBudget: null });
  const another = dataset.people[14]!;
  await clickContextMenu(sw, tabId, {
    menuItemId: 'lookup-email-selection',
    selectionText: another.emails[0]!,
  });
  const options = await openExtensionPage('options.html');
  const clear = options.getByRole('button', { name: 'Clear cache', exact: true });
  await clear.click();
  await clear.click();
  await expect(clear).toBeDisabled();
  const reopened = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const gone = reopened.getByRole('region', { name: 'Email lookup' });
  await expect(gone.getByText('The answer is no longer kept')).toBeVisible();
  const again = await readControl(gone, /^Look it up again · /);
  await clickAndCheck(sandbox, again, lookedUp(gone, another, again.name));
});

test(PRICE_SCENARIOS.company, async ({ context, sw, sandbox, configure, openExtensionPage }) => {
  await configure({ dailyBudget: null });
  const { tabId } = await openProfileTab(context, sw, COMPANY_URL, profilePage('A company'));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await clickAndCheck(sandbox, await readControl(panel, /^Enrich · /), () =>
    expect(panel.getByText(/^fetched just now · /).first()).toBeVisible(),
  );
  const section = (name: string) => panel.getByRole('region', { name });
  const fetched =
    (region: Locator, line = /fetched just now · /) =>
    () =>
      expect(region.getByText(line).first()).toBeVisible();

  // Fresh: each section's first ask.
  const count = section('Employee count');
  await clickAndCheck(sandbox, await readControl(count, /^Count employees · /), fetched(count));
  const jobs = section('Jobs');
  await clickAndCheck(sandbox, await readControl(jobs, /^Search jobs · /), fetched(jobs));
  await clickAndCheck(sandbox, await readControl(jobs, /^Load more · /), fetched(jobs, /^Page 2 · fetched/));
  const firstJob = jobs.locator('ol.results > li').first();
  await firstJob.getByRole('button').first().click();
  await clickAndCheck(sandbox, await readControl(firstJob, /^Open job profile · /), () =>
    expect(firstJob.getByRole('heading', { level: 3 })).toBeVisible(),
  );
  const employees = section('Employees');
  await clickAndCheck(sandbox, await readControl(employees, /^List employees · /), fetched(employees));
  const logo = section('Logo');
  await clickAndCheck(sandbox, await readControl(logo, /^Search logos · /), fetched(logo));

  // Answered: a refresh is a new request, at its price.
  await clickAndCheck(sandbox, await readControl(count, /^Refresh count · /), async (since) => {
    await askedSince(sandbox, since);
    await fetched(count)();
  });

  // Refused for want of credits: the retry spends again, so it is named with its price, and what
  // it charges (nothing, refused again) lies within it.
  await configure({ dailyBudget: null, apiKey: 'poor' });
  await clickAndCheck(sandbox, await readControl(employees, /^Refresh employees · /), () =>
    expect(employees.getByText('Top up your balance, then try again')).toBeVisible(),
  );
  await clickAndCheck(sandbox, await readControl(employees, /^Try again · /), (since) =>
    askedSince(sandbox, since),
  );
});

test(PRICE_SCENARIOS.popup, async ({ sandbox, configure, openExtensionPage }) => {
  await configure({ dailyBudget: null });
  const popup = await openExtensionPage('popup.html');
  // Every tab stays mounted while the popup is open; only the selected one is visible.
  const field = (label: string) => popup.getByLabel(label, { exact: true }).filter({ visible: true });
  const answered = () =>
    expect(popup.locator('.popup-results .answer-meta').filter({ visible: true }).first()).toContainText(
      'fetched just now',
    );

  // A search, fresh, then refreshed.
  await field('Country').fill('GB');
  await clickAndCheck(sandbox, await readControl(popup, /^Search people · /), answered);
  await clickAndCheck(sandbox, await readControl(popup, /^Refresh results · /), (since) =>
    askedSince(sandbox, since),
  );

  // A lookup, fresh, then refreshed.
  await popup.getByRole('tab', { name: 'Lookups' }).click();
  await popup.getByRole('radio', { name: 'Email' }).filter({ visible: true }).check();
  await field('Email (required)').fill(dataset.people[0]!.emails[0]!);
  await clickAndCheck(sandbox, await readControl(popup, /^Look up email · /), answered);
  await clickAndCheck(sandbox, await readControl(popup, /^Refresh email lookup · /), (since) =>
    askedSince(sandbox, since),
  );
});

test(PRICE_SCENARIOS.batch, async ({ context, sw, sandbox, configure, openExtensionPage }) => {
  // A budget the selection goes past: its confirmation spends, named with its price too.
  await configure({ dailyBudget: 2 });
  const company = dataset.companies[21]!;
  const people = dataset.people.slice(340, 343).map((person) => String(person.profile.full_name));
  const links = dataset.people
    .slice(340, 343)
    .map((person, index) => `<li><a href="${person.url}">${people[index]}</a></li>`)
    .join('');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Team | Profile</title></head><body><h1>Our team</h1><ul>${links}</ul></body></html>`;
  const { tabId } = await openProfileTab(context, sw, company.url, page);
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const found = panel.locator('section.found-on-page');

  // One row, fresh.
  const row = await readControl(found, new RegExp(`^Enrich ${people[0]} · `));
  await clickAndCheck(sandbox, row, (since) => askedSince(sandbox, since));

  // The other two, selected: past today's budget, so confirmed.
  for (const name of people.slice(1)) await found.getByRole('checkbox', { name: `Select ${name}` }).check();
  const selected = await readControl(found, /^Enrich 2 selected · /);
  const charged = await clickAndCheck(sandbox, selected, async () => {
    const confirm = await readControl(found, /^Spend anyway · /);
    expect(priceIn(confirm.name)).toEqual(priceIn(selected.name));
    await confirm.control.click();
    await expect(found.getByText(/^Enriched 2 of 2 · /)).toBeVisible({ timeout: 30_000 });
  });
  expect(charged).toBe(2);

  // The page's own company, past the budget too: the section's confirmation, named with its price.
  const enrich = await readControl(panel, /^Enrich · /);
  await clickAndCheck(sandbox, enrich, async (since) => {
    const confirm = await readControl(panel, /^Spend anyway · /);
    expect(priceIn(confirm.name)).toEqual(priceIn(enrich.name));
    await confirm.control.click();
    await askedSince(sandbox, since);
  });
});

test(PRICE_SCENARIOS.lists, async ({ sw, sandbox, configure, openExtensionPage }) => {
  await configure({ dailyBudget: null });
  const people = await peopleUrls(sandbox, 19);
  const urls = people.slice(0, 12);
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
  test
    .info()
    .annotations.push({ type: 'price', description: `"${start.name}": the sandbox charged ${whole}` });
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

  // Past today's budget: the start asks first, and its confirmation is named with the same price.
  await configure({ dailyBudget: 1 });
  await lists.getByRole('button', { name: 'Your lists' }).click();
  await chooseProfiles(lists, 'more.csv', people.slice(12, 15));
  const past = await readControl(lists, /^Enrich 3 rows · /);
  await clickAndCheck(sandbox, past, async () => {
    const confirm = await readControl(lists, /^Spend anyway · /);
    expect(priceIn(confirm.name)).toEqual(priceIn(past.name));
    await confirm.control.click();
    await listDone(lists)();
  });

  // Stopped at its cap: Resume, with a new cap, prices what is left.
  await configure({ dailyBudget: null });
  await lists.getByRole('button', { name: 'Your lists' }).click();
  await chooseProfiles(lists, 'capped.csv', people.slice(15));
  await lists.getByLabel('Stop after (credits)').fill('2');
  await lists.getByRole('button', { name: /^Enrich 4 rows · / }).click();
  await lists.getByLabel('New cap (credits)').fill('10');
  await clickAndCheck(sandbox, await readControl(lists, /^Resume · /), listDone(lists));

  // Its answers refreshed, past today's budget: the refresh priced first, then confirmed.
  await configure({ dailyBudget: 1 });
  await lists.getByLabel('Answers older than (days)').fill('0');
  await lists.getByRole('button', { name: 'Check the price', exact: true }).click();
  const refresh = await readControl(lists, /^Refresh 4 rows · /);
  await clickAndCheck(sandbox, refresh, async (since) => {
    const confirm = await readControl(lists, /^Spend anyway · /);
    expect(priceIn(confirm.name)).toEqual(priceIn(refresh.name));
    await confirm.control.click();
    // Each of the four rows asked again, then the list over.
    await expect
      .poll(
        async () =>
          (await sandbox.requests())
            .slice(since)
            .filter((call) => call.status !== 0 && !call.path.endsWith('/credit-balance')).length,
        { timeout: 30_000 },
      )
      .toBe(4);
    await listDone(lists)();
  });
});

test(PRICE_SCENARIOS.failedRows, async ({ sw, sandbox, configure, openExtensionPage }) => {
  // Every row fails: the service answers 500 (nothing charged) for the key the list runs with.
  await configure({ dailyBudget: null, apiKey: 'crash' });
  await setRate(sw, QUICK_RATE_PER_MINUTE);
  const urls = await peopleUrls(sandbox, 3);
  const lists = await openLists(openExtensionPage);
  await chooseProfiles(lists, 'failing.csv', urls);
  await lists.getByRole('button', { name: /^Enrich 3 rows · / }).click();
  await expect(lists.getByRole('button', { name: /^Retry 3 failed rows · / })).toBeVisible({
    timeout: 60_000,
  });

  // The service well again: one row retried alone, then the rest together, each at its price.
  await configure({ dailyBudget: null });
  await clickAndCheck(sandbox, await readControl(lists, /^Retry · /), () =>
    expect(lists.getByRole('button', { name: /^Retry 2 failed rows · / })).toBeVisible({ timeout: 30_000 }),
  );
  await clickAndCheck(sandbox, await readControl(lists, /^Retry 2 failed rows · /), async () => {
    await expect(lists.getByRole('button', { name: /^Retry/ })).toHaveCount(0, { timeout: 30_000 });
    await listDone(lists)();
  });
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
  const changes = await openExtensionPage('changes.html', { width: 1000 });
  // Past today's budget: the start asks first, its confirmation named with the same price.
  await configure({ dailyBudget: 1 });
  const watch = await readControl(form, /^Watch 3 people every 30 days · /);
  await clickAndCheck(sandbox, watch, async () => {
    const confirm = await readControl(form, /^Spend anyway · /);
    expect(priceIn(confirm.name)).toEqual(priceIn(watch.name));
    await confirm.control.click();
    await runOver(changes, 'Champions', 60_000);
  });
  await configure({ dailyBudget: null });
  const card = changes.locator('li.watch-list', { hasText: 'Champions' });

  // Paused and resumed in the period it has run: Resume prices what is left of it.
  await card.getByRole('button', { name: 'Pause Champions', exact: true }).click();
  const resume = await readControl(card, /^Resume · /);
  await clickAndCheck(sandbox, resume, () => runOver(changes, 'Champions', 60_000));

  // Due: the period came round and its alarm has not fired; Run now prices the new period. Past
  // today's budget, the card asks first, its confirmation named with the same price.
  await advanceSandbox(sandbox, 30);
  await advanceWatchDays(sw, 30);
  await configure({ dailyBudget: 1 });
  await reloadChanges(changes);
  const runNow = await readControl(card, /^Run now · /);
  await clickAndCheck(sandbox, runNow, async () => {
    const confirm = await readControl(card, /^Spend anyway · /);
    expect(priceIn(confirm.name)).toEqual(priceIn(runNow.name));
    await confirm.control.click();
    await runOver(changes, 'Champions', 60_000);
  });
});

test(PRICE_SCENARIOS.team, async ({ context, sw, sandbox, configure, openExtensionPage }) => {
  const urls = await peopleUrls(sandbox, 3);
  // An empty database as initdb makes it, without initdb's seconds (test/support/hub-testing.ts).
  const db = await openEmptyPglite();
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

    // Past what the member has left today: the list's price says so, and still bounds what the
    // whole list charges once the admin raises the budget (paused while it waits, then resumed).
    await setBudget(db, 'ada', { daily: 3 });
    await setRate(sw, QUICK_RATE_PER_MINUTE);
    const lists = await openLists(openExtensionPage);
    await chooseProfiles(lists, 'team.csv', urls);
    const start = await readControl(lists, /^Enrich 3 rows · /);
    expect(start.name).toBe('Enrich 3 rows · 3 credits · you have 2 left today at the team hub');
    const since = (await sandbox.requests()).length;
    await start.control.click();
    await expect(lists.getByText('Waiting: your team budget is spent for today')).toBeVisible({
      timeout: 30_000,
    });
    await lists.getByRole('button', { name: 'Pause', exact: true }).click();
    await setBudget(db, 'ada', { daily: 100 });
    await clickAndCheck(sandbox, await readControl(lists, /^Resume · /), listDone(lists));
    const whole = await chargedSince(sandbox, since);
    test
      .info()
      .annotations.push({ type: 'price', description: `"${start.name}": the sandbox charged ${whole}` });
    const startPrice = priceIn(start.name);
    expect(whole).toBeGreaterThanOrEqual(startPrice.min);
    if (startPrice.max !== null) expect(whole).toBeLessThanOrEqual(startPrice.max);
  } finally {
    await hub.close();
    await db.close();
  }
});
