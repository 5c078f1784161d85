/**
 * Do not enrich (issue #16), as a person uses it: the list is filled in the options, and the
 * panel on a listed person's page says so in place, offers nothing that spends, and nothing
 * reaches the service. The options section and the refused panel are photographed at 360 px,
 * light and dark, into test-results/screenshots/.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
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
  await screenshots(popup, 'popup-lookup-do-not-enrich');
  // Paid: who an answer is about cannot be known before it arrives.
  expect(balance - (await sandbox.balance())).toBe(2);

  const stored = await everythingStored(popup, ['doNotEnrich']);
  for (const trace of [person.url, firstName, lastName, person.profile.full_name as string])
    expect(stored).not.toContain(trace.toLowerCase());
});

/**
 * Every record of every store of the extension's database (but `except`), as lower-case text (read
 * from an extension page).
 */
async function everythingStored(page: Page, except: readonly string[] = []): Promise<string> {
  return page.evaluate(async (except) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('enrichment');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const stores = [...db.objectStoreNames].filter((name) => !except.includes(name));
      const all = await Promise.all(
        stores.map(
          (name) =>
            new Promise<unknown[]>((resolve, reject) => {
              const request = db.transaction(name).objectStore(name).getAll();
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error);
            }),
        ),
      );
      // Every storage area too; a tab's findings are what its page shows now, not records kept.
      const session = Object.entries(await chrome.storage.session.get(null)).filter(
        ([key]) => !key.startsWith('findings:'),
      );
      const areas = [await chrome.storage.local.get(null), await chrome.storage.sync.get(null), session];
      return JSON.stringify([all, areas]).toLowerCase();
    } finally {
      db.close();
    }
  }, except);
}

test('"Forget this profile" leaves no trace of the person, and what was spent stays', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  const person = await samplePerson(sandbox, 1);
  await configure();
  const { tabId } = await openProfileTab(context, sw, person.url, profilePage(person.fullName));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true }).click();
  await expect(panel.getByRole('heading', { name: person.fullName }).first()).toBeVisible();
  expect(await everythingStored(panel)).toContain(person.fullName.toLowerCase());
  await screenshots(panel, 'panel-forget');

  await panel.getByRole('button', { name: 'Forget this profile', exact: true }).click();
  // Opened afresh: nothing saved, so enriching is quoted again.
  await expect(panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true })).toBeVisible();
  const stored = await everythingStored(panel);
  expect(stored).not.toContain(person.fullName.toLowerCase());
  expect(stored).not.toContain(person.url.toLowerCase());

  const options = await openExtensionPage('options.html');
  const account = options.locator('section', { has: options.getByRole('heading', { name: 'Account' }) });
  await expect(account.getByText('1 credit', { exact: false }).first()).toBeVisible();
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
