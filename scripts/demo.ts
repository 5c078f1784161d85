/**
 * The demo: the sandbox on 127.0.0.1:8787 (SANDBOX_PORT), Chromium with the extension loaded and
 * configured for it, a local page of profile links and an email, and a sandbox person's profile URL
 * with the side panel enriching it. With a display it opens a real window (DEMO_HEADLESS=1: never);
 * without one it runs headless and writes screenshots of what it opened to .demo/.
 *
 * It runs until Ctrl-C, or SIGTERM, SIGINT or SIGHUP to its process (`bash scripts/demo.sh` execs
 * into it), and then stops everything it started: Chromium first, then the page server and the
 * sandbox. A second signal while it stops exits at once (Playwright's exit hook still kills
 * Chromium). test/e2e/demo.spec.ts checks that nothing is left running.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { type BrowserContext, chromium } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../sandbox/app';
import { CHROMIUM_ARGS } from '../test/e2e/chromium-args';
import { send } from '../test/e2e/extension-storage';
import { EXTENSION_PATH } from '../test/e2e/fixtures';

const OUT = '.demo';
const headed = Boolean(process.env.DISPLAY) && process.env.DEMO_HEADLESS !== '1';
// The sandbox's own default port, which "Try the sandbox" in onboarding fills in.
const DEFAULT_PORT = 8787;
// Long enough for Chromium to close on a loaded machine; a stop that hangs must not keep it alive.
const STOP_TIMEOUT_MS = 15_000;

/** An error the person can act on: printed as its one line, with no stack trace. */
class DemoError extends Error {}

// What the demo has started, in order; stopped in reverse (Chromium before the servers it uses).
const started: Array<{ name: string; stop: () => Promise<unknown> }> = [];
let stopping = false;

