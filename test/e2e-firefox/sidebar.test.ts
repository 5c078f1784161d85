/**
 * The real sidebar in Firefox ESR with the e2e build, against the sandbox: it follows the active
 * tab to a page at a real profile address (served by request interception) and enriches it for
 * its quoted price, shows it again from the cache for nothing, spends one company section's quote,
 * answers the context menu's "Look up email", and keeps its cache and ledger when the add-on
 * restarts. Every charge is read from the sandbox (its balance and its own log). One Firefox and
 * one sandbox serve the file; each test opens its own tab. Screenshots, light and dark, go to
 * test-results/firefox-screenshots/.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { PROFILE_PATH, profilePage, type SandboxHandle, startTestSandbox } from '../e2e/sandbox-handle';
import {
  chooseMenuItem,
  closeContextMenu,
  configure,
  type Firefox,
  launchFirefox,
  openContextMenu,
  openPage,
  openProfileTab,
  Sidebar,
  until,
} from './firefox';

/** The published answers the sandbox serves at these addresses (sandbox/README.md). */
const PERSON_URL = 'https://www.linkedin.com/in/johnrmarty/';
const JOB_URL = 'https://www.linkedin.com/jobs/view/3257696537/';
/** A company of the sandbox's dataset (as in test/e2e/company-sections.spec.ts). */
const COMPANY_URL = 'https://www.linkedin.com/company/turner';
const EMAIL_LOOKUP_PATH = '/api/v2/profile/resolve/email';
const { queries } = datasetForSeed(DEFAULT_SEED);

let firefox: Firefox;
let sandbox: SandboxHandle;
/** The popup page, as a tab: it opens the sidebar, and reads it (same process). */
let popup: Page;
let sidebar: Sidebar;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  firefox = await launchFirefox();
  popup = await firefox.openExtensionPage('popup.html');
  await configure(popup, sandbox.url);
  sidebar = new Sidebar(firefox, popup);
});

afterAll(async () => {
  await firefox?.close();
  await sandbox?.close();
});

/** What the sandbox charged for each call since `since` calls were logged (the free balance left out). */
async function chargedSince(since: number) {
  return (await sandbox.requests())
    .slice(since)
    .filter((call) => call.path !== '/api/v2/credit-balance')
    .map((call) => [call.path, call.charged] as const);
}

/** Selects the paragraph reading `text`, as a person's drag would, and returns a point inside it. */
async function selectText(tab: Page, text: string): Promise<{ x: number; y: number }> {
  return tab.evaluate((wanted) => {
    const paragraph = [...document.querySelectorAll('p')].find((p) => p.textContent === wanted)!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    const box = range.getBoundingClientRect();
    return { x: box.left + 10, y: box.top + box.height / 2 };
  }, text);
}

