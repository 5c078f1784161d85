/**
 * The lists page as the end-to-end tests drive it: opened wide, a file chosen as a person would, and
 * the scheduler's pace set through the e2e build's hook.
 */
import type { Page } from '@playwright/test';
import type { Fixtures } from './fixtures';

export const LISTS_WIDE = 1280;

export async function openLists(
  openExtensionPage: Fixtures['openExtensionPage'],
  width = LISTS_WIDE,
): Promise<Page> {
  const page = await openExtensionPage('lists.html', { width });
  await page.setViewportSize({ width, height: 900 });
  return page;
}

export async function chooseFile(page: Page, name: string, csv: string): Promise<void> {
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
}

/** Chooses a file of profile addresses, one column, and maps it as profile addresses. */
export async function chooseProfiles(page: Page, name: string, urls: readonly string[]): Promise<void> {
  await chooseFile(page, name, ['Profile', ...urls].join('\r\n'));
  await page.getByLabel('What “Profile” holds').selectOption('profile_url');
}

/**
 * A pace for runs whose test counts what was paid, not how it was paced: four times the provider's
 * published rate (the scheduler's own pacing has its unit tests), still well under what the sandbox
 * admits in its 5-minute window for a list of a few hundred rows.
 */
export const QUICK_RATE_PER_MINUTE = 1_200;

/** A list of people, one row each, as the lists page would start it (`list.start`), confirmed. */
export function listOf(urls: readonly string[]) {
  return {
    startId: crypto.randomUUID(),
    name: 'Team prospects',
    columns: ['Profile'],
    rows: urls.map((url) => [url]),
    mapping: ['profile_url'],
    options: { freshness: 'if-present', withProfiles: true, contacts: false },
    requests: urls.map((url) => ({
      endpointId: 'person.profile',
      params: { profile_url: url, use_cache: 'if-present', live_fetch: 'default' },
    })),
    targets: urls.map((_, index) => index),
    cap: null,
    confirmed: true,
  };
}
