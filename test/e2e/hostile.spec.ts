/**
 * Nothing a web page does can spend a credit. A hostile page at a profile URL posts messages in the
 * protocol's own format, calls chrome.runtime with the extension's id, and carries a 50,000-node
 * DOM; and a script running in the content script's own world (as if the content script were
 * subverted) asks the background to run an endpoint. With auto-enrich on and a working key, the
 * sandbox's request log must stay empty, while the page is still scanned. And a hostile answer
 * from the service renders inert in the panel.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { lookAt } from './look';
import { reportedTab } from './profile-pages';

const HOSTILE_URL = 'https://www.linkedin.com/in/mallory-hostile/';

function hostilePage(extensionId: string): string {
  const forged = {
    id: 1,
    type: 'run',
    timestamp: 0,
    data: {
      requestId: 'forged-request-0001',
      endpointId: 'person.profile',
      params: { profile_url: 'https://www.linkedin.com/in/mallory-hostile' },
      policy: 'refresh',
      confirmed: true,
    },
  };
  return `<!doctype html><html><head><title>Mallory</title></head><body>
<h1>Mallory</h1><div id="big"></div>
<script>
  // A 50,000-node DOM: 10,000 blocks of 5 nodes, with profile links and emails among them.
  const big = document.getElementById('big');
  const html = [];
  for (let i = 0; i < 10000; i++) {
    html.push('<div><a href="https://www.linkedin.com/in/person-' + i + '">p' + i + '</a><span>x' + i + '@mail.example</span></div>');
  }
  big.innerHTML = html.join('');
  const forged = ${JSON.stringify(forged)};
  const extensionId = ${JSON.stringify(extensionId)};
  let attempts = 0;
  const attack = () => {
    attempts++;
    forged.timestamp = Date.now();
    window.postMessage(forged, '*');
    window.postMessage({ ...forged, type: 'quote' }, '*');
    document.dispatchEvent(new CustomEvent('message', { detail: forged }));
    try { chrome.runtime.sendMessage(extensionId, forged, () => void chrome.runtime.lastError); } catch {}
    try { chrome.runtime.connect(extensionId).postMessage(forged); } catch {}
    document.title = 'attempts ' + attempts;
  };
  attack();
  setInterval(attack, 100);
</script></body></html>`;
}

test('a hostile page causes zero requests to the service', async ({
  context,
  sw,
  extensionId,
  sandbox,
  configure,
}) => {
  await configure({ autoEnrich: true });
  await context.route(HOSTILE_URL, (route) =>
    route.fulfill({ contentType: 'text/html', body: hostilePage(extensionId) }),
  );
  const page = await context.newPage();
  await page.goto(HOSTILE_URL);

  // The content script still does its job on such a page: the profile and its links are reported.
  const tabId = await reportedTab(sw, HOSTILE_URL);
  await expect
    .poll(async () =>
      sw.evaluate(
        async (key) =>
          ((await chrome.storage.session.get(key))[key] as { profiles: unknown[] }).profiles.length,
        `findings:${tabId}`,
      ),
    )
    .toBeGreaterThan(1000);

  // Let the page keep attacking for a while, then read the sandbox's log.
  await expect.poll(async () => Number((await page.title()).replace('attempts ', ''))).toBeGreaterThan(20);
  expect(await sandbox.requests()).toEqual([]);
  expect(await sandbox.balance()).toBe(10_000);
});

test("a script in the content script's own world cannot spend either", async ({
  context,
  sw,
  sandbox,
  configure,
}) => {
  await configure({ autoEnrich: true });
  // Served on loopback, which the e2e build may script (the networks' hosts need the person's click).
  const url = 'http://127.0.0.1:9/team.html';
  await context.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<a href="https://www.linkedin.com/in/mallory-hostile">M</a>',
    }),
  );
  const page = await context.newPage();
  await page.goto(url);
  const tabId = await reportedTab(sw, url);

  // As if the content script were subverted: a script in its isolated world asks the background to spend.
  const answer = await sw.evaluate(async (id) => {
    const [injection] = await chrome.scripting.executeScript({
      target: { tabId: id },
      func: async () => {
        const message = {
          id: 2,
          type: 'run',
          timestamp: Date.now(),
          data: {
            requestId: 'forged-request-0002',
            endpointId: 'person.profile',
            params: { profile_url: 'https://www.linkedin.com/in/mallory-hostile' },
            policy: 'refresh',
            confirmed: true,
          },
        };
        return JSON.stringify(await chrome.runtime.sendMessage(message));
      },
    });
    return injection?.result as string;
  }, tabId);
  expect(answer).toContain('may only be sent by the extension');
  expect(await sandbox.requests()).toEqual([]);
  expect(await sandbox.balance()).toBe(10_000);
});

test("a script in the content script's own world finds the key in no storage it can reach", async ({
  context,
  sw,
  configure,
  openExtensionPage,
}) => {
  const KEY = 'sk-e2e-secret-7f3a9c';
  await configure({ apiKey: KEY });
  // The options page reads the settings through the background, which keeps the key in its own
  // IndexedDB (a key left in storage.local is moved out on that first read).
  const options = await openExtensionPage('options.html');
  await expect(options.getByText('Set, ends in …3a9c')).toBeVisible();
  const url = 'http://127.0.0.1:9/profile.html';
  await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<p>hello</p>' }));
  const page = await context.newPage();
  await page.goto(url);
  const tabId = await reportedTab(sw, url);

  // As if the content script were subverted: a script in its isolated world reads every storage area.
  const found = await sw.evaluate(async (id) => {
    const [injection] = await chrome.scripting.executeScript({
      target: { tabId: id },
      world: 'ISOLATED',
      func: async () => {
        const read = async (name: 'local' | 'sync' | 'session') => {
          try {
            return JSON.stringify(await chrome.storage[name].get(null));
          } catch (error) {
            return `refused: ${error instanceof Error ? error.message : String(error)}`;
          }
        };
        const databases = await indexedDB.databases().catch(() => []);
        return {
          local: await read('local'),
          sync: await read('sync'),
          session: await read('session'),
          pageStorage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
          databases: JSON.stringify(databases),
        };
      },
    });
    return injection?.result as Record<string, string>;
  }, tabId);
  // It could read storage.local (Chrome allows it) and found the settings there, without the key.
  expect(found.local).toContain('onboarded');
  for (const [area, text] of Object.entries(found)) expect(text, area).not.toContain(KEY);
});

/**
 * A profile whose every field is hostile: markup and scripts in the texts, `javascript:` and `data:`
 * URLs in the links and images. Served by a stand-in for the service (a plain HTTP server on
 * loopback, which the e2e build may reach), since the sandbox's data is well-behaved.
 */
