/**
 * The tabs' findings in `storage.session`, counted in bytes under one budget for all tabs: pages of
 * non-Latin profile links (their canonical URLs percent-encoded) in many tabs never fill the
 * session area, so the context menu's pending lookup can always be written.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkFindings, FINDINGS_KEPT_MAX_BYTES, jsonBytes } from '../../../../lib/background/findings-check';
import { createFindingsStore, FINDINGS_TOTAL_MAX_BYTES } from '../../../../lib/background/findings-store';
import { FINDINGS_LIMITS, type Findings } from '../../../../lib/protocol';

/** `storage.session`'s quota in Chrome and Firefox. */
const SESSION_QUOTA_BYTES = 10 * 1024 * 1024;

/** A page of profile links with non-Latin ids, as the content script reports it. */
function nonLatinPage(tab: number): Findings {
  const profiles = Array.from({ length: FINDINGS_LIMITS.profiles }, (_, index) => {
    const id = `${'名前'.repeat(30)}-${tab}-${index}`;
    return { kind: 'person' as const, id, url: `https://www.linkedin.com/in/${id}` };
  });
  const checked = checkFindings({
    pageUrl: `https://example.com/people-${tab}`,
    page: null,
    profiles: profiles.slice(0, 1200),
    emails: [],
    scannedAt: tab,
  });
  if (!checked) throw new Error('the report was refused');
  return checked;
}

async function sessionBytes(): Promise<number> {
  return jsonBytes(await fakeBrowser.storage.session.get(null));
}

async function keptTabs(): Promise<string[]> {
  return Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) =>
    key.startsWith('findings:'),
  );
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the tabs’ findings in session storage', () => {
  it('keeps all tabs’ findings within their budget, pushing out the tabs that reported longest ago', async () => {
    const store = createFindingsStore();
    for (let tab = 1; tab <= 12; tab++) await store.save(tab, nonLatinPage(tab));
    // Each tab near its own budget; twelve of them would be about 12 MB, past the whole area.
    expect(jsonBytes(nonLatinPage(1))).toBeGreaterThan(FINDINGS_KEPT_MAX_BYTES * 0.9);
    expect(await sessionBytes()).toBeLessThanOrEqual(FINDINGS_TOTAL_MAX_BYTES);
    const kept = await keptTabs();
    expect(kept).toContain('findings:12');
    expect(kept).not.toContain('findings:1');
    // Room enough for the context menu's pending lookup and answers' progress.
    expect(SESSION_QUOTA_BYTES - (await sessionBytes())).toBeGreaterThan(SESSION_QUOTA_BYTES / 2);
  });

  it('counts again after forget changed the tabs’ findings, so a forgotten tab’s room is not held against the others', async () => {
    const store = createFindingsStore();
    for (let tab = 1; tab <= 3; tab++) await store.save(tab, nonLatinPage(tab));
    expect(await keptTabs()).toEqual(['findings:1', 'findings:2', 'findings:3']);
    // Forget drops the newest tab's findings (they named the person) behind the store's writes.
    await store.changeOutside(() => fakeBrowser.storage.session.remove('findings:3'));
    await store.save(4, nonLatinPage(4));
    // Three tabs fit the budget: the oldest keeps its findings.
    expect(await keptTabs()).toEqual(['findings:1', 'findings:2', 'findings:4']);
  });

  it('counts what an earlier worker left, and replaces a tab’s findings rather than adding to them', async () => {
    const earlier = createFindingsStore();
    for (let tab = 1; tab <= 3; tab++) await earlier.save(tab, nonLatinPage(tab));
    // A worker that started again knows nothing in memory: it reads the area.
    const store = createFindingsStore();
    await store.save(3, nonLatinPage(3));
    await store.save(3, nonLatinPage(3));
    expect(await keptTabs()).toEqual(expect.arrayContaining(['findings:2', 'findings:3']));
    await store.save(4, nonLatinPage(4));
    expect(await keptTabs()).not.toContain('findings:1');
    expect(await keptTabs()).toContain('findings:4');
    expect(await sessionBytes()).toBeLessThanOrEqual(FINDINGS_TOTAL_MAX_BYTES);
  });

  it('writes two tabs’ reports one after the other, so both cannot count on the same room', async () => {
    const store = createFindingsStore();
    await Promise.all([1, 2, 3, 4, 5].map((tab) => store.save(tab, nonLatinPage(tab))));
    expect(await sessionBytes()).toBeLessThanOrEqual(FINDINGS_TOTAL_MAX_BYTES);
  });

  it('removes a tab’s findings, and clears them all to make room', async () => {
    const store = createFindingsStore();
    await store.save(1, nonLatinPage(1));
    await store.save(2, nonLatinPage(2));
    await fakeBrowser.storage.session.set({ emailLookup: { requestId: 'r' } });
    await store.remove(1);
    expect(await keptTabs()).toEqual(['findings:2']);
    await store.clear();
    expect(await keptTabs()).toEqual([]);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({ emailLookup: { requestId: 'r' } });
  });
});