describe('a page at a profile address, in the real sidebar', () => {
  test('a person page is enriched for its quote, then shown again from the cache for nothing', async () => {
    const { tab } = await openProfileTab(firefox, popup, PERSON_URL, profilePage('John Marty'));
    await sidebar.openFromPopup(tab);
    await expect.poll(() => sidebar.names({ role: 'heading', level: 1 })).toContain('Person on this page');
    await expect.poll(() => sidebar.names({ role: 'button' })).toContain('Enrich · 1 credit');

    const balance = await sandbox.balance();
    const since = (await sandbox.requests()).length;
    await sidebar.click({ role: 'button', name: 'Enrich · 1 credit' });
    await expect.poll(() => sidebar.names({ role: 'heading', level: 2 })).toContain('John Marty');
    await expect.poll(() => sidebar.text()).toContain('fetched just now · 1 credit');
    expect(await sandbox.balance()).toBe(balance - 1);
    expect(await chargedSince(since)).toEqual([[PROFILE_PATH, 1]]);
    await expect.poll(() => sidebar.text()).toContain('Today: 1 of 200 credits');
    await sidebar.screenshots('sidebar-person');

    // Reopened: the saved answer at once, for nothing, with its refresh quoted.
    await sidebar.close();
    await sidebar.openFromPopup(tab);
    await expect.poll(() => sidebar.names({ role: 'heading', level: 2 })).toContain('John Marty');
    await expect.poll(() => sidebar.text()).toContain('cached just now · 0 credits');
    expect(await sidebar.names({ role: 'button' })).toContain('Refresh · 1 credit');
    expect(await sandbox.balance()).toBe(balance - 1);
    expect(await chargedSince(since)).toEqual([[PROFILE_PATH, 1]]);
    await sidebar.screenshots('sidebar-person-cached');
    await tab.close();
  });

  test('a company page: the sidebar follows to it, and its employee count costs its quote', async () => {
    const response = await fetch(`${sandbox.url}/api/v2/company?url=${encodeURIComponent(COMPANY_URL)}`, {
      headers: { Authorization: 'Bearer demo' },
    });
    const { name } = (await response.json()) as { name: string };
    // The sidebar is already open: switching to the new tab is what brings the company in.
    const { tab } = await openProfileTab(firefox, popup, COMPANY_URL, profilePage(name));
    if (!(await sidebar.isOpen())) await sidebar.openFromPopup(tab);
    await expect.poll(() => sidebar.names({ role: 'heading', level: 1 })).toContain('Company on this page');
    const balance = await sandbox.balance();
    const since = (await sandbox.requests()).length;
    await sidebar.click({ role: 'button', name: 'Enrich · 1 credit' });
    await expect.poll(() => sidebar.names({ role: 'heading', level: 2 })).toContain(name);

    const count = 'Employee count';
    await expect
      .poll(() => sidebar.names({ role: 'button', within: count }))
      .toEqual(['Count employees · 1 credit']);
    await sidebar.click({ role: 'button', name: 'Count employees · 1 credit', within: count });
    await expect.poll(() => sidebar.text(count)).toContain('fetched just now · 1 credit');
    expect(await sidebar.text(count)).toContain('Verified employees');
    expect(await chargedSince(since)).toEqual([
      ['/api/v2/company', 1],
      ['/api/v2/company/employees/count', 1],
    ]);
    expect(await sandbox.balance()).toBe(balance - 2);
    await sidebar.screenshots('sidebar-company');
    await tab.close();
  });
});

/**
 * The menu is the browser's own, built from the add-on's `contextMenus.create`: the test right-clicks
 * the page (a BiDi mouse event), reads the add-on's items in the native menu that opened, and
 * chooses one from the privileged scope (`activateItem`, as a person's click on it does), so the
 * browser fires the add-on's real `contextMenus.onClicked` with what was clicked on: the selection
 * or the link. No test hook is used.
 */
