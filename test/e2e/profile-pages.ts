/**
 * Pages at real profile URLs for end-to-end tests: a person of the sandbox's dataset, a small
 * fixture page for their profile URL (served with context.route), and the tab id the background
 * filed the content script's findings under.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, type SandboxHandle } from './fixtures';

export const PROFILE_PATH = '/api/v2/profile';

/** A person of the sandbox's dataset: their profile URL, and their name as the service gives it. */
export async function samplePerson(
  sandbox: SandboxHandle,
  index = 0,
): Promise<{ url: string; fullName: string }> {
  const headers = { Authorization: 'Bearer demo' };
  const search = await fetch(`${sandbox.url}/api/v2/search/person?page_size=${index + 1}`, { headers });
  const { results } = (await search.json()) as { results: { network_profile_url: string }[] };
  const url = results[index]!.network_profile_url;
  const profile = await fetch(`${sandbox.url}${PROFILE_PATH}?profile_url=${encodeURIComponent(url)}`, {
    headers,
  });
  const { full_name } = (await profile.json()) as { full_name: string };
  // Looking them up cost the demo key credits; tests measure charges from here on.
  await fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
  return { url, fullName: full_name };
}

/** A small profile page as the network would serve it at `url`, linking a company, a person and an e-mail. */
export function profilePage(name: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${name} | Profile</title></head>
  <body>
    <h1>${name}</h1>
    <p>Works at <a href="/company/douglas-2">Douglas LLC</a>.</p>
    <p>Knows <a href="https://www.linkedin.com/in/someone-else">Someone Else</a>.</p>
    <p>Write to <a href="mailto:contact@example.com">contact@example.com</a>.</p>
  </body>
</html>`;
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
    .poll(async () => {
      tabId = await sw.evaluate(async (pageUrl) => {
        const stored = await chrome.storage.session.get(null);
        const key = Object.keys(stored).find(
          (k) => k.startsWith('findings:') && (stored[k] as { pageUrl?: string }).pageUrl === pageUrl,
        );
        return key ? Number(key.slice('findings:'.length)) : undefined;
      }, url);
      return tabId;
    })
    .toBeDefined();
  return tabId!;
}
