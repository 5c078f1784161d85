/**
 * The team hub's admin page (/admin) in Chromium, as an admin uses it: a hub (in this process, on an
 * embedded PGlite in a temporary folder) in front of the sandbox; a wrong token is refused and shows
 * nothing; a member is added (their token read once), given a budget, makes a request through the
 * hub that the audit and the spend then show; a do-not-enrich entry is added and removed, a subject
 * forgotten, the member removed; the database going away shows the hub's 503, not a broken page.
 * A member's token is given a lifetime and rotated (the new token shown once, the old one kept for
 * its grace), and the alerts the hub posted to the team's webhook (a server in this process) listed.
 * The page is photographed and checked by axe in light and dark at 1280 and 800 px
 * (test-results/screenshots/hub-admin-*.png).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { type RunningHub, startHub } from '../../hub/app';
import { type Db, openPglite, openPostgres } from '../../hub/db';
import { emptyPgliteFolder } from '../support/hub-testing';
import { CHROMIUM_ARGS } from './chromium-args';
import { expect, test } from './fixtures';
import { lookAt } from './look';
import { samplePerson } from './sandbox-handle';

const ADMIN_TOKEN = 'e2e-admin-token';

interface AdminHub {
  url: string;
  /** What the team's webhook received: the alerts' JSON bodies. */
  alerts: Record<string, unknown>[];
  /** Makes the hub's database unreachable (true) or reachable again (false). */
  databaseDown(down: boolean): void;
}

