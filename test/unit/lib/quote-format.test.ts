import { describe, expect, it } from 'vitest';
import { formatQuote, rowsBesideWords, spendLabel } from '../../../lib/quote-format';

describe('formatQuote', () => {
  it('labels exact, ranged, unbounded and unpublished quotes', () => {
    expect(formatQuote({ min: 2, max: 2 })).toBe('2 credits');
    expect(formatQuote({ min: 1, max: 1 })).toBe('1 credit');
    expect(formatQuote({ min: 0, max: 30 })).toBe('up to 30 credits');
    expect(formatQuote({ min: 1, max: null })).toBe('at least 1 credit');
    expect(formatQuote({ min: null, max: null })).toBe('cost not published');
  });
});

describe('rowsBesideWords', () => {
  it('says what a quote of many rows holds beside its price, each part only when there are some', () => {
    const name = (beside: Parameters<typeof rowsBesideWords>[0]) =>
      `${spendLabel('Enrich 500 rows', { min: 310, max: 310 })}${rowsBesideWords(beside)}`;
    expect(name({ teamHas: 140, inTeamCrm: 50 })).toBe(
      "Enrich 500 rows · 310 credits · 140 the team has · 50 in your team's CRM left out",
    );
    // The person's own key: the words it always had.
    expect(name({ inCrm: 46 })).toBe('Enrich 500 rows · 310 credits · 46 in your CRM left out');
    expect(name({})).toBe('Enrich 500 rows · 310 credits');
    expect(name({ teamHas: 0, inCrm: 0, inTeamCrm: 0 })).toBe('Enrich 500 rows · 310 credits');
    expect(name({ teamHas: 1, inCrm: 2, inTeamCrm: 3 })).toBe(
      "Enrich 500 rows · 310 credits · 1 the team has · 2 in your CRM left out · 3 in your team's CRM left out",
    );
  });
});
