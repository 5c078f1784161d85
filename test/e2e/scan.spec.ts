/**
 * Pages outside the networks' hosts, in a real Chromium with the e2e build. A company's team page
 * is served with `context.route` at an https address no manifest content script matches, so
 * nothing reads it by itself; the panel, pinned to its tab, offers to scan it.
 *
 * Chrome gives the extension the page (activeTab) only when the person clicks its toolbar button
 * there. A test cannot click the toolbar, but CDP's `Extensions.triggerAction` runs the same click
 * on a tab; without it, the scan is refused and the panel says what to do. The "scan every site"
 * permission cannot be granted here (a prompt cannot be answered: docs/host-permissions.md),
 * so its granted and denied paths are unit tests; this checks its switch and its reconciliation.
 * Screenshots of each new state, light and dark, go to test-results/screenshots/.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { lookAt } from './look';

const TEAM_URL = 'https://www.example-company.test/team';

/** A company's team page: a profile link on the main network, and an e-mail address. */
const TEAM_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Our team | Example Company</title></head>
  <body>
    <h1>Our team</h1>
    <ul id="team">
      <li><a href="https://www.linkedin.com/in/grace-hopper">Grace Hopper</a>, engineering</li>
    </ul>
    <p>Careers: <a href="mailto:jobs@example-company.test">jobs@example-company.test</a></p>
  </body>
</html>`;

/**
 * Opens the team page in a new tab and returns it with its id. The extension cannot see the URL
 * of a tab it has no access to, so the id is the one tab that was not there before.
 */
async function openTeamPage(context: BrowserContext, sw: Worker): Promise<{ tab: Page; tabId: number }> {
  await context.route(TEAM_URL, (route) => route.fulfill({ contentType: 'text/html', body: TEAM_PAGE }));
  const tabIds = () => sw.evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.id!));
  const before = await tabIds();
  const tab = await context.newPage();
  await tab.goto(TEAM_URL);
  const opened = (await tabIds()).filter((id) => !before.includes(id));
  expect(opened).toHaveLength(1);
  return { tab, tabId: opened[0]! };
}

/** What the background holds for the tab: only a content script's report puts anything there. */
function storedFindings(sw: Worker, tabId: number) {
  return sw.evaluate(
    async (key) => (await chrome.storage.session.get(key))[key] as { profiles: { id: string }[] } | undefined,
    `findings:${tabId}`,
  );
}

/**
 * The person clicks the extension's toolbar button while `tab` is shown (CDP runs the same action).
 * The button opens the popup; opening it grants activeTab on the tab, as the click always did.
 */
async function clickToolbarButton(context: BrowserContext, extensionId: string, tab: Page) {
  const cdp = await context.browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  const target = targetInfos.find((info) => info.url === tab.url());
  expect(target, 'the tab as a CDP target').toBeDefined();
  await tab.bringToFront();
  await cdp.send('Extensions.triggerAction', { id: extensionId, targetId: target!.targetId });
  await cdp.detach();
}

test('without a click on the toolbar button, a scan is refused plainly and nothing is read', async ({
  context,
  sw,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await openTeamPage(context, sw);
  expect(await storedFindings(sw, tabId)).toBeUndefined();

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(panel.getByRole('heading', { name: 'This page has not been read' })).toBeVisible();
  await expect(panel.getByText('It reads this page once, because you asked')).toBeVisible();
  const scan = panel.getByRole('button', { name: 'Scan this page for profiles' });
  await screenshots(panel, 'panel-scan-offer');

  await scan.click();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText("Click the extension's toolbar button on this page, then scan again.");
  await expect(alert).not.toContainText(/Cannot access|manifest|permission to access/i);
  await expect(scan).toBeEnabled();
  await screenshots(panel, 'panel-scan-refused');
  expect(await storedFindings(sw, tabId)).toBeUndefined();
});

test('after a click on the toolbar button, the page is scanned on request and its links listed', async ({
  context,
  sw,
  extensionId,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tab, tabId } = await openTeamPage(context, sw);
  await clickToolbarButton(context, extensionId, tab);

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await panel.getByRole('button', { name: 'Scan this page for profiles' }).click();
  await expect(panel.getByRole('heading', { name: 'No profile on this page' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: /Found on this page/ })).toContainText('2');
  await expect(panel.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  // The row's label (its Enrich button repeats the address for screen readers).
  await expect(panel.getByText('jobs@example-company.test').first()).toBeVisible();
  await screenshots(panel, 'panel-scan-found');

  // Scanned again (the script injected a second time): still one scanner, which reports a change once.
  const writes = () => sw.evaluate(() => (self as unknown as { findingsWrites: number }).findingsWrites);
  await sw.evaluate((key) => {
    const counter = self as unknown as { findingsWrites: number };
    counter.findingsWrites = 0;
    chrome.storage.session.onChanged.addListener((changes) => {
      if (key in changes) counter.findingsWrites++;
    });
  }, `findings:${tabId}`);
  await sw.evaluate(
    (id) => chrome.scripting.executeScript({ target: { tabId: id }, files: ['/content-scripts/content.js'] }),
    tabId,
  );
  await expect.poll(writes).toBe(1); // the new copy reports the page at once
  await tab.evaluate(() => {
    const item = document.createElement('li');
    item.innerHTML = '<a href="https://www.linkedin.com/in/alan-turing">Alan Turing</a>, research';
    document.getElementById('team')!.append(item);
  });
  await expect(panel.getByRole('link', { name: 'Alan Turing' })).toBeVisible();
  // Past the scanner's longest wait: a second scanner would have reported the change too.
  await tab.waitForTimeout(2_500);
  expect(await writes()).toBe(2);
  expect((await storedFindings(sw, tabId))?.profiles.map((profile) => profile.id)).toEqual([
    'grace-hopper',
    'alan-turing',
  ]);
});

test('"Scan every site" is off, says why it would ask, and drops a registration left without its permission', async ({
  sw,
  configure,
  openExtensionPage,
}) => {
  await configure();
  // A registration from an earlier session whose permission the person revoked in the browser since.
  await sw.evaluate(() =>
    chrome.scripting.registerContentScripts([
      {
        id: 'scan-every-site',
        matches: ['https://*/*', 'http://*/*'],
        js: ['/content-scripts/content.js'],
        persistAcrossSessions: true,
      },
    ]),
  );

  const options = await openExtensionPage('options.html');
  const toggle = options.getByRole('switch', { name: 'Scan every site I visit' });
  await expect(toggle).not.toBeChecked();
  await expect(options.getByText('nothing is sent anywhere until you enrich')).toBeVisible();
  expect(await sw.evaluate(() => chrome.scripting.getRegisteredContentScripts())).toEqual([]);
  await toggle.scrollIntoViewIfNeeded();
  await screenshots(options, 'options-scan-every-site');

  // The browser's prompt opens and stays open (a test cannot answer it): nothing changes meanwhile.
  await toggle.click();
  await expect(options.getByText('Waiting for your answer to the browser…')).toBeVisible();
  await expect(toggle).toBeDisabled();
  await screenshots(options, 'options-scan-every-site-asking');
  expect(await sw.evaluate(() => chrome.scripting.getRegisteredContentScripts())).toEqual([]);
});

/** This spec's pictures and accessibility checks (test/e2e/look.ts). */
function screenshots(page: Page, name: string) {
  return lookAt(page, `${name}`);
}
