/**
 * Pages at real profile URLs for end-to-end tests: a person of the sandbox's dataset, a small
 * fixture page for their profile URL (served with context.route), and the tab id the background
 * filed the content script's findings under.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect } from './fixtures';

// The pages and the person are shared with the Firefox suite (test/e2e-firefox), which has no Playwright.
export { PROFILE_PATH, profilePage, samplePerson } from './sandbox-handle';

/** A profile address as a key: its scheme, `www.`, case and trailing slash aside. */
export function addressKey(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** Serves `html` at `url`, opens it in a tab, and returns the tab once its findings are in. */
export async function openProfileTab(
  context: BrowserContext,
  sw: Worker,
  url: string,
  html: string,
): Promise<{ tab: Page; tabId: number }> {
  await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  const tab = await context.newPage();
  await tab.goto(url);
  return { tab, tabId: await reportedTab(sw, url) };
}

/** The id of the tab whose findings for `url` the background has stored (the content script reported). */
export async function reportedTab(sw: Worker, url: string): Promise<number> {
  let tabId: number | undefined;
  await expect
    .poll(
      async () => {
        tabId = await sw.evaluate(async (pageUrl) => {
          const stored = await chrome.storage.session.get(null);
          const key = Object.keys(stored).find(
            (k) => k.startsWith('findings:') && (stored[k] as { pageUrl?: string }).pageUrl === pageUrl,
          );
          return key ? Number(key.slice('findings:'.length)) : undefined;
        }, url);
        return tabId;
      },
      { intervals: [50] },
    )
    .toBeDefined();
  return tabId!;
}