const adminTest = test.extend<{ hub: AdminHub; plainBrowser: Browser; adminPage: Page }>({
  hub: async ({ sandbox }, use) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-admin-e2e-'));
    // An empty database as initdb makes it, without initdb's seconds (test/support/hub-testing.ts).
    await emptyPgliteFolder(dataDir);
    const db = await openPglite(dataDir);
    // A database on a port where nothing listens: what the hub meets when its database is gone.
    const gone = openPostgres('postgres://hub@127.0.0.1:9/hub');
    let down = false;
    // The team's webhook, which the hub posts its alerts to.
    const alerts: Record<string, unknown>[] = [];
    const webhook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        alerts.push(JSON.parse(body) as Record<string, unknown>);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    const switchable: Db = {
      kind: db.kind,
      query: (sql, params) => (down ? gone.query(sql, params) : db.query(sql, params)),
      transaction: (work) => (down ? gone.transaction(work) : db.transaction(work)),
      close: async () => {},
    };
    let running: RunningHub | undefined;
    try {
      running = await startHub({
        db: switchable,
        port: 0,
        providerUrl: sandbox.url,
        providerKey: 'demo',
        adminToken: ADMIN_TOKEN,
        ratePerMinute: 6000,
        alertWebhook: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/team-alerts`,
        // Above any sandbox account's balance: the balance alert is posted at the start.
        balanceFloor: 100_000_000,
        log: () => {},
      });
      await use({
        url: running.url,
        alerts,
        databaseDown: (value) => {
          down = value;
        },
      });
    } finally {
      await running?.close();
      await new Promise((resolve) => webhook.close(resolve));
      await gone.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  // A plain Chromium: the admin page is a web page of the hub, no extension involved.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  plainBrowser: async ({}, use) => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    await use(browser);
    await browser.close();
  },
  adminPage: async ({ plainBrowser, hub }, use) => {
    const context = await plainBrowser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: hub.url });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await use(page);
    await context.close();
    // A broken page (a script error, a resource the CSP blocked) fails the test, whatever it showed.
    expect(problems.filter((problem) => !/status of (400|401|503)/.test(problem))).toEqual([]);
  },
});

const section = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) });

adminTest(
  'an admin signs in, manages members, budgets, do-not-enrich and forget, and reads the audit and the spend',
  async ({ adminPage: page, hub, sandbox }) => {
    adminTest.setTimeout(150_000);
    const person = await samplePerson(sandbox);
    await page.goto(`${hub.url}/admin`);

    // A wrong token: said so, nothing else shown.
    await page.getByLabel('Admin token').fill('not-the-token');
    await page.getByRole('button', { name: 'Open the admin page' }).click();
    await expect(page.getByRole('alert')).toContainText("That is not this hub's admin token");
    await expect(page.getByRole('heading', { name: 'Members' })).toHaveCount(0);
    await lookAt(page, 'hub-admin-wrong-token');

    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Open the admin page' }).click();
    const members = section(page, 'Members');
    const spend = section(page, 'Spend per day');
    const doNotEnrich = section(page, 'Do not enrich');
    const audit = section(page, 'Audit');
    await expect(members.getByText('No members yet: add the first one below.')).toBeVisible();
    await expect(spend.getByText('Nothing spent yet: no member has made a paid request.')).toBeVisible();
    await expect(
      doNotEnrich.getByText('The do-not-enrich list is empty: the hub refuses no subject.'),
    ).toBeVisible();
    await expect(audit.getByText('The audit is empty: no member has made a request yet.')).toBeVisible();
    await lookAt(page, 'hub-admin-empty');

    // The token is kept for the tab: a reload stays signed in.
    await page.reload();
    await expect(members.getByText('No members yet: add the first one below.')).toBeVisible();

    // Add a member: their token is shown once, and copied.
    await members.getByLabel('Name').fill('ada');
    await members.getByLabel('Daily budget').fill('200');
    await members.getByRole('button', { name: 'Add member' }).click();
    await expect(members.getByText('Their token is shown only this once.')).toBeVisible();
    const token = await members.getByLabel("ada's token").inputValue();
    expect(token).toMatch(/^hub_/);
    await members.getByRole('button', { name: 'Copy token' }).click();
    await expect(members.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await lookAt(page, 'hub-admin-new-member', members);
    await members.getByRole('button', { name: 'Done: I have the token' }).click();
    await expect(members.getByLabel("ada's token")).toHaveCount(0);
    const me = await fetch(`${hub.url}/hub/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ name: 'ada', daily_budget: 200 });

    // Set a budget.
    const ada = members.getByRole('row', { name: /^ada/ });
    await members.getByRole('button', { name: 'Set budget for ada' }).click();
    await expect(members.getByLabel('Daily budget').first()).toBeFocused();
    await members.getByLabel('Monthly budget').first().fill('3000');
    await members.getByLabel('Daily budget').first().fill('150');
    await lookAt(page, 'hub-admin-set-budget', members);
    await members.getByRole('button', { name: "Save ada's budget" }).click();
    await expect(ada.getByRole('cell').nth(0)).toHaveText('150');
    await expect(ada).toContainText('3000 (0 spent)');
    const budget = await fetch(`${hub.url}/hub/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await budget.json()).toMatchObject({ daily_budget: 150, monthly_budget: 3000 });

    // The do-not-enrich list: a bad subject is refused, a good one listed (and refused by the hub), then removed.
    await doNotEnrich.getByLabel('Subject').fill('not a subject');
    await doNotEnrich.getByRole('button', { name: 'Add to the list' }).click();
    await expect(doNotEnrich.getByRole('alert')).toContainText('is not an email address, a domain');
    await doNotEnrich.getByLabel('Subject').fill('@acme.example');
    await doNotEnrich.getByRole('button', { name: 'Add to the list' }).click();
    await expect(doNotEnrich.getByRole('listitem')).toHaveText([/^acme\.example/]);
    await expect(doNotEnrich.getByRole('alert')).toHaveCount(0);
    const refused = await fetch(
      `${hub.url}/api/v2/profile/resolve/email?${new URLSearchParams({ email: 'grace@acme.example' })}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(refused.status).toBe(451);
    await doNotEnrich.getByRole('button', { name: 'Remove acme.example from the list' }).click();
    await expect(
      doNotEnrich.getByText('The do-not-enrich list is empty: the hub refuses no subject.'),
    ).toBeVisible();

    // A request as the member, through the hub: in the audit and in the spend per day.
    const answer = await fetch(
      `${hub.url}/api/v2/profile?${new URLSearchParams({ profile_url: person.url })}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(200);
    const charged = Number(answer.headers.get('X-Hub-Charged'));
    expect(charged).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const slug = new URL(person.url).pathname.split('/').filter(Boolean).at(-1)!;
    const today = new Date().toISOString().slice(0, 10);
    const auditRows = audit.getByRole('table', { name: 'Audit' }).locator('tbody tr');
    // The audit lists the refused (451) request too, the most recent first.
    await expect(auditRows).toHaveCount(2);
    await expect(auditRows.first()).toContainText(slug);
    await expect(auditRows.first().getByRole('cell').nth(1)).toHaveText('ada');
    await expect(auditRows.first().getByRole('cell').nth(4)).toHaveText('200');
    await expect(auditRows.first().getByRole('cell').nth(5)).toHaveText(String(charged));
    await expect(auditRows.nth(1).getByRole('cell').nth(4)).toHaveText('451');
    await expect(spend.locator('tbody tr').getByRole('cell')).toHaveText([
      today,
      'ada',
      String(charged),
      '0',
    ]);
    await expect(ada).toContainText(`${charged}`);

    // Filters: by member and by subject.
    await audit.getByLabel('Subject contains').fill(slug);
    await audit.getByLabel('Member').selectOption('ada');
    await audit.getByRole('button', { name: 'Filter' }).click();
    await expect(auditRows).toHaveCount(1);
    await audit.getByLabel('Subject contains').fill('nobody-at-all');
    await audit.getByRole('button', { name: 'Filter' }).click();
    await expect(
      audit.getByText('No request by ada about a subject containing "nobody-at-all" is in the audit.'),
    ).toBeVisible();
    await audit.getByRole('button', { name: 'Show everything' }).click();
    await expect(auditRows).toHaveCount(2);

    await lookAt(page, 'hub-admin-1280');
    await page.setViewportSize({ width: 800, height: 900 });
    await lookAt(page, 'hub-admin-800');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Forget the person: asked once more, then gone from the cache and from the audit's names.
    const forget = section(page, 'Forget a subject');
    await forget.getByLabel('Subject').fill(person.url);
    await forget.getByRole('button', { name: 'Forget…' }).click();
    await expect(forget.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await forget.getByRole('button', { name: /^Forget .* now$/ }).click();
    await expect(forget.getByRole('status')).toContainText('1 cached answer removed');
    await expect(auditRows.first().getByRole('cell').nth(3)).toHaveText('not named');
    await expect(audit).not.toContainText(slug);
    const forgotten = await fetch(`${hub.url}/hub/v1/forgotten?since=0`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await forgotten.json()).forgotten).toHaveLength(1);

    // Remove the member: their token stops working at once; they stay listed, as removed.
    // Asked first, the safe answer focused; kept, the focus is back where it was.
    await members.getByRole('button', { name: 'Remove ada' }).click();
    await expect(members.getByRole('button', { name: 'Keep ada' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(members.getByRole('button', { name: 'Remove ada' })).toBeFocused();
    await members.getByRole('button', { name: 'Remove ada' }).click();
    await expect(members.getByText('Their token stops working at once')).toBeVisible();
    await lookAt(page, 'hub-admin-remove', members);
    await members.getByRole('button', { name: 'Remove ada now' }).click();
    await expect(ada).toContainText('Removed');
    await expect(members.getByRole('button', { name: 'Remove ada' })).toHaveCount(0);
    const after = await fetch(`${hub.url}/hub/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);

    // The database gone: the hub's 503 is shown in each section, the page stays whole.
    hub.databaseDown(true);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(members.getByRole('alert')).toContainText("The hub's database cannot be reached");
    await expect(members.getByRole('alert')).toContainText('HTTP 503');
    await expect(audit.getByRole('alert')).toContainText('HTTP 503');
    await lookAt(page, 'hub-admin-database-down');
    hub.databaseDown(false);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(members.getByRole('alert')).toHaveCount(0);

    // Signing out forgets the token.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.reload();
    await expect(page.getByLabel('Admin token')).toBeVisible();
  },
);

adminTest(
  "an admin gives a member's token a lifetime, rotates it, and reads the alerts the hub sent",
  async ({ adminPage: page, hub, sandbox }) => {
    adminTest.setTimeout(120_000);
    const person = await samplePerson(sandbox);
    await page.goto(`${hub.url}/admin`);
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Open the admin page' }).click();
    const members = section(page, 'Members');
    const alerts = section(page, 'Alerts sent');

    // A member whose token lasts 90 days, and whose daily budget a request fills.
    await members.getByLabel('Name').fill('ada');
    await members.getByLabel('Daily budget').fill('2');
    await members.getByLabel('Token expires after').fill('90');
    await members.getByRole('button', { name: 'Add member' }).click();
    await expect(members.getByText(/Their token is shown only this once\..* It expires 20/)).toBeVisible();
    const token = await members.getByLabel("ada's token").inputValue();
    await members.getByRole('button', { name: 'Done: I have the token' }).click();
    const ada = members.getByRole('row', { name: /^ada/ });
    const expiry = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    await expect(ada).toContainText(`Expires ${expiry}`);

    // Rotate: the new token shown once; the old one keeps working through the grace chosen.
    await members.getByRole('button', { name: 'Rotate token for ada' }).click();
    await expect(members.getByLabel('The old token keeps working for')).toBeFocused();
    await members.getByLabel('The old token keeps working for').selectOption({ label: '7 days' });
    await lookAt(page, 'hub-admin-rotate', members);
    await members.getByRole('button', { name: "Rotate ada's token now" }).click();
    await expect(members.getByText('ada has a new token.')).toBeVisible();
    const fresh = await members.getByLabel("ada's new token").inputValue();
    expect(fresh).toMatch(/^hub_/);
    expect(fresh).not.toBe(token);
    const graceEnd = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await expect(members.getByRole('status').filter({ hasText: 'ada has a new token.' })).toContainText(
      `The old token works until ${graceEnd}`,
    );
    await lookAt(page, 'hub-admin-rotated', members);
    await members.getByRole('button', { name: 'Done: I have the token' }).click();
    await expect(ada).toContainText(`Rotated: old token valid until ${graceEnd}`);
    await expect(ada).toContainText(`Expires ${expiry}`);
    for (const each of [token, fresh]) {
      const me = await fetch(`${hub.url}/hub/v1/me`, { headers: { Authorization: `Bearer ${each}` } });
      expect(me.status).toBe(200);
    }

    // A request with the old token fills ada's day: 80 % and 100 % are posted, after the balance's.
    const answer = await fetch(
      `${hub.url}/api/v2/profile?${new URLSearchParams({ profile_url: person.url })}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(200);
    await expect
      .poll(() => hub.alerts.map((alert) => alert.kind))
      .toEqual(['balance_floor', 'member_daily', 'member_daily']);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const rows = alerts.getByRole('table', { name: 'Alerts sent' }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('100 % of the daily budget');
    await expect(rows.nth(0)).toContainText('ada');
    await expect(rows.nth(0)).toContainText('Sent (HTTP 204)');
    await expect(rows.nth(2)).toContainText('under the floor of 100000000');
    await expect(rows.nth(2)).toContainText('the account');
    await lookAt(page, 'hub-admin-alerts', alerts);
    await lookAt(page, 'hub-admin-tokens-1280');
  },
);