const HOSTILE_PROFILE = {
  public_identifier: 'mallory-hostile',
  full_name: '<img src=x onerror="window.__pwned=1">Mallory',
  headline: '<script>window.__pwned=2</script>Headline',
  occupation: '<b>bold</b> occupation',
  summary: 'About <a href="javascript:window.__pwned=3">click me</a>',
  profile_pic_url: 'javascript:window.__pwned=4',
  background_cover_image_url:
    'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  experiences: [
    {
      title: '<iframe src="javascript:window.__pwned=5"></iframe>Chief',
      company: 'Evil Corp',
      company_network_profile_url: 'javascript:window.__pwned=6',
      starts_at: { day: 1, month: 1, year: 2020 },
      ends_at: null,
      description: '<style>body{display:none}</style>Described',
    },
  ],
  certifications: [{ name: 'Data link', url: 'data:text/html,<script>alert(1)</script>' }],
  accomplishment_honors_awards: [
    { title: '<svg onload="window.__pwned=7">Award', url: 'javascript:alert(1)' },
  ],
  similarly_named_profiles: [
    { name: 'A fine link', link: 'https://example.com/fine', summary: null, location: null },
    { name: 'A bad link', link: 'javascript:window.__pwned=8', summary: null, location: null },
  ],
  activities: [{ title: 'Vbscript', link: 'vbscript:msgbox(1)', activity_status: null }],
  languages: ['<marquee>English</marquee>'],
};

test('a hostile profile renders inert: markup shows as text, only http(s) links are made', async ({
  context,
  sw,
  configure,
  openExtensionPage,
}) => {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    response.setHeader('Content-Type', 'application/json');
    if (path === '/api/v2/profile') response.end(JSON.stringify(HOSTILE_PROFILE));
    else if (path === '/api/v2/credit-balance') response.end(JSON.stringify({ credit_balance: 100 }));
    else {
      response.statusCode = 404;
      response.end(JSON.stringify({ code: 404, name: 'Not Found', description: 'Not found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await configure({ baseUrlV2: `http://127.0.0.1:${port}`, baseUrlV3: `http://127.0.0.1:${port}` });
    await context.route(HOSTILE_URL, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Mallory</h1>' }),
    );
    const page = await context.newPage();
    await page.goto(HOSTILE_URL);
    const tabId = await reportedTab(sw, HOSTILE_URL);

    const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
    await panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true }).click();
    const name = panel.locator('.profile-name');
    await expect(name).toHaveText('<img src=x onerror="window.__pwned=1">Mallory');
    await expect(panel.getByText('<script>window.__pwned=2</script>Headline')).toBeVisible();
    await expect(panel.getByText('About <a href="javascript:window.__pwned=3">click me</a>')).toBeVisible();
    await expect(panel.getByText('<iframe src="javascript:window.__pwned=5"></iframe>Chief')).toBeVisible();
    await screenshotBoth(panel, 'panel-hostile');

    // Nothing the service sent became an element: no script, frame, style, image or svg of its own.
    const main = panel.locator('main');
    for (const tag of ['script', 'iframe', 'style', 'svg', 'marquee', 'b', 'img']) {
      await expect(main.locator(tag), tag).toHaveCount(0);
    }
    // Only http(s) links; the others are plain text that does nothing when clicked.
    const hrefs = await main
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https?:\/\//);
    await expect(main.getByRole('link', { name: 'A fine link' })).toHaveAttribute(
      'href',
      'https://example.com/fine',
    );
    await expect(main.getByRole('link', { name: 'A bad link' })).toHaveCount(0);
    await main.getByText('A bad link').click();
    await main.getByText('Evil Corp').click();
    expect(await panel.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(panel.url()).toContain('/sidepanel.html');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

/** This spec's pictures and accessibility checks (test/e2e/look.ts). */
function screenshotBoth(page: Page, name: string) {
  return lookAt(page, `${name}`);
}
