/**
 * Do not enrich (issue #16), as a person uses it: the list is filled in the options, and the
 * panel on a listed person's page says so in place, offers nothing that spends, and nothing
 * reaches the service. The options section and the refused panel are photographed at 360 px,
 * light and dark, into test-results/screenshots/.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openProfileTab, profilePage, samplePerson } from './profile-pages';

const SCREENSHOTS = 'test-results/screenshots';

async function screenshots(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

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
  // Nothing on the page's own profile offers to spend.
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
  await expect(panel.getByRole('button', { name: /^Enrich · / })).toBeVisible();
});