async function stop(code: number): Promise<never> {
  stopping = true;
  setTimeout(() => {
    console.error(`demo: not stopped after ${STOP_TIMEOUT_MS / 1000} s; exiting anyway`);
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
  for (const { name, stop: stopOne } of started.reverse()) {
    await stopOne().catch((error: unknown) =>
      console.error(`demo: stopping ${name} failed: ${String(error)}`),
    );
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    console.log(`\nStopping (${signal})…`);
    void stop(0);
  });
}

function sandboxPort(): number {
  const text = process.env.SANDBOX_PORT?.trim() || String(DEFAULT_PORT);
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new DemoError(
      `SANDBOX_PORT must be a port number from 0 to 65535 (0: any free port), not "${text}"`,
    );
  return port;
}

/** A port that is free right now, to suggest in place of a taken one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startDemoSandbox(port: number): Promise<RunningSandbox> {
  try {
    return await startSandbox({ port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new DemoError(
        `port ${port} is in use: set SANDBOX_PORT=${await freePort()} (free now) or stop what uses it`,
      );
    if (code === 'EACCES')
      throw new DemoError(`port ${port} needs privileges: set SANDBOX_PORT to a port above 1023`);
    throw error;
  }
}

async function main(): Promise<void> {
  const sandbox = await startDemoSandbox(sandboxPort());
  started.push({ name: 'the sandbox', stop: () => sandbox.close() });
  const people = sandbox.sandbox.queries.dataset.people.slice(0, 6);
  const companies = sandbox.sandbox.queries.dataset.companies.slice(0, 3);
  const name = (p: { profile: Record<string, unknown> }) => String(p.profile.full_name ?? p.profile.name);
  const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

  const demoPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Team · Demo</title>
  <style>body{font:16px system-ui;max-width:40rem;margin:2rem auto;line-height:1.5}</style></head><body>
  <h1>Our team</h1><p>A page of an ordinary site, with profile links and an email address.</p><ul>
  ${people.map((p) => `<li><a href="${escapeHtml(p.url)}">${escapeHtml(name(p))}</a></li>`).join('\n')}
  </ul><p>Partners: ${companies.map((c) => `<a href="${escapeHtml(c.url)}">${escapeHtml(name(c))}</a>`).join(', ')}</p>
  <p>Questions? Write to <a href="mailto:${escapeHtml(people[0]!.emails[0]!)}">${escapeHtml(people[0]!.emails[0]!)}</a>.</p>
  </body></html>`;
  const pageServer = createServer((_, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(demoPage),
  );
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  started.push({
    name: 'the page server',
    stop: () =>
      new Promise<void>((done) => {
        pageServer.close(() => done());
        pageServer.closeAllConnections();
      }),
  });
  const demoUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/team.html`;

  const launching = chromium.launchPersistentContext('', {
    executablePath: '/usr/bin/chromium',
    headless: !headed,
    viewport: { width: 1000, height: 800 },
    args: [
      ...CHROMIUM_ARGS,
      `--disable-extensions-except=${EXTENSION_PATH}`,
      `--load-extension=${EXTENSION_PATH}`,
    ],
    // The demo's own handlers close Chromium, in order with the servers; Playwright's would race
    // them (its SIGINT handler exits the process as soon as the browser is gone).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  // Registered before the launch ends, so that a stop during the launch waits for it and closes it.
  started.push({ name: 'Chromium', stop: async () => (await launching).close() });
  const context: BrowserContext = await launching;
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(sw.url()).host;
  // What onboarding's "Try the sandbox" saves; every other setting keeps its default.
  await sw.evaluate(async (settings) => chrome.storage.local.set({ settings }), {
    apiKey: 'demo',
    baseUrlV2: sandbox.url,
    baseUrlV3: sandbox.url,
    onboarded: true,
  });

  // A sandbox person's profile URL on the real host, rendered from the sandbox's own answer.
  const person = people[1]!;
  await context.route(person.url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>${escapeHtml(name(person))}</title><h1>${escapeHtml(name(person))}</h1>
  <p>${escapeHtml(String(person.profile.headline ?? ''))}</p>
  <p>Colleague: <a href="${escapeHtml(people[2]!.url)}">${escapeHtml(name(people[2]!))}</a></p>`,
    }),
  );

  mkdirSync(OUT, { recursive: true });
  const team = await context.newPage();
  await team.goto(demoUrl);
  const profile = await context.newPage();
  await profile.goto(person.url);

  async function tabIdOf(url: string): Promise<number> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const id = await sw.evaluate(async (pageUrl) => {
        const stored = await chrome.storage.session.get(null);
        const key = Object.keys(stored).find((k) => (stored[k] as { pageUrl?: string }).pageUrl === pageUrl);
        return key ? Number(key.slice('findings:'.length)) : null;
      }, url);
      if (id !== null) return id;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the extension reported nothing for ${url}`);
  }

  const panelFor = async (url: string) => {
    const panel = await context.newPage();
    await panel.setViewportSize({ width: 360, height: 720 });
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tab=${await tabIdOf(url)}`);
    return panel;
  };
  const teamPanel = await panelFor(demoUrl);
  await teamPanel.getByRole('heading', { name: /Found on this page/ }).waitFor();
  const profilePanel = await panelFor(person.url);
  await profilePanel.getByRole('button', { name: /^Enrich · / }).click();
  await profilePanel.getByRole('heading', { name: name(person) }).waitFor();

  const changes = await showWatchWithChanges();

  if (!headed) {
    await team.screenshot({ path: `${OUT}/1-demo-page.png` });
    await teamPanel.screenshot({ path: `${OUT}/2-panel-on-demo-page.png`, fullPage: true });
    await profile.screenshot({ path: `${OUT}/3-profile-page.png` });
    await profilePanel.screenshot({ path: `${OUT}/4-panel-enriched-profile.png`, fullPage: true });
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options
      .getByText(/credits/i)
      .first()
      .waitFor();
    await options.screenshot({ path: `${OUT}/5-options.png`, fullPage: true });
    await changes.screenshot({ path: `${OUT}/6-changes.png`, fullPage: true });
  }

  /**
   * A watch list with changes to show: 40 of the sandbox's people watched every 30 days (its first
   * run asks each), then the sandbox's clock and the watch's moved 30 days on (the e2e build's hook)
   * and the run that falls due records who changed jobs, titles or places.
   */
  async function showWatchWithChanges() {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/changes.html`);
    const watched = sandbox.sandbox.queries.dataset.people.slice(0, 40);
    const startId = crypto.randomUUID();
    await send(page, 'watch.create', {
      startId,
      name: 'Demo: people to call',
      targets: watched.map((p) => ({ kind: 'person', url: p.url, name: name(p) })),
      periodDays: 30,
      freshness: 'if-recent',
      cap: null,
    });
    const runOver = async () => {
      for (let attempt = 0; attempt < 150; attempt++) {
        const lists = await send<Array<{ id: string; status: string; lastRunAt: number | null }>>(
          page,
          'watch.lists',
          undefined,
        );
        const list = lists.find((each) => each.id === startId);
        if (list?.status === 'idle' && list.lastRunAt !== null) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new DemoError('the demo watch list did not finish its run');
    };
    await runOver();
    await fetch(`${sandbox.url}/__sandbox/advance`, { method: 'POST', body: JSON.stringify({ days: 30 }) });
    await sw.evaluate(async () => {
      const hooks = (globalThis as { __test?: { watch?: Record<string, (days?: number) => Promise<void>> } })
        .__test!.watch!;
      await hooks.advanceDays!(30);
      await hooks.checkDue!();
    });
    await runOver();
    await page.reload();
    return page;
  }

  console.log(`Sandbox: ${sandbox.url} (key "demo")`);
  console.log(`Demo page: ${demoUrl}`);
  console.log(`Profile: ${person.url} (enriched in the side panel)`);
  console.log(
    `Changes: a watch list of 40 people, 30 days on (chrome-extension://${extensionId}/changes.html)`,
  );
  if (!headed) console.log(`No display: screenshots of what was opened are in ${OUT}/`);
  console.log(`Running as process ${process.pid}; press Ctrl-C to stop.`);
  if (process.env.DEMO_EXIT === '1') await stop(0);
}

main().catch(async (error: unknown) => {
  // Once a stop has begun, what main() was doing fails as its browser and servers go away: not news.
  if (stopping) return;
  console.error(error instanceof DemoError ? error.message : error);
  await stop(1);
});
