/**
 * A watch as a person uses it, end to end in Chromium against the sandbox: 30 people from a list and
 * 5 companies watched every 30 days. The first run charges exactly its quote; 30 days later (the
 * sandbox's clock and the watch's moved together, the due check fired as its alarm would) the
 * Changes page shows exactly what changed (worked out here from the sandbox's own answers before and
 * after, and checked against whom the sandbox says it changed) and the badge counts it; a second
 * run in the same period pays nothing; the worker stopped mid-run, the run finishes with every
 * member paid once; a person put on the do-not-enrich list is never asked again.
 */
import type { Page } from '@playwright/test';
import { changeWords, eventWords } from '../../lib/watch/change-words';
import { type Change, companyChanges, personChanges } from '../../lib/watch/changes';
import { personEvent } from '../../lib/watch/events';
import { expect, type SandboxHandle, test } from './fixtures';
import { chooseFile, openLists, QUICK_RATE_PER_MINUTE } from './lists-page';
import { addressKey } from './profile-pages';
import { checkDue, setRate } from './test-hooks';
import { daysLater, runOver } from './watch-clock';

const PROBE = { Authorization: 'Bearer probe' };
type Answer = Record<string, unknown>;

/** Profile addresses from the sandbox's own search, asked with a key of the test's own (not the extension's). */
async function searchUrls(sandbox: SandboxHandle, kind: 'person' | 'company', count: number) {
  const answer = await fetch(`${sandbox.url}/api/v2/search/${kind}?page_size=${count}`, { headers: PROBE });
  const { results } = (await answer.json()) as { results: { network_profile_url: string }[] };
  return results.map((result) => result.network_profile_url);
}

/** The sandbox's answers now, as the extension's watch asks for them (at most 29 days old). */
async function answersOf(sandbox: SandboxHandle, kind: 'person' | 'company', urls: readonly string[]) {
  const answers = new Map<string, Answer>();
  const [path, param] = kind === 'person' ? ['/api/v2/profile', 'profile_url'] : ['/api/v2/company', 'url'];
  for (const url of urls) {
    const query = new URLSearchParams({ [param]: url, use_cache: 'if-recent' });
    const answer = await fetch(`${sandbox.url}${path}?${query}`, { headers: PROBE });
    expect(answer.status).toBe(200);
    answers.set(url, (await answer.json()) as Answer);
  }
  return answers;
}

/** Credits the extension's key paid, and per profile address what it asked, from the sandbox's log. */
async function extensionCalls(sandbox: SandboxHandle) {
  const askedAbout = (call: { query?: Record<string, string> }) =>
    addressKey(call.query?.profile_url ?? call.query?.url ?? '');
  const calls = (await sandbox.requests()).filter(
    (call) => call.key === 'demo' && !call.path.endsWith('/credit-balance'),
  );
  return {
    credits: calls.reduce((sum, call) => sum + call.charged, 0),
    urls: calls.map(askedAbout),
    paidUrls: calls.filter((call) => call.charged > 0).map(askedAbout),
  };
}

/** A finished list of these profile addresses, and its "Watch these" form filled for a new list. */
async function watchFromList(
  page: Page,
  file: string,
  [column, role]: [string, 'profile_url' | 'company_url'],
  urls: readonly string[],
  list: string,
  firstList: boolean,
) {
  // Profile addresses need no quoting: one column, one address a line.
  await chooseFile(page, file, [column, ...urls].join('\r\n'));
  await page.getByLabel(`What “${column}” holds`).selectOption(role);
  await page.getByRole('button', { name: /^Enrich \d+ rows? · / }).click();
  await expect(page.getByRole('status').filter({ hasText: /^\s*Done$/ })).toBeVisible({ timeout: 60_000 });
  const section = page.getByRole('region', { name: 'Watch these' });
  const form = section.getByRole('form', { name: 'Watch' });
  // With a list kept already, the new one is named apart (the form reads the kept lists after it shows).
  await form.getByLabel(firstList ? 'Watch list' : 'Name of the new list').fill(list);
  return form;
}

/** The sentences the Changes page shows now, without the "not seen yet" mark. */
async function shownChanges(changes: Page): Promise<string[]> {
  return changes.locator('li.change .change-words').evaluateAll((items) =>
    items.map((item) => {
      const copy = item.cloneNode(true) as HTMLElement;
      for (const badge of copy.querySelectorAll('.badge')) badge.remove();
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    }),
  );
}

/** A person's changes as one event's sentence (lib/watch/events.ts), a company's one sentence each. */
function sentences(before: Map<string, Answer>, after: Map<string, Answer>, compare: typeof diff) {
  return [...after].flatMap(([url, answer]) => {
    if ('full_name' in answer) {
      const event = personEvent(before.get(url) as never, answer as never);
      return event ? [eventWords(String(answer.full_name), event)] : [];
    }
    return compare(before.get(url), answer).map((change) => changeWords(String(answer.name), change));
  });
}

function diff(before: Answer | undefined, after: Answer): Change[] {
  return 'full_name' in after
    ? personChanges(before as never, after as never)
    : companyChanges(before as never, after as never);
}

