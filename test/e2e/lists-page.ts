/** The lists page as the end-to-end tests drive it: opened wide, and a file chosen as a person would. */
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
