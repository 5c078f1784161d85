import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarizeParams } from '../../lib/api/endpoint-info';
import { closeDbForTests, type LedgerEntry, openDb } from '../../lib/db';
import { checkBudget, clearLedger, ledgerTotals, recentLedger } from '../../lib/ledger';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(closeDbForTests);

const at = (iso: string) => new Date(iso).getTime();

function line(when: string, credits: number | null, cached = false): LedgerEntry {
  return { at: at(when), endpointId: 'person.profile', summary: 's', credits, cached, requestId: when };
}

describe('ledger totals', () => {
  it('sums today and this month in local time, counting unpriced calls apart', async () => {
    const db = await openDb();
    for (const l of [
      line('2026-10-31T12:00:00', 100), // last month
      line('2026-11-02T09:00:00', 7),
      line('2026-11-22T00:30:00', 2),
      line('2026-11-22T10:00:00', 0, true),
      line('2026-11-22T11:00:00', null),
    ]) {
      await db.add('ledger', l);
    }
    expect(await ledgerTotals(db, at('2026-11-22T12:00:00'))).toEqual({
      today: 2,
      month: 9,
      unpricedToday: 1,
    });
    const recent = await recentLedger(db, 2);
    expect(recent.map((r) => r.requestId)).toEqual(['2026-11-22T11:00:00', '2026-11-22T10:00:00']);
    await clearLedger(db);
    expect(await ledgerTotals(db, at('2026-11-22T12:00:00'))).toEqual({
      today: 0,
      month: 0,
      unpricedToday: 0,
    });
  });
});

describe('checkBudget', () => {
  it('asks first when the worst case exceeds what is left today', () => {
    expect(checkBudget({ min: 0, max: 30 }, 100, 80)).toEqual({ remaining: 20, needsConfirmation: true });
    expect(checkBudget({ min: 0, max: 20 }, 100, 80)).toEqual({ remaining: 20, needsConfirmation: false });
  });

  it('asks first for an unbounded cost, and never without a budget', () => {
    expect(checkBudget({ min: 1, max: null }, 100, 0).needsConfirmation).toBe(true);
    expect(checkBudget({ min: 1, max: null }, null, 1e9)).toEqual({
      remaining: null,
      needsConfirmation: false,
    });
  });

  it('lets an unpublished (v3) cost through until the budget is spent', () => {
    expect(checkBudget({ min: null, max: null }, 100, 99).needsConfirmation).toBe(false);
    expect(checkBudget({ min: null, max: null }, 100, 100).needsConfirmation).toBe(true);
  });
});

describe('summarizeParams', () => {
  it('names what identifies the request, short', () => {
    expect(
      summarizeParams('person.profile', {
        profile_url: 'https://www.linkedin.com/in/jane',
        extra: 'exclude',
      }),
    ).toBe('profile_url=https://www.linkedin.com/in/jane');
    expect(summarizeParams('person.search', { country: 'US', page_size: 10 })).toBe('country=US');
    expect(summarizeParams('employee.list', { page_size: 10, sort_by: 'none' })).toBe(
      'page_size=10 sort_by=none',
    );
    expect(summarizeParams('company.logo', { q: 'x'.repeat(300) }).length).toBe(120);
  });
});