test('30 people and 5 companies watched every 30 days: charged their quote, changes shown exactly, nobody paid twice', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(300_000);
  await configure({ dailyBudget: 1000 });
  // The lists and the first runs count what was paid, not how it was paced.
  await setRate(sw, QUICK_RATE_PER_MINUTE);
  const people = await searchUrls(sandbox, 'person', 30);
  const companies = await searchUrls(sandbox, 'company', 5);
  expect(people).toHaveLength(30);

  // From a list of 30 people: found, watched, and the first run charges exactly the quote.
  const lists = await openLists(openExtensionPage);
  const peopleForm = await watchFromList(
    lists,
    'team.csv',
    ['Profile', 'profile_url'],
    people,
    'Champions',
    true,
  );
  const peopleStart = peopleForm.getByRole('button', {
    name: 'Watch 30 people every 30 days · 60 credits a period',
    exact: true,
  });
  const paidBefore = (await extensionCalls(sandbox)).credits;
  await peopleStart.click();
  const changes = await openExtensionPage('changes.html', { width: 1000 });
  await runOver(changes, 'Champions', 60_000);
  expect((await extensionCalls(sandbox)).credits - paidBefore).toBe(60);

  // And 5 companies, from a list of their own.
  await lists.getByRole('button', { name: 'Your lists' }).click();
  const companyForm = await watchFromList(
    lists,
    'accounts.csv',
    ['Company page', 'company_url'],
    companies,
    'Accounts',
    false,
  );
  const companyStart = companyForm.getByRole('button', {
    name: 'Watch 5 companies every 30 days · 10 credits a period',
    exact: true,
  });
  const paidBeforeCompanies = (await extensionCalls(sandbox)).credits;
  await companyStart.click();
  await runOver(changes, 'Accounts', 60_000);
  expect((await extensionCalls(sandbox)).credits - paidBeforeCompanies).toBe(10);

  // Before the clock moves: what the sandbox answers now, and one person the person stops enriching.
  const before = new Map([
    ...(await answersOf(sandbox, 'person', people)),
    ...(await answersOf(sandbox, 'company', companies)),
  ]);
  const listed = people[0]!;
  const options = await openExtensionPage('options.html');
  const dne = options.locator('section', { has: options.getByRole('heading', { name: 'Do not enrich' }) });
  await dne.getByLabel('Do not enrich').fill(listed);
  await dne.getByRole('button', { name: 'Save list' }).click();
  await expect(dne.getByText(/^Saved: 1 entry/)).toBeVisible();

  // Thirty days later; the worker stops while the run is half-way, and the run still finishes.
  const callsBefore = (await extensionCalls(sandbox)).urls.length;
  // Slower than the rate limit, so that the worker stops with most of the run still to ask.
  await setRate(sw, 120);
  // The Changes page stays open, and is not read again by the test: it follows the runs itself.
  const statusOf = (list: string) =>
    changes.locator('li.watch-list', { hasText: list }).getByRole('status').first();
  const statusBefore = {
    Champions: await statusOf('Champions').textContent(),
    Accounts: await statusOf('Accounts').textContent(),
  };
  const report = await daysLater(sandbox, sw, 30);
  await expect
    .poll(async () => (await extensionCalls(sandbox)).urls.length - callsBefore, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(5);
  const cdp = await context.newCDPSession(changes);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  // The next worker (woken by the Changes page's reads) finishes the run at the quick pace again.
  await setRate(sw, QUICK_RATE_PER_MINUTE);
  for (const [list, before] of Object.entries(statusBefore)) {
    // Over: due again, a period later than before the clock moved.
    await expect
      .poll(
        async () => {
          const now = await statusOf(list).textContent();
          return now !== before && (now ?? '').includes('Next run');
        },
        { timeout: 120_000 },
      )
      .toBe(true);
  }

  // Every member but the listed person paid exactly once in this period; the listed one never asked.
  const inPeriod = await extensionCalls(sandbox);
  const watched = [...people.slice(1), ...companies];
  expect(inPeriod.paidUrls.slice(callsBefore).sort()).toEqual(watched.map(addressKey).sort());
  expect(inPeriod.urls.slice(callsBefore)).not.toContain(addressKey(listed));

  // The changes: the sandbox's answers before and after, compared, are what the page shows.
  const after = new Map([
    ...(await answersOf(sandbox, 'person', people.slice(1))),
    ...(await answersOf(sandbox, 'company', companies)),
  ]);
  const expected = sentences(before, after, diff);
  const changedUrls = [...after].filter(([url, answer]) => diff(before.get(url), answer).length > 0);
  const reported = new Set([...report.people, ...report.companies].map((changed) => addressKey(changed.url)));
  // Whom the sandbox says it changed, among those watched, is whom the comparison finds changed.
  expect(changedUrls.map(([url]) => url).sort()).toEqual(
    watched.filter((url) => reported.has(addressKey(url))).sort(),
  );
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(async () => (await shownChanges(changes)).sort()).toEqual([...expected].sort());
  await expect(changes.locator('li.change.unseen')).toHaveCount(expected.length);
  await expect(changes.locator('#changes-title')).toHaveText(`What changed${expected.length} not seen yet`);
  const badge = () => sw.evaluate(() => chrome.action.getBadgeText({}));
  // The badge is set after the changes are written, without the page waiting for it (badge.ts).
  await expect.poll(badge).toBe(String(expected.length));

  // Again within the same period (the alarm firing twice, then Run now): nothing more is paid.
  const paidInPeriod = (await extensionCalls(sandbox)).credits;
  await checkDue(sw);
  const champions = changes.locator('li.watch-list', { hasText: 'Champions' });
  // Every member was asked in this period: Run now says it costs nothing, and it does not.
  await champions.getByRole('button', { name: 'Run now · 0 credits', exact: true }).click();
  await runOver(changes, 'Champions');
  expect((await extensionCalls(sandbox)).credits).toBe(paidInPeriod);
  expect((await shownChanges(changes)).sort()).toEqual([...expected].sort());

  // Looked at: the badge goes.
  await changes.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(changes.locator('li.change.unseen')).toHaveCount(0);
  await expect.poll(badge).toBe('');
});
