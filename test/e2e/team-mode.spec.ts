/**
 * Team mode in a real Chromium with the e2e build: onboarding joins a real team hub (hub/, on an
 * embedded PGlite, in front of this test's sandbox) with a member token, checked against the hub
 * before it is saved; the settings then show the connection in team mode and the member's budget
 * and spend from the hub. Screenshots at the panel's width, light and dark (test/e2e/look.ts).
 */
import { startHub } from '../../hub/app';
import { addMember } from '../../hub/members';
import { openEmptyPglite } from '../support/hub-testing';
import { expect, test } from './fixtures';
import { lookAt } from './look';

test('onboarding joins a team hub, and the settings show the connection and the member at the hub', async ({
  openExtensionPage,
  sandbox,
}) => {
  // An empty database as initdb makes it, without initdb's seconds (test/support/hub-testing.ts).
  const db = await openEmptyPglite();
  const hub = await startHub({ db, port: 0, providerUrl: sandbox.url, providerKey: 'demo' });
  try {
    const { token } = await addMember(db, 'ada', { daily: 200 });
    const page = await openExtensionPage('options.html');
    await page.getByRole('button', { name: 'Join a team hub' }).click();
    await expect(page.getByLabel('Member token')).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('API key')).toHaveCount(0);

    // A bad address is refused on its field before anything is asked.
    await page.getByLabel('Team hub address').fill('hub.example.com');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByLabel('Team hub address')).toHaveAttribute('aria-invalid', 'true');
    await lookAt(page, 'onboarding-team-invalid');

    await page.getByLabel('Team hub address').fill(hub.url);
    await page.getByLabel('Member token').fill(token);
    await lookAt(page, 'onboarding-team');
    await page.getByRole('button', { name: 'Connect' }).click();

    await expect(page.getByText('Connected to the team hub as ada')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile Enrichment settings' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'A team hub' })).toBeChecked();
    await expect(page.getByLabel('Team hub address')).toHaveValue(hub.url);
    await expect(page.getByRole('button', { name: 'Change token' })).toBeVisible();
    await expect(page.getByText('Team hub · ada · Today: 0 of 200 credits').first()).toBeVisible();
    await lookAt(page, 'settings-team', page.locator('section[aria-labelledby="connection-heading"]'));
    await lookAt(page, 'settings-team-account', page.locator('section[aria-labelledby="account-heading"]'));
    // Checking the hub spent nothing at the service.
    expect(await sandbox.requests()).toEqual([]);
  } finally {
    await hub.close();
    await db.close();
  }
});
