/**
 * A team on one hub: two hub processes on one PostgreSQL (test/e2e/hub-handle.ts) in front of the
 * sandbox, and two members, each in a browser of their own with the extension in team mode. What
 * one member paid for is free to the other; both members' lists at once stay within the account's
 * rate limit and each member's budget; the team's do-not-enrich list refuses in both browsers; a
 * subject forgotten at the hub is forgotten in both.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { everythingStored, send } from './extension-storage';
import { expect, installedWorker, launchWithExtension, openExtensionPageIn, test } from './fixtures';
import { joinTeam, type Member, startTeamHub, type TeamHub } from './hub-handle';
import { listOf } from './lists-page';
import { openProfileTab, PROFILE_PATH, profilePage } from './profile-pages';
import type { SandboxHandle } from './sandbox-handle';

const { dataset } = datasetForSeed(DEFAULT_SEED);
const FRESH = { use_cache: 'if-present', live_fetch: 'default' };

/** Opens the side panel on a person's page in the member's browser. */
async function panelOn(member: Member, url: string, name: string): Promise<Page> {
  const { tabId } = await openProfileTab(member.context, member.sw, url, profilePage(name));
  return openExtensionPageIn(member.context, new URL(member.sw.url()).host, `sidepanel.html?tab=${tabId}`);
}

// Each member's browser is installed and joined here (installedWorker), Bob's beside Ada's.
test.use({ freshBrowser: true });

const profileRequests = async (sandbox: SandboxHandle) =>
  (await sandbox.requests()).filter((request) => request.path === PROFILE_PATH);

test('a team on one hub of two processes: paid once for both members, one rate limit, one do-not-enrich list, one forget', async ({
  context,
  sandbox,
}) => {
  test.setTimeout(300_000);
  let hub: TeamHub | undefined;
  let bobContext: BrowserContext | undefined;
  try {
    hub = await startTeamHub({ providerUrl: sandbox.url, providerKey: 'demo' });
    const tokens = { ada: await hub.addMember('ada', 200), bob: await hub.addMember('bob', 200) };
    const ada = await joinTeam(context, await installedWorker(context), {
      name: 'ada',
      sandbox,
      hubUrl: hub.urls[0]!,
      token: tokens.ada,
    });
    bobContext = await launchWithExtension();
    const bob = await joinTeam(bobContext, await installedWorker(bobContext), {
      name: 'bob',
      sandbox,
      hubUrl: hub.urls[1]!,
      token: tokens.bob,
    });

    // Ada enriches a person and the team pays; Bob, on the other hub process, gets it for nothing.
    const person = dataset.people[5]!;
    const name = person.profile.full_name as string;
    const adaPanel = await panelOn(ada, person.url, name);
    await adaPanel.getByRole('button', { name: 'Enrich · 1 credit', exact: true }).click();
    await expect(adaPanel.getByRole('heading', { level: 2, name })).toBeVisible();
    const bobPanel = await panelOn(bob, person.url, name);
    const free = bobPanel.getByRole('button', { name: /^Enrich · 0 credits \(the team has it/ });
    await expect(free).toBeVisible();
    await free.click();
    await expect(bobPanel.getByRole('heading', { level: 2, name })).toBeVisible();
    expect((await profileRequests(sandbox)).map((request) => request.charged)).toEqual([1]);
    await expect(bobPanel.locator('.panel-footer')).toContainText('bob');

    // A list of 40 in each browser at once: one rate limit for the account, each member's own budget.
    const adaPeople = dataset.people.slice(300, 340).map((p) => p.url);
    const bobPeople = dataset.people.slice(340, 380).map((p) => p.url);
    const [adaList, bobList] = await Promise.all([
      send<{ status: string; list: { id: string } }>(ada.page, 'list.start', listOf(adaPeople)),
      send<{ status: string; list: { id: string } }>(bob.page, 'list.start', listOf(bobPeople)),
    ]);
    expect([adaList.status, bobList.status]).toEqual(['started', 'started']);
    const finished = async (member: Member, id: string) => {
      await expect
        .poll(
          async () =>
            (await send<{ summary: { status: string } } | null>(member.page, 'list.state', { id, since: 0 }))
              ?.summary.status,
          { timeout: 120_000, intervals: [1_000] },
        )
        .toBe('done');
    };
    await Promise.all([finished(ada, adaList.list.id), finished(bob, bobList.list.id)]);
    const asked = await profileRequests(sandbox);
    expect(asked.filter((request) => request.status === 429).length).toBeLessThanOrEqual(1);
    expect(asked.filter((request) => request.charged > 0)).toHaveLength(81);
    // What each member spent, as the hub counts it: Ada the person and her list, Bob his list.
    const spentToday = async (token: string) =>
      (
        (await (
          await fetch(`${hub!.urls[0]}/hub/v1/me`, { headers: { Authorization: `Bearer ${token}` } })
        ).json()) as {
          spent_today: number;
        }
      ).spent_today;
    expect(await spentToday(tokens.ada)).toBe(41);
    expect(await spentToday(tokens.bob)).toBe(40);

    // The team's do-not-enrich list refuses in both browsers, with nothing sent to the service.
    const listed = dataset.people[9]!;
    await hub.admin('do-not-enrich', 'add', listed.url);
    const before = (await profileRequests(sandbox)).length;
    for (const member of [ada, bob]) {
      const refused = await send<{ status: string; error?: { kind: string } }>(member.page, 'run', {
        requestId: crypto.randomUUID(),
        endpointId: 'person.profile',
        params: { profile_url: listed.url, ...FRESH },
        policy: 'refresh',
      });
      expect(refused).toMatchObject({ status: 'error', error: { kind: 'team-do-not-enrich' } });
    }
    expect(await profileRequests(sandbox)).toHaveLength(before);

    // Forgotten at the hub: both browsers forget the person Ada paid for.
    await hub.admin('forget', person.url);
    for (const member of [ada, bob]) {
      // The alarm that asks the hub what it forgot, fired now (unpacked, Chrome fires it as asked).
      await member.sw.evaluate(() => chrome.alarms.create('hub-forgotten', { when: Date.now() + 100 }));
      await expect
        .poll(async () => (await everythingStored(member.page)).includes(person.url.toLowerCase()), {
          timeout: 30_000,
          intervals: [1_000],
        })
        .toBe(false);
    }
  } finally {
    await bobContext?.close();
    await hub?.close();
  }
});
