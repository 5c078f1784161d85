/**
 * Do not enrich (issue #16), as a person uses it: the list is filled in the options, and the
 * panel on a listed person's page says so in place, offers nothing that spends, and nothing
 * reaches the service. The options section and the refused panel are photographed at 360 px,
 * light and dark, into test-results/screenshots/.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { everythingStored } from './extension-storage';
import { expect, test } from './fixtures';
import { lookAt } from './look';
import { openProfileTab, profilePage, samplePerson } from './profile-pages';

test('a listed person is refused in the panel, in place, with nothing sent or spent', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  const person = await samplePerson(sandbox);
  await configure();
  const options = await openExtensionPage('options.html');
  const section = options.locator('section', {
    has: options.getByRole('heading', { name: 'Do not enrich' }),
  });
  await section.getByLabel('Do not enrich').fill(`${person.url}\n@customer.example\nnot an entry`);
  await section.getByRole('button', { name: 'Save list' }).click();
  await expect(section.getByText('Saved: 2 entries on the list')).toBeVisible();
  await expect(
    section.getByText('Not kept, as neither an address, a domain nor a profile URL: not an entry.'),
  ).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshots(options, 'options-do-not-enrich');

  const balance = await sandbox.balance();
  const { tabId } = await openProfileTab(context, sw, person.url, profilePage(person.fullName));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(panel.getByText('On your do-not-enrich list').first()).toBeVisible();
  // Nothing on the page's own profile offers to spend, at any price (the page's other profiles,
  // under "Found on this page", are named in their controls: `Enrich Someone Else · 1 credit`).
  await expect(panel.getByRole('button', { name: /^Enrich · / })).toHaveCount(0);
  await screenshots(panel, 'panel-do-not-enrich');
  // Only the free balance reading of the options' account view reached the service.
  expect((await sandbox.requests()).filter((request) => request.path !== '/api/v2/credit-balance')).toEqual(
    [],
  );
  expect(await sandbox.balance()).toBe(balance);

  // Taken off the list, the person can be enriched again.
  await section.getByLabel('Do not enrich').fill('@customer.example');
  await section.getByRole('button', { name: 'Save list' }).click();
  await expect(section.getByText('Saved: 1 entry on the list')).toBeVisible();
  await panel.reload();
  await expect(panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true })).toBeVisible();
});

test("the popup's person lookup that finds a listed person: charged, told so, and nothing kept", async ({
  configure,
  sandbox,
  openExtensionPage,
}) => {
  // A person found by first name, last name and company: who it is is known only once it answers.
  const { queries } = datasetForSeed(DEFAULT_SEED);
  const person = queries.dataset.people.find((candidate) =>
    (candidate.profile.experiences as { ends_at: unknown; company?: string }[] | undefined)?.some(
      (experience) => experience.ends_at === null && experience.company,
    ),
  )!;
  const { first_name: firstName, last_name: lastName } = person.profile as Record<
    'first_name' | 'last_name',
    string
  >;
  const company = (person.profile.experiences as { ends_at: unknown; company: string }[]).find(
    (experience) => experience.ends_at === null,
  )!.company;
  const match = queries.lookupPerson({ companyDomain: company, firstName, lastName, similarityChecks: true });
  expect(match?.url).toBe(person.url);

  await configure({ dailyBudget: null });
  const options = await openExtensionPage('options.html');
  const section = options.locator('section', {
    has: options.getByRole('heading', { name: 'Do not enrich' }),
  });
  await section.getByLabel('Do not enrich').fill(person.url);
  await section.getByRole('button', { name: 'Save list' }).click();
  await expect(section.getByText('Saved: 1 entry on the list')).toBeVisible();

  const balance = await sandbox.balance();
  const popup = await openExtensionPage('popup.html');
  await popup.getByRole('tab', { name: 'Lookups' }).click();
  const field = (label: string) => popup.getByLabel(label, { exact: true }).filter({ visible: true });
  await field('First name (required)').fill(firstName);
  if ((await field('Last name').count()) === 0)
    await popup.locator('summary', { hasText: 'More options' }).filter({ visible: true }).click();
  await field('Last name').fill(lastName);
  await field('Company (required)').fill(company);
  await popup
    .getByRole('button', { name: 'Look up person · 2 credits', exact: true })
    .filter({ visible: true })
    .click();
  await expect(popup.getByText('On your do-not-enrich list').filter({ visible: true })).toBeVisible();
  await expect(popup.getByText(/not kept.*charged 2 credits/).filter({ visible: true })).toBeVisible();
  await expect(popup.locator('.lookup-url a')).toHaveCount(0);
  // Asking again would be paid for again and refused again: no retry is offered.
  await expect(popup.getByRole('button', { name: /^Try again/ })).toHaveCount(0);
  await screenshots(popup, 'popup-lookup-do-not-enrich');
  // Paid: who an answer is about cannot be known before it arrives.
  expect(balance - (await sandbox.balance())).toBe(2);

  const stored = await everythingStored(popup, ['doNotEnrich']);
  for (const trace of [person.url, firstName, lastName, person.profile.full_name as string])
    expect(stored).not.toContain(trace.toLowerCase());
});

test('"Forget this profile" with every section open leaves no trace, asks nothing and keeps what was spent', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  // Every section open, each looked at in light and dark: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  // Kelsie Heaney: enriched in the panel and looked up by her work address from the context menu.
  const person = datasetForSeed(DEFAULT_SEED).queries.dataset.people[0]!;
  const fullName = String(person.profile.full_name);
  const workEmail = person.workEmail!;
  await configure();
  const balance = await sandbox.balance();
  const { tabId } = await openProfileTab(context, sw, person.url, profilePage(fullName));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await panel.getByRole('button', { name: /^Enrich · \d+ credits?$/ }).click();
  await expect(panel.getByRole('heading', { name: fullName }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Open the v3 profile' }).click();
  // The menu's click runs in the background (its handler, as test/e2e/context-menu.spec.ts calls it).
  await sw.evaluate(
    async ({ tabId, email }) => {
      const hooks = (
        globalThis as unknown as {
          __test: { onContextMenuClick: (info: unknown, tab: unknown) => Promise<void> };
        }
      ).__test;
      await hooks.onContextMenuClick(
        { menuItemId: 'lookup-email-selection', selectionText: email },
        await chrome.tabs.get(tabId),
      );
    },
    { tabId, email: workEmail },
  );
  const lookup = panel.getByRole('region', { name: 'Email lookup' });
  await expect(lookup.getByRole('heading', { name: fullName })).toBeVisible();
  const stored = await everythingStored(panel);
  for (const trace of [fullName, workEmail, person.url]) expect(stored).toContain(trace.toLowerCase());
  await screenshots(panel, 'panel-forget');
  const spent = balance - (await sandbox.balance());
  const asked = (await sandbox.requests()).length;

  await panel.getByRole('button', { name: 'Forget this profile', exact: true }).click();
  await expect(panel.getByText('Forgotten', { exact: true })).toBeVisible();
  await expect(lookup).toBeHidden();
  await screenshots(panel, 'panel-forgotten');
  // No section asks again about whom was just forgotten: not one request more, nothing spent.
  await panel.waitForTimeout(2_000);
  expect((await sandbox.requests()).slice(asked)).toEqual([]);
  expect(balance - (await sandbox.balance())).toBe(spent);
  const after = await everythingStored(panel);
  const id = person.url.slice(person.url.lastIndexOf('/') + 1);
  for (const trace of [fullName, ...person.emails, id]) expect(after).not.toContain(trace.toLowerCase());

  const options = await openExtensionPage('options.html');
  const account = options.locator('section', { has: options.getByRole('heading', { name: 'Account' }) });
  await expect(account.getByText(`${spent} credits`, { exact: false }).first()).toBeVisible();
  const data = options.locator('section', {
    has: options.getByRole('heading', { name: 'Data about others' }),
  });
  await data.scrollIntoViewIfNeeded();
  await screenshots(options, 'options-data-about-others');
});

/** This spec's pictures and accessibility checks (test/e2e/look.ts). */
function screenshots(page: Page, name: string) {
  return lookAt(page, `${name}`);
}
