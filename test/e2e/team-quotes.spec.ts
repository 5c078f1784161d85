/**
 * The team in a list's quote, end to end: two hub processes on one PostgreSQL in front of the
 * sandbox (test/e2e/hub-handle.ts) and two members, each in a browser of their own in team mode.
 * The admin imports the team's CRM export on the hub's admin page; member A enriches 20 people;
 * member B's list of 60 holds those 20 and the CRM's 10: its dry run quotes the 30 others and says
 * why (the control that spends names the team's rows and the CRM's), and running it the sandbox is
 * asked exactly those 30, paid once each, as B's ledger and B's spend at the hub say. The dry run
 * and the admin page's "CRM reference" are looked at in light and dark
 * (test-results/screenshots/team-quotes-*.png).
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { ListState } from '../../lib/protocol';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { readStore, send } from './extension-storage';
import { expect, installedWorker, launchWithExtension, test } from './fixtures';
import { joinTeam, type Member, startTeamHub, type TeamHub } from './hub-handle';
import { currentCompanyOf, listCsv } from './list-file';
import { chooseFile, listOf, openLists, QUICK_RATE_PER_MINUTE } from './lists-page';
import { lookAt } from './look';
import { PROFILE_PATH } from './profile-pages';
import type { SandboxHandle } from './sandbox-handle';
import { setRate } from './test-hooks';

const { dataset } = datasetForSeed(DEFAULT_SEED);
const ADMIN_TOKEN = 'e2e-team-admin';

/**
 * B's list: 60 people, mixed as a list met at an event is: in each 6 rows, 2 that A enriches, 1 the
 * team's CRM holds and 3 nobody has (so the dry run's first rows show each kind).
 */
const LIST = dataset.people.slice(400, 460).map((person, at) => ({ person, index: 400 + at }));
const kindOf = (at: number) => (at % 6 === 0 || at % 6 === 3 ? 'enriched' : at % 6 === 1 ? 'crm' : 'ask');
const ENRICHED_BY_A = LIST.filter((_, at) => kindOf(at) === 'enriched');
const IN_TEAM_CRM = LIST.filter((_, at) => kindOf(at) === 'crm');
const TO_ASK = LIST.filter((_, at) => kindOf(at) === 'ask');

/**
 * The team's CRM export, as HubSpot writes its contacts: the 10 people by their email (no profile
 * address: CRMs rarely hold one), and a row with nothing to match on, which the import says it left.
 */
function crmExport(): string {
  const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const rows = [
    ['Record ID', 'First Name', 'Last Name', 'Email', 'Company Name'],
    ...IN_TEAM_CRM.map(({ person, index }) => [
      String(51_000 + index),
      String(person.profile.first_name),
      String(person.profile.last_name),
      person.emails[0]!,
      String(currentCompanyOf(dataset, index)?.profile.name ?? ''),
    ]),
    ['51999', 'n/a', '', '', ''],
  ];
  return rows.map((cells) => cells.map(quote).join(',')).join('\r\n');
}

/** The profile addresses the sandbox was asked for since `from` (its log's index), and what it charged. */
async function profilesAsked(sandbox: SandboxHandle, from: number) {
  const asked = (await sandbox.requests()).slice(from).filter((request) => request.path === PROFILE_PATH);
  return {
    urls: asked.map((request) => decodeURI(request.query?.profile_url ?? '').toLowerCase()),
    charged: asked.reduce((sum, request) => sum + request.charged, 0),
  };
}

const addressOf = ({ person }: (typeof LIST)[number]) => decodeURI(person.url).toLowerCase();

