/** What the lists page says after a CRM export is imported: rows read, usable, and why the rest are not. */
import { describe, expect, it } from 'vitest';
import { summaryWords } from '../../../../../entrypoints/lists/crm/CrmReferenceSection';

const base = { name: 'contacts.csv', shape: 'hubspot-contacts' as const, importedAt: 0 };

describe('the import summary', () => {
  it('says how many rows were read, how many give something to match on, and why the others do not', () => {
    expect(
      summaryWords({
        ...base,
        read: 12_000,
        usable: 11_950,
        unusable: [
          { reason: 'a name without a company domain', rows: 45 },
          { reason: 'on your do-not-enrich list, not kept', rows: 5 },
        ],
      }),
    ).toBe(
      '12,000 rows read, 11,950 with something to match on, 50 matched nothing usable (a name without a company domain: 45; on your do-not-enrich list, not kept: 5).',
    );
  });

  it('says nothing of unusable rows when every row is usable', () => {
    expect(summaryWords({ ...base, read: 1, usable: 1, unusable: [] })).toBe(
      '1 row read, 1 with something to match on.',
    );
  });
});
