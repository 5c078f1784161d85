/**
 * The right-click "Look up email" in a real Chromium with the e2e build, against the sandbox. A
 * context menu is native UI no test can click, so, as docs/toolchain.md describes, the
 * test checks the items exist (`contextMenus.update` fails on a missing one) and calls the
 * background's click handler, exposed as `globalThis.__test.onContextMenuClick` in the e2e build
 * only. The panel is opened as a page pinned to the tab (the real one opens in the click, which
 * needs the person's gesture that `sw.evaluate` lacks). Screenshots go to test-results/screenshots/.
 */
import type { Page, Worker } from '@playwright/test';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { expect, type SandboxHandle, test } from './fixtures';
import { lookAt } from './look';
import { openProfileTab, profilePage } from './profile-pages';
import { clickContextMenu, emailMenus } from './test-hooks';

const EMAIL_LOOKUP_PATH = '/api/v2/profile/resolve/email';
const { queries } = datasetForSeed(DEFAULT_SEED);

/** Requests that can spend: the free balance the panel's footer reads is left out. */
async function paidRequests(sandbox: SandboxHandle) {
  return (await sandbox.requests()).filter((request) => request.path !== '/api/v2/credit-balance');
}

async function emailLookups(sandbox: SandboxHandle) {
  return (await sandbox.requests()).filter((request) => request.path === EMAIL_LOOKUP_PATH);
}

/** A tab to right-click in: a page of the dataset's first person, as the other specs use. */
async function someTab(context: Parameters<typeof openProfileTab>[0], sw: Worker) {
  const person = queries.dataset.people[0]!;
  return openProfileTab(context, sw, person.url, profilePage(person.profile.full_name as string));
}

// The menus are made when the add-on is installed (onInstalled), which a shared browser's reset
// does not repeat: this test has a browser of its own.
test.describe(() => {
  test.use({ freshBrowser: true });

  test('the menu items exist, on a selection and on mailto: links, with the cost in their titles', async ({
    sw,
  }) => {
    // The serviceworker event can come before onInstalled's listeners ran.
    for (const id of ['lookup-email-selection', 'lookup-email-link']) {
      await expect
        .poll(() =>
          sw.evaluate(
            (menuId) =>
              chrome.contextMenus.update(menuId, {}).then(
                () => 'exists',
                (error: Error) => error.message,
              ),
            id,
          ),
        )
        .toBe('exists');
    }
    const menus = await emailMenus(sw);
    expect(menus).toEqual([
      { id: 'lookup-email-selection', title: 'Look up email “%s” · 3–4 credits', contexts: ['selection'] },
      {
        id: 'lookup-email-link',
        title: 'Look up this email address · 3–4 credits',
        contexts: ['link'],
        targetUrlPatterns: ['mailto:*'],
      },
    ]);
  });
});

test('a selected email is looked up once and the panel shows the person', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await someTab(context, sw);
  const person = queries.dataset.people[12]!;
  const email = person.workEmail ?? person.emails[0]!;
  const balance = await sandbox.balance();

  await clickContextMenu(sw, tabId, {
    menuItemId: 'lookup-email-selection',
    // Around the address: words, angle brackets, a full stop; its domain in capitals.
    selectionText: `  Write to ${person.profile.first_name} <${email.replace(/@.*/, '')}@${email.split('@')[1]!.toUpperCase()}>.`,
  });
  // Deep (finds work addresses), enriched: 3 + 1 for the profile that came back.
  expect(await sandbox.balance()).toBe(balance - 4);
  const calls = await emailLookups(sandbox);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.query).toMatchObject({ lookup_depth: 'deep', enrich_profile: 'enrich' });
  expect(calls[0]!.charged).toBe(4);

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const section = panel.getByRole('region', { name: 'Email lookup' });
  await expect(section.getByRole('heading', { name: person.profile.full_name as string })).toBeVisible();
  await expect(section.locator('.answer-meta')).toContainText('· 4 credits');
  await screenshots(panel, 'email-lookup');
  // The panel asked with the click's request id: answered from that call, not paid again.
  expect(await emailLookups(sandbox)).toHaveLength(1);
  expect(await sandbox.balance()).toBe(balance - 4);

  await section.getByRole('button', { name: 'Dismiss' }).click();
  await expect(section).toBeHidden();
});

test('once the cache is cleared, reopening the panel does not pay again: it offers a new, priced lookup', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await someTab(context, sw);
  const person = queries.dataset.people[14]!;
  const balance = await sandbox.balance();
  await clickContextMenu(sw, tabId, {
    menuItemId: 'lookup-email-selection',
    selectionText: person.emails[0]!,
  });
  expect(await emailLookups(sandbox)).toHaveLength(1);
  const paid = balance - (await sandbox.balance());

  // Clear cache, from the options' account panel.
  const options = await openExtensionPage('options.html');
  const account = options.locator('section', { has: options.getByRole('heading', { name: 'Account' }) });
  await account.getByRole('button', { name: 'Clear cache' }).click();
  await account.getByRole('button', { name: 'Clear cache' }).click();
  await expect(account.getByText(/^0 saved answers/)).toBeVisible();

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const section = panel.getByRole('region', { name: 'Email lookup' });
  await expect(section.getByText('The answer is no longer kept')).toBeVisible();
  const again = section.getByRole('button', { name: 'Look it up again · 3–4 credits', exact: true });
  await expect(again).toBeVisible();
  await screenshots(panel, 'email-lookup-answer-gone');
  // Nothing was sent again under the click's id: one request, paid once.
  expect(await emailLookups(sandbox)).toHaveLength(1);
  expect(await sandbox.balance()).toBe(balance - paid);

  // Asked again by the person: a new request, at its price.
  await again.click();
  await expect(section.getByRole('heading', { name: person.profile.full_name as string })).toBeVisible();
  expect(await emailLookups(sandbox)).toHaveLength(2);
});

