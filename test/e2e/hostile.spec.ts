/**
 * Nothing a web page does can spend a credit. A hostile page at a profile URL posts messages in the
 * protocol's own format, calls chrome.runtime with the extension's id, and carries a 50,000-node
 * DOM; and a script running in the content script's own world (as if the content script were
 * subverted) asks the background to run an endpoint. With auto-enrich on and a working key, the
 * sandbox's request log must stay empty, while the page is still scanned.
 */
import { expect, test } from './fixtures';
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
