import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNPUBLISHED_COST_ESTIMATE } from '../../../../lib/api/assumptions';
import { summarizeAnswer, summarizeParams } from '../../../../lib/api/endpoint-info';
import { checkBudget } from '../../../../lib/background/budget';
import { closeDbForTests, type LedgerEntry, openDb } from '../../../../lib/background/db';
import { attributeCharges, ledgerTotals, recentLedger, totalsOf } from '../../../../lib/background/ledger';
import { budgetBounds } from '../../../../lib/pricing/reservation';

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
    await db.clear('ledger');
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

  it('counts an unpublished (v3) cost at its estimate, shown as such', () => {
    const v3 = budgetBounds('person.v3', { min: null, max: null });
    expect(v3).toEqual({ min: 0, max: UNPUBLISHED_COST_ESTIMATE['person.v3'], estimated: true });
    const left = UNPUBLISHED_COST_ESTIMATE['person.v3'];
    expect(checkBudget(v3, 100, 100 - left).needsConfirmation).toBe(false);
    expect(checkBudget(v3, 100, 101 - left).needsConfirmation).toBe(true);
  });
});

describe('summarizeParams', () => {
  it('names what identifies the request, short', () => {
    expect(
      summarizeParams('person.profile', {
        profile_url: 'https://www.linkedin.com/in/jane',
        extra: 'exclude',
      }),
    ).toBe('linkedin.com/in/jane');
    expect(summarizeParams('email.lookup', { email: 'jane@example.com' })).toBe('jane@example.com');
    expect(summarizeParams('person.search', { country: 'US', page_size: 10 })).toBe('country=US');
    expect(summarizeParams('employee.list', { page_size: 10, sort_by: 'none' })).toBe(
      'page_size=10 sort_by=none',
    );
    expect(summarizeParams('company.logo', { q: 'x'.repeat(300) }).length).toBe(120);
  });

  it('names who an answer is about, then what was asked', () => {
    const asked = { profile_url: 'https://www.linkedin.com/in/karla-streich' };
    expect(summarizeAnswer('person.profile', asked, { full_name: 'Karla Streich' })).toBe(
      'Karla Streich · linkedin.com/in/karla-streich',
    );
    expect(
      summarizeAnswer(
        'person.lookup',
        { first_name: 'Karla', company_domain: 'acme.com' },
        {
          url: null,
          profile: { first_name: 'Karla', last_name: 'Streich' },
        },
      ),
    ).toBe('Karla Streich · first_name=Karla company_domain=acme.com');
    expect(
      summarizeAnswer('company.profile', { url: 'https://www.linkedin.com/company/acme' }, { name: 'Acme' }),
    ).toBe('Acme · linkedin.com/company/acme');
    expect(summarizeAnswer('person.profile', asked, { profile: null })).toBe('linkedin.com/in/karla-streich');
  });
});

describe('attributeCharges: what the balance says lost calls cost', () => {
  const call = (id: string, min: number | null, max: number | null) => ({ id, min, max });
  const shares = (result: ReturnType<typeof attributeCharges>) =>
    Object.fromEntries([...(result?.byId ?? [])].map(([id, share]) => [id, share]));

  it('tells one lost call exactly: the drop of the balance, less the calls answered since', () => {
    const result = attributeCharges({ reference: 100, balanceNow: 95, known: 3, unknown: [call('a', 2, 2)] });
    expect(result?.total).toEqual({ min: 2, max: 2 });
    expect(shares(result)).toEqual({ a: { credits: 2, min: 2, max: 2 } });
    // Not charged at all: exactly 0.
    expect(
      shares(attributeCharges({ reference: 100, balanceNow: 97, known: 3, unknown: [call('a', 2, 2)] })),
    ).toEqual({ a: { credits: 0, min: 0, max: 0 } });
  });

  it('splits a drop exactly when only one split fits the quotes', () => {
    const two = [call('person', 2, 2), call('school', 1, 1)];
    expect(shares(attributeCharges({ reference: 10, balanceNow: 7, known: 0, unknown: two }))).toEqual({
      person: { credits: 2, min: 2, max: 2 },
      school: { credits: 1, min: 1, max: 1 },
    });
    expect(shares(attributeCharges({ reference: 10, balanceNow: 9, known: 0, unknown: two }))).toEqual({
      person: { credits: 0, min: 0, max: 0 },
      school: { credits: 1, min: 1, max: 1 },
    });
  });

  it('gives a range where the calls cannot be told apart, the shares adding up to the drop', () => {
    const result = attributeCharges({
      reference: 10,
      balanceNow: 8,
      known: 0,
      unknown: [call('a', 2, 2), call('b', 2, 2)],
    });
    expect(result?.total).toEqual({ min: 2, max: 2 });
    const { a, b } = shares(result);
    expect([a?.min, a?.max, b?.min, b?.max]).toEqual([0, 2, 0, 2]);
    expect((a?.credits ?? 0) + (b?.credits ?? 0)).toBe(2);
  });

  it('widens the total by calls that may have been charged before the reference or after it', () => {
    const result = attributeCharges({
      reference: 10,
      balanceNow: 6,
      known: 0,
      ambiguousMax: 2,
      unknown: [call('a', 2, 2)],
    });
    expect(result?.total).toEqual({ min: 2, max: 2 });
    const loose = attributeCharges({
      reference: 10,
      balanceNow: 6,
      known: 0,
      ambiguousMax: 2,
      unknown: [call('a', 1, 4)],
    });
    expect(loose?.total).toEqual({ min: 2, max: 4 });
    expect(shares(loose).a).toEqual({ credits: 4, min: 2, max: 4 });
  });

  it('refuses a balance that rose or moved in no way the quotes allow', () => {
    expect(
      attributeCharges({ reference: 10, balanceNow: 12, known: 0, unknown: [call('a', 2, 2)] }),
    ).toBeNull();
    expect(
      attributeCharges({ reference: 10, balanceNow: 5, known: 0, unknown: [call('a', 2, 2)] }),
    ).toBeNull();
  });

  it('lets an unpublished cost take any share', () => {
    const result = attributeCharges({
      reference: 10,
      balanceNow: 7,
      known: 0,
      unknown: [call('v3', null, null), call('b', 2, 2)],
    });
    expect(shares(result)).toEqual({
      v3: { credits: 3, min: 1, max: 3 },
      b: { credits: 0, min: 0, max: 2 },
    });
  });
});

describe('totals with interrupted calls', () => {
  it('count an unknown cost at its most, so the budget is never passed unknowingly', () => {
    const now = at('2026-11-22T12:00:00');
    const base = { endpointId: 'person.profile' as const, summary: 's', cached: false, requestId: 'r' };
    expect(
      totalsOf(
        [
          { ...base, at: now - 1000, credits: 2, interrupted: true, settled: true },
          { ...base, at: now - 900, credits: null, interrupted: true, creditsRange: { min: 0, max: 3 } },
          { ...base, at: now - 800, credits: 1, interrupted: true, creditsRange: { min: 0, max: 2 } },
        ],
        now,
      ),
    ).toEqual({ today: 6, month: 6, unpricedToday: 0 });
  });
});
