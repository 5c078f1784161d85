/**
 * What a content script reports is checked in the background: URLs derived by our own parser, one
 * bad entry dropped without the rest, and the report capped in size.
 */
import { describe, expect, it } from 'vitest';
import {
  checkFindings,
  FINDINGS_KEPT_MAX_BYTES,
  FINDINGS_MAX_BYTES,
  jsonBytes,
} from '../../../../lib/background/findings-check';
import { FINDINGS_LIMITS } from '../../../../lib/protocol';

const PAGE = 'https://www.linkedin.com/in/ada-lovelace';
const ada = { kind: 'person', id: 'ada-lovelace', url: 'https://www.linkedin.com/in/ada-lovelace' };
const acme = { kind: 'company', id: 'acme', url: 'https://www.linkedin.com/company/acme', label: 'Acme' };

function report(extra: Record<string, unknown> = {}) {
  return {
    pageUrl: PAGE,
    page: ada,
    profiles: [ada, acme],
    emails: ['ada@example.com'],
    scannedAt: 1,
    ...extra,
  };
}

describe('checking a findings report', () => {
  it('keeps a good report as it is, with the page derived from its address', () => {
    expect(checkFindings(report())).toEqual({
      pageUrl: PAGE,
      page: { kind: 'person', id: 'ada-lovelace', url: ada.url },
      profiles: [ada, acme],
      emails: ['ada@example.com'],
      scannedAt: 1,
    });
  });

  it('takes each URL from what our parser reads in it, not from what was sent', () => {
    const forged = { ...ada, url: 'https://www.linkedin.com/in/ada-lovelace?redirect=https://evil.test' };
    expect(checkFindings(report({ profiles: [forged] }))!.profiles).toEqual([ada]);
    // A page that claims to be someone it is not: the page's address decides.
    expect(checkFindings(report({ page: acme }))!.page).toMatchObject({ kind: 'person', id: 'ada-lovelace' });
  });

  it('drops an entry whose URL does not name the kind and id it claims, and keeps the rest', () => {
    const mismatched = { kind: 'person', id: 'grace-hopper', url: ada.url };
    const elsewhere = { kind: 'person', id: 'ada', url: 'https://evil.test/in/ada' };
    const notAKind = { kind: 'planet', id: 'mars', url: 'https://www.linkedin.com/in/mars' };
    const checked = checkFindings(report({ profiles: [mismatched, elsewhere, notAKind, 42, acme] }))!;
    expect(checked.profiles).toEqual([acme]);
  });

  it('drops one oversized entry, not the whole report', () => {
    const huge = { ...acme, label: 'x'.repeat(10_000) };
    const longEmail = `${'a'.repeat(400)}@example.com`;
    const checked = checkFindings(
      report({ profiles: [huge, ada], emails: [longEmail, 'not an email', 'ada@example.com'] }),
    )!;
    expect(checked.profiles).toEqual([ada]);
    expect(checked.emails).toEqual(['ada@example.com']);
  });

  it('keeps the first entries up to the cap of each list', () => {
    const people = Array.from({ length: FINDINGS_LIMITS.profiles + 50 }, (_, index) => ({
      kind: 'person',
      id: `person-${index}`,
      url: `https://www.linkedin.com/in/person-${index}`,
    }));
    const checked = checkFindings(report({ profiles: people }))!;
    expect(checked.profiles).toHaveLength(FINDINGS_LIMITS.profiles);
    expect(checked.profiles[0]!.id).toBe('person-0');
  });

  it('refuses a report over the size cap whole, and anything that is not a report', () => {
    const padding = 'x'.repeat(FINDINGS_MAX_BYTES);
    expect(checkFindings(report({ emails: [padding] }))).toBeNull();
    expect(checkFindings('hello')).toBeNull();
    expect(checkFindings({ ...report(), profiles: 'all of them' })).toBeNull();
  });

  it('measures a report in bytes, not characters: non-Latin text over the cap is refused', () => {
    // Fewer characters than the cap, three times as many bytes.
    const label = '語'.repeat(250);
    const heavy = Array.from({ length: Math.ceil(FINDINGS_MAX_BYTES / 3 / 250) }, () => ({ ...acme, label }));
    expect(JSON.stringify(report({ profiles: heavy })).length).toBeLessThan(FINDINGS_MAX_BYTES);
    expect(checkFindings(report({ profiles: heavy }))).toBeNull();
  });

  it('keeps what fits of a report whose canonical URLs outgrow it: non-Latin ids, percent-encoded', () => {
    const people = Array.from({ length: 1500 }, (_, index) => {
      const id = `${'日本語'.repeat(60)}${index}`;
      return { kind: 'person', id, url: `https://www.linkedin.com/in/${id}` };
    });
    const checked = checkFindings(report({ profiles: people }))!;
    expect(checked).not.toBeNull();
    // Kept whole they would weigh about 3.6 MB: only the first ones that fit the tab's budget are.
    expect(jsonBytes(checked)).toBeLessThanOrEqual(FINDINGS_KEPT_MAX_BYTES);
    expect(checked.profiles.length).toBeGreaterThan(300);
    expect(checked.profiles.length).toBeLessThan(1500);
    expect(checked.profiles[0]!.id).toBe(people[0]!.id);
    expect(checked.emails).toEqual(['ada@example.com']);
  });

  it('keeps a page of thousands of long links within the tab budget', () => {
    const links = Array.from({ length: 3300 }, (_, index) => {
      const id = `${'long-name-'.repeat(19)}${index}`;
      return {
        kind: 'person',
        id,
        url: `https://www.linkedin.com/in/${id}`,
        label: 'A person with a long name'.repeat(4),
      };
    });
    const checked = checkFindings(report({ profiles: links }))!;
    expect(jsonBytes(checked)).toBeLessThanOrEqual(FINDINGS_KEPT_MAX_BYTES);
    expect(checked.profiles.map((entry) => entry.id)).toEqual(
      links.slice(0, checked.profiles.length).map((entry) => entry.id),
    );
  });
});
