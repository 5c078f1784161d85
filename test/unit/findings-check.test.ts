/**
 * What a content script reports is checked in the background: URLs derived by our own parser, one
 * bad entry dropped without the rest, and the report capped in size.
 */
import { describe, expect, it } from 'vitest';
import { checkFindings, FINDINGS_MAX_BYTES } from '../../lib/background/findings-check';
import { FINDINGS_LIMITS } from '../../lib/protocol';

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
});