async function spentToday(hub: TeamHub, token: string): Promise<number> {
  const me = await fetch(`${hub.urls[0]}/hub/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await me.json()) as { spent_today: number }).spent_today;
}

/** A's list, started from A's browser as the lists page starts one, run to its end. */
async function enrichList(member: Member, urls: readonly string[]): Promise<void> {
  const started = await send<{ status: string; list: { id: string } }>(
    member.page,
    'list.start',
    listOf(urls),
  );
  expect(started.status).toBe('started');
  await expect
    .poll(
      async () =>
        (await send<ListState | null>(member.page, 'list.state', { id: started.list.id, since: 0 }))?.summary
          .status,
      { timeout: 30_000, intervals: [250] },
    )
    .toBe('done');
}

/** The admin opens the hub's admin page and imports the team's CRM export there. */
async function importCrmOnAdminPage(page: Page, hubUrl: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${hubUrl}/admin`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Open the admin page' }).click();
  const crm = page.locator('section', {
    has: page.getByRole('heading', { name: 'CRM reference', exact: true }),
  });
  await expect(crm.getByText("No CRM reference: no member's quote leaves anyone out")).toBeVisible();
  await crm.getByLabel('CRM export (CSV)').setInputFiles({
    name: 'hubspot-contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(crmExport(), 'utf8'),
  });
  await crm.getByRole('button', { name: 'Import', exact: true }).click();
  const imported = crm.getByRole('status');
  await expect(imported).toContainText('Imported hubspot-contacts.csv.');
  await expect(imported).toContainText(
    '11 rows read, 10 with something to match on, 1 matched nothing usable',
  );
  await expect(crm.getByText(/^hubspot-contacts\.csv, a HubSpot contacts export, imported/)).toBeVisible();
  await lookAt(page, 'team-quotes-hub-admin-crm', crm);
}

test('the team in a list’s quote: what a colleague paid for costs 0, the team’s CRM is left out, and only the rest is paid', async ({
  context,
  sw,
  sandbox,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  let hub: TeamHub | undefined;
  let adaContext: BrowserContext | undefined;
  try {
    // The hub and A's browser start together; B is this test's browser.
    const [launched, started] = await Promise.allSettled([
      launchWithExtension(),
      startTeamHub({
        providerUrl: sandbox.url,
        providerKey: 'demo',
        adminToken: ADMIN_TOKEN,
        ratePerMinute: QUICK_RATE_PER_MINUTE,
      }),
    ]);
    if (launched.status === 'fulfilled') adaContext = launched.value;
    if (started.status === 'fulfilled') hub = started.value;
    for (const outcome of [launched, started]) if (outcome.status === 'rejected') throw outcome.reason;
    if (!hub || !adaContext) return;
    const tokens = { ada: await hub.addMember('ada', 200), bob: await hub.addMember('bob', 200) };
    const adaSw = await installedWorker(adaContext);
    const [ada, bob] = await Promise.all([
      joinTeam(adaContext, adaSw, { name: 'ada', sandbox, hubUrl: hub.urls[0]!, token: tokens.ada }),
      joinTeam(context, sw, { name: 'bob', sandbox, hubUrl: hub.urls[1]!, token: tokens.bob }),
    ]);
    await Promise.all([setRate(ada.sw, QUICK_RATE_PER_MINUTE), setRate(bob.sw, QUICK_RATE_PER_MINUTE)]);

    // At once: A enriches 20 people in her browser; the admin imports the team's CRM on the admin page.
    await Promise.all([
      enrichList(
        ada,
        ENRICHED_BY_A.map(({ person }) => person.url),
      ),
      importCrmOnAdminPage(await ada.context.newPage(), hub.urls[0]!),
    ]);
    expect((await profilesAsked(sandbox, 0)).urls.sort()).toEqual(ENRICHED_BY_A.map(addressOf).sort());
    const beforeB = (await sandbox.requests()).length;

    // B's list of 60: the dry run (free) asks the team, and quotes only the 30 nobody has.
    const page = await openLists(openExtensionPage);
    const csv = listCsv(
      LIST.map(({ person, index }) => [
        String(person.profile.full_name),
        String(currentCompanyOf(dataset, index)?.profile.name ?? ''),
        person.emails[0]!,
        person.url,
        '',
        '',
      ]),
    );
    await chooseFile(page, 'team-prospects.csv', csv);
    const start = page.getByRole('button', {
      name: "Enrich 50 rows · 30 credits · 20 the team has · 10 in your team's CRM left out",
      exact: true,
    });
    await expect(start).toBeVisible();
    const dryRun = page.locator('section', {
      has: page.getByRole('heading', { name: 'Dry run', exact: true }),
    });
    const figure = (label: string) =>
      dryRun.locator('.figure', { has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(figure('To ask')).toHaveText('30');
    await expect(figure('The team has')).toHaveText('20');
    await expect(figure("In your team's CRM, left out")).toHaveText('10');
    await expect(dryRun.getByText("Include the 10 rows already in your team's CRM")).toBeVisible();
    // Each row says why it costs what it does: the first six, one of each kind and then some.
    await expect(dryRun.locator('td.state').first()).toHaveText('The team has it · 0 credits');
    expect((await dryRun.locator('td.state').allTextContents()).slice(0, 6)).toEqual([
      'The team has it · 0 credits',
      "In your team's CRM left out",
      '1 credit',
      'The team has it · 0 credits',
      '1 credit',
      '1 credit',
    ]);
    expect((await sandbox.requests()).length).toBe(beforeB);
    await lookAt(page, 'team-quotes-dry-run', dryRun);

    // Running it: the sandbox is asked the 30 others, each once; nothing for the team's or the CRM's rows.
    await start.click();
    await expect(page.getByRole('heading', { name: 'team-prospects' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^\s*Done$/ })).toBeVisible({ timeout: 30_000 });
    const asked = await profilesAsked(sandbox, beforeB);
    expect(asked.urls.sort()).toEqual(TO_ASK.map(addressOf).sort());
    expect(asked.charged).toBe(30);
    await expect(
      page.locator('.figure', { has: page.getByText('Credits spent', { exact: true }) }).locator('dd'),
    ).toHaveText('30 of 30 credits quoted');
    const ledger = await readStore<{ credits: number | null }>(bob.page, 'ledger');
    expect(ledger.reduce((sum, line) => sum + (line.credits ?? 0), 0)).toBe(30);
    expect(await spentToday(hub, tokens.bob)).toBe(30);
    expect(await spentToday(hub, tokens.ada)).toBe(20);
  } finally {
    await adaContext?.close();
    await hub?.close();
  }
});
