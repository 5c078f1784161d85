/**
 * What the lists page says of a CRM export: too large (as a CRM export, not a list's file), and
 * after it is imported: rows read, usable, and why the rest are not.
 */
import { describe, expect, it } from 'vitest';
import { CRM_EXPORT } from '../../../../../lib/crm/shapes';
import { summaryWords } from '../../../../../lib/crm/summary';
import { parseTable, readListBytes } from '../../../../../lib/table-file';

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

describe('a CRM export too large', () => {
  it('is refused by its size as a CRM export, with what to do about it, before it is read', async () => {
    const big = {
      size: 120 * 1024 * 1024,
      arrayBuffer: () => Promise.reject(new Error('read')),
    } as unknown as Blob;
    await expect(readListBytes(big, CRM_EXPORT)).rejects.toThrow(
      'This file is 120 MB: a CRM export can be at most 100 MB. Export only the columns that identify people (names, emails, profile addresses, company websites): the others are not kept.',
    );
    // A list's file keeps its own words.
    await expect(readListBytes(big)).rejects.toThrow(
      'This file is 120 MB: a list file can be at most 25 MB. Split it into smaller files.',
    );
  });

  it('names a CRM export, not a list, when its table is too wide or empty', async () => {
    await expect(parseTable(`Email,Name\n${'x,'.repeat(100)}x\n`, CRM_EXPORT)).rejects.toThrow(
      'Row 2 has 101 cells: a CRM export can have at most 100 columns.',
    );
    await expect(parseTable('\n\n', CRM_EXPORT)).rejects.toThrow(
      'This CRM export is empty: nothing to read.',
    );
  });
});
