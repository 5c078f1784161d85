// @vitest-environment node
/** What a call reserves of a budget while in flight: the most it may cost, or the estimate where no price is published. */
import { describe, expect, it } from 'vitest';
import { UNPUBLISHED_COST_ESTIMATE } from '../../../../lib/api/assumptions';
import { reservationOf } from '../../../../lib/pricing/reservation';

describe('reservationOf', () => {
  it('reserves the most a call may cost', () => {
    expect(reservationOf('person.profile', { min: 1, max: 3 })).toBe(3);
  });

  it('reserves the least when nothing bounds the most (per email returned…)', () => {
    expect(reservationOf('person.search', { min: 2, max: null })).toBe(2);
  });

  it('reserves the estimate where no price is published (v3)', () => {
    expect(reservationOf('person.v3', { min: null, max: null })).toBe(UNPUBLISHED_COST_ESTIMATE['person.v3']);
    expect(UNPUBLISHED_COST_ESTIMATE['person.v3']).toBeGreaterThan(0);
  });
});
