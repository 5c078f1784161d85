/**
 * Page detection in the real browser: the content script runs on a page at a real profile URL
 * (served from fixture HTML with context.route), reports the page's profile, its links and its
 * emails for its tab, and follows single-page navigation without ever keeping the old profile.
 */
import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures';

const PERSON_URL = 'https://www.linkedin.com/in/ada-lovelace-1815/';

const PERSON_PAGE = `<!doctype html><html><head><title>Ada Lovelace</title></head><body>
  <h1>Ada Lovelace</h1>
  <p>Write to <a href="mailto:ada@analytical.example">ada@analytical.example</a> or charles@engine.example.</p>
  <a href="https://www.linkedin.com/company/analytical-engines/">Analytical Engines</a>
  <a href="/in/charles-babbage">Charles Babbage</a>
  <a href="https://www.linkedin.com/school/university-of-london/">University of London</a>
  <a href="https://www.linkedin.com/feed/update/urn:li:activity:123/">a post (not a profile)</a>
  <a href="https://github.com/adal">GitHub</a>
</body></html>`;

interface StoredFindings {
  pageUrl: string;
  page: { kind: string; id: string } | null;
  profiles: Array<{ kind: string; id: string }>;
  emails: string[];
}

/** Every tab's findings as the background stored them (storage.session). */
async function allFindings(sw: Worker): Promise<Record<string, StoredFindings>> {
  return sw.evaluate(async () => (await chrome.storage.session.get(null)) as Record<string, never>);
}

async function findingsFor(sw: Worker, pageUrlPrefix: string): Promise<StoredFindings | undefined> {
  return Object.values(await allFindings(sw)).find((f) => f.pageUrl.startsWith(pageUrlPrefix));
}

test('a profile page is detected and reported for its tab', async ({ context, sw }) => {
  await context.route(PERSON_URL, (route) => route.fulfill({ contentType: 'text/html', body: PERSON_PAGE }));
  const page = await context.newPage();
  await page.goto(PERSON_URL);

  await expect.poll(() => findingsFor(sw, PERSON_URL)).toBeTruthy();
  const findings = (await findingsFor(sw, PERSON_URL))!;
  expect(findings.page).toMatchObject({ kind: 'person', id: 'ada-lovelace-1815' });
  expect(findings.profiles.map((p) => `${p.kind}:${p.id}`)).toEqual(
    expect.arrayContaining([
      'company:analytical-engines',
      'person:charles-babbage',
      'school:university-of-london',
      'codehost:adal',
    ]),
  );
  expect(findings.profiles.some((p) => p.id.includes('activity'))).toBe(false);
  expect(findings.emails.sort()).toEqual(['ada@analytical.example', 'charles@engine.example']);

  // The findings are keyed by the tab they came from.
  const [key] = Object.keys(await allFindings(sw));
  const tabId = Number(key?.replace('findings:', ''));
  expect(await sw.evaluate(async (id) => (await chrome.tabs.get(id)).id, tabId)).toBe(tabId);
});

test('single-page navigation updates the findings and never keeps the previous profile', async ({
  context,
  sw,
}) => {
  await context.route(PERSON_URL, (route) => route.fulfill({ contentType: 'text/html', body: PERSON_PAGE }));
  const page = await context.newPage();
  await page.goto(PERSON_URL);
  await expect.poll(async () => (await findingsFor(sw, PERSON_URL))?.page?.id).toBe('ada-lovelace-1815');

  // The site swaps its content and URL without loading a page, as single-page sites do.
  await page.evaluate(() => {
    history.pushState({}, '', '/company/analytical-engines/');
    document.body.innerHTML = '<h1>Analytical Engines</h1><a href="/in/grace-hopper">Grace Hopper</a>';
  });

  const companyUrl = 'https://www.linkedin.com/company/analytical-engines/';
  await expect.poll(async () => (await findingsFor(sw, companyUrl))?.page?.id).toBe('analytical-engines');
  await expect
    .poll(async () => (await findingsFor(sw, companyUrl))?.profiles.map((p) => p.id))
    .toEqual(['grace-hopper']);
  // No entry anywhere still says the tab shows Ada.
  const stale = Object.values(await allFindings(sw)).filter((f) => f.page?.id === 'ada-lovelace-1815');
  expect(stale).toEqual([]);
});

test('a page that is not a profile says so, and still lists what it links to', async ({ context, sw }) => {
  const feed = 'https://www.linkedin.com/feed/';
  await context.route(feed, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<a href="/in/grace-hopper">Grace</a>' }),
  );
  const page = await context.newPage();
  await page.goto(feed);
  await expect.poll(async () => (await findingsFor(sw, feed))?.profiles.length).toBe(1);
  expect((await findingsFor(sw, feed))?.page).toBeNull();
});