test('a mailto: link is looked up by its address', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await someTab(context, sw);
  const person = queries.dataset.people[21]!;
  const email = person.emails[0]!;
  await clickContextMenu(sw, tabId, {
    menuItemId: 'lookup-email-link',
    linkUrl: `mailto:${email}?subject=Hello`,
  });
  const calls = await emailLookups(sandbox);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.query).toMatchObject({ email });
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(
    panel
      .getByRole('region', { name: 'Email lookup' })
      .getByRole('heading', { name: person.profile.full_name as string }),
  ).toBeVisible();
});

test('a selection inside a mailto: link buys the address its item names, and the link item neither', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await someTab(context, sw);
  const shown = queries.dataset.people[12]!;
  const linked = queries.dataset.people[21]!;
  const shownEmail = shown.workEmail ?? shown.emails[0]!;
  const linkedEmail = linked.emails[0]!;
  // The page wraps the address the person selects in a link to another.
  const click = { selectionText: shownEmail, linkUrl: `mailto:${linkedEmail}` };
  const balance = await sandbox.balance();

  // The link item names no address: with another one selected, it looks up neither.
  await clickContextMenu(sw, tabId, { menuItemId: 'lookup-email-link', ...click });
  expect(await emailLookups(sandbox)).toHaveLength(0);
  expect(await sandbox.balance()).toBe(balance);
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const section = panel.getByRole('region', { name: 'Email lookup' });
  await expect(section.getByText('More than one email address in what you clicked')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveText([linkedEmail, shownEmail]);
  await screenshots(panel, 'email-lookup-several-addresses');

  // The selection item's title names the selected address: that one is bought, not the link's.
  await clickContextMenu(sw, tabId, { menuItemId: 'lookup-email-selection', ...click });
  const calls = await emailLookups(sandbox);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.query).toMatchObject({ email: shownEmail });
  await expect(section.getByRole('heading', { name: shown.profile.full_name as string })).toBeVisible();
});

test('the lookup is written and sent even when tabs’ findings filled the session area', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await someTab(context, sw);
  // Findings as pages of non-Latin profile links leave them, written until the area refuses even a
  // few characters more: full, as an unbounded writer would leave it.
  const refused = await sw.evaluate(async () => {
    let refusal = '';
    let chars = 300_000;
    for (let tab = 9000; chars >= 4; tab++) {
      try {
        await chrome.storage.session.set({
          [`findings:${tab}`]: {
            pageUrl: `https://example.com/${tab}`,
            page: null,
            profiles: [],
            emails: ['名'.repeat(chars)],
            scannedAt: tab,
          },
        });
      } catch (error) {
        refusal = String(error);
        chars = Math.floor(chars / 2);
      }
    }
    return refusal;
  });
  expect(refused).toMatch(/quota/i);

  const person = queries.dataset.people[12]!;
  const email = person.workEmail ?? person.emails[0]!;
  await clickContextMenu(sw, tabId, { menuItemId: 'lookup-email-selection', selectionText: email });
  expect(await emailLookups(sandbox)).toHaveLength(1);
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(
    panel
      .getByRole('region', { name: 'Email lookup' })
      .getByRole('heading', { name: person.profile.full_name as string }),
  ).toBeVisible();
});

test('a selection without an email address asks nothing and spends nothing, and the panel says why', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await someTab(context, sw);
  const balance = await sandbox.balance();
  const before = (await paidRequests(sandbox)).length;

  await clickContextMenu(sw, tabId, {
    menuItemId: 'lookup-email-selection',
    selectionText: 'Call me at the office',
  });
  expect(await paidRequests(sandbox)).toHaveLength(before);
  expect(await sandbox.balance()).toBe(balance);

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const section = panel.getByRole('region', { name: 'Email lookup' });
  await expect(section.getByText('No email address in what you selected')).toBeVisible();
  await expect(section.getByText('“Call me at the office”')).toBeVisible();
  await expect(section.getByText(/Nothing was charged\./)).toBeVisible();
  await screenshots(panel, 'email-lookup-refused');
  expect(await paidRequests(sandbox)).toHaveLength(before);
});

test('past the daily budget, the panel asks before the lookup spends', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure({ dailyBudget: 2 });
  const { tabId } = await someTab(context, sw);
  const person = queries.dataset.people[30]!;
  const balance = await sandbox.balance();
  await clickContextMenu(sw, tabId, {
    menuItemId: 'lookup-email-selection',
    selectionText: person.emails[0]!,
  });
  expect(await emailLookups(sandbox)).toHaveLength(0);

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const section = panel.getByRole('region', { name: 'Email lookup' });
  await expect(section.getByText(/This may cost up to 4 credits; 2 left in today.s budget/)).toBeVisible();
  await screenshots(panel, 'email-lookup-confirm');
  expect(await sandbox.balance()).toBe(balance);
  await section.getByRole('button', { name: 'Spend anyway' }).click();
  await expect(section.getByRole('heading', { name: person.profile.full_name as string })).toBeVisible();
  expect(await emailLookups(sandbox)).toHaveLength(1);
  expect(await sandbox.balance()).toBe(balance - 4);
});

/** This spec's pictures and accessibility checks (test/e2e/look.ts). */
function screenshots(page: Page, name: string) {
  return lookAt(page, `panel-${name}`);
}
