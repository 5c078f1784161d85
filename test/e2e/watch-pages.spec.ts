/**
 * The watch pages as a person sees them, against the real background and the sandbox: the panel's
 * Watch form (360 px, the panel's width) with its one quote, and the Changes page with a seen and an
 * unseen change after the sandbox's clock moved, each looked at in light and dark and checked by axe
 * (screenshots in test-results/screenshots/watch-*.png); a period longer than data about others is
 * kept, said in the form and on a list.
 *
 * The sandbox's changes are deterministic: advancing it from the same day by the same days changes
 * the same people. So the test first asks a sandbox of its own which people change in the first and
 * the second 30 days, resets it, and watches one of each.
 */
import type { Page } from '@playwright/test';
import { expect, type SandboxHandle, test } from './fixtures';
import { lookAt } from './look';
import { openProfileTab, PROFILE_PATH, profilePage } from './profile-pages';
import { advanceSandbox, daysLater, runOver, untilShown } from './watch-clock';

const RETENTION_SHORTER =
  'You keep data about others for 60 days, less than this period: each answer is deleted before the next one is asked, so nothing can be compared and no change will be recorded. Choose a shorter period, or keep data longer in Settings.';

/** A person who changes in the first 30 days, and one who changes only in the next 30. */
async function changingPeople(sandbox: SandboxHandle): Promise<{ first: string; second: string }> {
  const first = await advanceSandbox(sandbox, 30);
  const second = await advanceSandbox(sandbox, 30);
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
  const firstUrls = new Set(first.people.map((person) => person.url));
  const later = second.people.find((person) => !firstUrls.has(person.url));
  if (!first.people[0] || !later) throw new Error('the sandbox changed nobody in 30 days');
  return { first: first.people[0].url, second: later.url };
}

async function fullNameOf(sandbox: SandboxHandle, url: string): Promise<string> {
  const answer = await fetch(`${sandbox.url}${PROFILE_PATH}?profile_url=${encodeURIComponent(url)}`, {
    headers: { Authorization: 'Bearer demo' },
  });
  const { full_name } = (await answer.json()) as { full_name: string };
  await fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
  return full_name;
}

/** Watches the person on this panel in a new list, and waits until the panel says so. */
async function watchFromPanel(panel: Page, listName: string, firstList: boolean) {
  await panel.getByRole('button', { name: 'Watch this person…' }).click();
  const form = panel.getByRole('form', { name: 'Watch' });
  // With a list kept already, "Watch list" chooses among them (a new one by default) and the new one
  // is named apart; the form reads the kept lists after it shows, so the test says which to expect.
  await form.getByLabel(firstList ? 'Watch list' : 'Name of the new list').fill(listName);
  const start = form.getByRole('button', {
    name: /^Watch 1 person every 30 days · (up to )?\d+ credits? a period$/,
  });
  await expect(start).toBeVisible();
  return {
    form,
    start: async () => {
      await start.click();
      await expect(panel.getByText(`Watching · every 30 days in ${listName}`)).toBeVisible({
        timeout: 15_000,
      });
    },
  };
}

test('the Watch form, and the Changes page with a seen and an unseen change', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const { first, second } = await changingPeople(sandbox);
  // Data about others kept 60 days: longer than a 30-day period, shorter than a 90-day one.
  await configure({ retentionDays: 60 });

  // The panel's Watch under the first person's profile: its choices and its one quote.
  const firstName = await fullNameOf(sandbox, first);
  const { tabId } = await openProfileTab(context, sw, first, profilePage(firstName));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const watching = await watchFromPanel(panel, 'Watched people', true);
  await expect(watching.form.getByLabel('Freshness')).toContainText('29 days or less · +1 credit');
  // A period longer than the data is kept is said plainly, and can still be chosen.
  const period = watching.form.getByLabel('How often');
  await period.selectOption('90');
  await expect(watching.form.locator('.field-warning')).toHaveText(RETENTION_SHORTER);
  await lookAt(panel, 'watch-form', panel.getByRole('region', { name: 'Watch' }));
  await period.selectOption('30');
  await expect(watching.form.locator('.field-warning')).toHaveCount(0);
  await watching.start();
  const changes = await openExtensionPage('changes.html');
  await runOver(changes, 'Watched people');

  // Thirty days later the first person changed: recorded, then looked at and marked seen.
  await daysLater(sandbox, sw);
  await untilShown(changes, 'ol.changes > li');
  await expect(changes.locator('ol.changes > li').first()).toContainText(firstName);
  await changes.getByRole('button', { name: 'Mark all seen' }).click();
  await expect(changes.locator('li.change.unseen')).toHaveCount(0);

  // The second person, watched now, changes in the next thirty days: unseen, above the seen one.
  const secondName = await fullNameOf(sandbox, second);
  const secondTab = await openProfileTab(context, sw, second, profilePage(secondName));
  const secondPanel = await openExtensionPage(`sidepanel.html?tab=${secondTab.tabId}`);
  await (await watchFromPanel(secondPanel, 'Champions', false)).start();
  await runOver(changes, 'Champions');
  await daysLater(sandbox, sw);
  await untilShown(changes, 'li.change.unseen');
  // Both runs over before the page is looked at.
  await runOver(changes, 'Champions');
  await runOver(changes, 'Watched people');
  await expect(changes.locator('li.change.unseen').first()).toContainText(secondName);
  await expect(changes.locator('li.change.unseen').first()).toContainText('Not seen yet');
  await expect(changes.locator('li.change:not(.unseen)').first()).toContainText(firstName);
  await expect(
    changes.getByRole('button', { name: /^Run now · (up to )?\d+ credits?$/ }).first(),
  ).toBeVisible();
  await lookAt(changes, 'watch-changes-page');

  // A list's period made longer than the data is kept: said in its settings as it is chosen, then
  // on the list once saved (and not a second time under the saved period).
  const champions = changes.locator('li.watch-list', { hasText: 'Champions' });
  await champions.getByText('Period, cap and name').click();
  await champions.getByLabel('How often').selectOption('90');
  await expect(champions.locator('.field-warning')).toHaveText([RETENTION_SHORTER]);
  await champions.getByRole('button', { name: 'Save settings' }).click();
  await expect(champions.locator('header')).toContainText('every 90 days');
  await expect(champions.locator('.field-warning')).toHaveText([RETENTION_SHORTER]);
  await lookAt(changes, 'watch-list-retention', champions);

  // The link from the popup says how many are unseen.
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByRole('button', { name: /^Changes, \d+ not seen yet$/ })).toBeVisible();
});

test('the Changes page with no watch list yet explains how to watch someone', async ({
  configure,
  openExtensionPage,
}) => {
  await configure();
  const changes = await openExtensionPage('changes.html');
  await expect(changes.getByRole('heading', { level: 2, name: 'No watch list yet' })).toBeVisible();
  await lookAt(changes, 'watch-changes-empty');
});
