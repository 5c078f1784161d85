import { describe, expect, it } from 'vitest';
import { formatQuote } from '../../../lib/quote-format';

describe('formatQuote', () => {
  it('labels exact, ranged, unbounded and unpublished quotes', () => {
    expect(formatQuote({ min: 2, max: 2 })).toBe('2 credits');
    expect(formatQuote({ min: 1, max: 1 })).toBe('1 credit');
    expect(formatQuote({ min: 0, max: 30 })).toBe('up to 30 credits');
    expect(formatQuote({ min: 1, max: null })).toBe('at least 1 credit');
    expect(formatQuote({ min: null, max: null })).toBe('cost not published');
  });
});