describe('the context menu’s "Look up email"', () => {
  test('a selected address is looked up once, in the sidebar the menu opened', async () => {
    const person = queries.dataset.people[12]!;
    const email = person.workEmail ?? person.emails[0]!;
    // Short enough for Firefox to show it whole in the item's label (it cuts labels at 64 characters).
    const sentence = `Mail ${email} today`;
    const tab = await openPage(
      firefox,
      'https://www.example.com/contact',
      `<!doctype html><html lang="en"><body><p>${sentence}</p></body></html>`,
    );
    if (await sidebar.isOpen()) await sidebar.close();
    const balance = await sandbox.balance();
    const since = (await sandbox.requests()).length;

    const items = await openContextMenu(firefox, tab, await selectText(tab, sentence));
    const label = `Look up email “${sentence}” · 3–4 credits`;
    expect(label.length).toBeLessThanOrEqual(64);
    expect(items).toEqual([label]);
    await chooseMenuItem(firefox, label);

    // The click itself opened the sidebar (sidebarAction.open needs the person's gesture).
    await expect.poll(() => sidebar.isOpen()).toBe(true);
    const region = 'Email lookup';
    await expect
      .poll(() => sidebar.names({ role: 'heading', within: region }))
      .toContain(person.profile.full_name as string);
    // The click's own run, shown with what it cost (never first as a free cached copy).
    expect(await sidebar.text(region)).toContain('fetched just now · 4 credits');
    expect(await sidebar.text(region)).not.toContain('cached just now');
    // Deep (finds work addresses), enriched: 3 + 1 for the profile that came back.
    const calls = (await sandbox.requests()).slice(since).filter((call) => call.path === EMAIL_LOOKUP_PATH);
    expect(calls.map((call) => [call.query?.email, call.query?.lookup_depth, call.charged])).toEqual([
      [email, 'deep', 4],
    ]);
    expect(await sandbox.balance()).toBe(balance - 4);
    await sidebar.fitWidth();
    await sidebar.screenshots('sidebar-email-lookup');
    await tab.close();
  });

  test('a mailto: link is looked up by its address', async () => {
    const person = queries.dataset.people[21]!;
    const email = person.emails[0]!;
    const tab = await openPage(
      firefox,
      'https://www.example.com/team',
      `<!doctype html><html lang="en"><body><p><a href="mailto:${email}?subject=Hello">Mail ${person.profile.first_name}</a></p></body></html>`,
    );
    const since = (await sandbox.requests()).length;
    const link = await tab.$eval('a', (a) => {
      const box = a.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    const items = await openContextMenu(firefox, tab, link);
    expect(items).toEqual(['Look up this email address · 3–4 credits']);
    await chooseMenuItem(firefox, 'Look up this email address · 3–4 credits');
    await expect
      .poll(() => sidebar.names({ role: 'heading', within: 'Email lookup' }))
      .toContain(person.profile.full_name as string);
    const calls = (await sandbox.requests()).slice(since).filter((call) => call.path === EMAIL_LOOKUP_PATH);
    expect(calls.map((call) => call.query?.email)).toEqual([email]);
    await tab.close();
  });
});

describe('the add-on restarting', () => {
  /** What the ledger holds, read from the extension's own database. */
  async function ledgerLines(extensionPage: Page): Promise<number> {
    return extensionPage.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('enrichment');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const count = await new Promise<number>((resolve, reject) => {
        const request = db.transaction('ledger').objectStore('ledger').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return count;
    });
  }

  /** Today's spending as the sidebar's footer says it ("Today: 13 of 200 credits"). */
  async function todayShown(): Promise<number | undefined> {
    const match = /Today: (\d+) of 200 credits/.exec(await sidebar.text());
    return match ? Number(match[1]) : undefined;
  }

  test('reloading the add-on keeps the cached answer and the ledger', async () => {
    const { tab } = await openProfileTab(firefox, popup, JOB_URL, profilePage('A job'));
    if (!(await sidebar.isOpen())) await sidebar.openFromPopup(tab);
    await expect.poll(() => sidebar.names({ role: 'heading', level: 1 })).toContain('Job on this page');
    const spentBefore = await until('the footer', todayShown, (today) => today !== undefined);
    const linesBefore = await ledgerLines(popup);
    await sidebar.click({ role: 'button', name: 'Enrich · 2 credits' });
    await expect.poll(() => sidebar.names({ role: 'heading', level: 2 })).toContain('Content Strategist');
    await expect.poll(() => sidebar.text()).toContain('fetched just now · 2 credits');
    await expect.poll(todayShown).toBe(spentBefore! + 2);
    expect(await ledgerLines(popup)).toBe(linesBefore + 1);

    // A restart of the background, as an update or the person's reload does: every page of the
    // add-on closes, its background starts again, and the tabs keep their pages.
    await firefox.chromeEval(`(async () => {
      const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
      await (await AddonManager.getAddonByID(${JSON.stringify(firefox.addonId)})).reload();
    })()`);
    // (puppeteer is not told that the add-on's tabs closed.)
    await popup.close().catch(() => {});
    popup = await firefox.openExtensionPage('popup.html');
    sidebar = new Sidebar(firefox, popup);
    // The reloaded content script reads the page again when it loads.
    await tab.reload();
    const balance = await sandbox.balance();
    const since = (await sandbox.requests()).length;
    await sidebar.openFromPopup(tab);
    await expect.poll(() => sidebar.names({ role: 'heading', level: 2 })).toContain('Content Strategist');
    await expect.poll(() => sidebar.text()).toContain('cached just now · 0 credits');
    await expect.poll(todayShown).toBe(spentBefore! + 2);
    expect(await ledgerLines(popup)).toBe(linesBefore + 1);
    expect(await sandbox.balance()).toBe(balance);
    expect(await chargedSince(since)).toEqual([]);
    await tab.close();
  });

  test('disabled and enabled again, the add-on still offers "Look up email"', async () => {
    await firefox.chromeEval(`(async () => {
      const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
      const addon = await AddonManager.getAddonByID(${JSON.stringify(firefox.addonId)});
      await addon.disable();
      await addon.enable();
    })()`);
    const sentence = 'Write to ann@example.com today.';
    const tab = await openPage(
      firefox,
      'https://www.example.com/about',
      `<!doctype html><html lang="en"><body><p>${sentence}</p></body></html>`,
    );
    // The background builds its menus as it starts: give it until they are there.
    await expect
      .poll(async () => {
        const items = await openContextMenu(firefox, tab, await selectText(tab, sentence));
        await closeContextMenu(firefox);
        return items;
      })
      .toEqual([`Look up email “${sentence}” · 3–4 credits`]);
    await tab.close();
  });
});
