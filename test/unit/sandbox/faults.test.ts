// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  companyLogoResponseSchema,
  employeeListResponseSchema,
  personLookupResponseSchema,
  personProfileSchema,
} from '../../../lib/api/schemas';
import {
  breakSchema,
  FaultCounters,
  NO_FAULTS,
  parseFaultPlan,
  parseKeyFaults,
  truncateBody,
} from '../../../sandbox/faults';
import { parseKeys } from '../../../sandbox/keys';

describe('fault plans', () => {
  it('reads every fault, rates defaulting to every request', () => {
    expect(parseFaultPlan('latency=250, 503=0.25,truncate,schema,500')).toEqual({
      latencyMs: 250,
      rate500: 1,
      rate503: 0.25,
      truncate: true,
      breakSchema: true,
    });
    expect(parseFaultPlan('')).toEqual(NO_FAULTS);
  });

  it('names what it does not understand', () => {
    expect(() => parseFaultPlan('slow')).toThrow(/unknown fault "slow"/);
    expect(() => parseFaultPlan('503=2')).toThrow(/503=2/);
    expect(() => parseFaultPlan('latency=')).toThrow(/latency/);
  });

  it('reads faults per key, separated by semicolons', () => {
    const byKey = parseKeyFaults('flaky=503=0.5,latency=10; broken=schema');
    expect(byKey.get('flaky')).toMatchObject({ rate503: 0.5, latencyMs: 10 });
    expect(byKey.get('broken')).toMatchObject({ breakSchema: true });
    expect(() => parseKeyFaults('nokey')).toThrow(/key=faults/);
  });

  it('fails the same requests every time: rate 0.5 is every second one, per key', () => {
    const plan = parseFaultPlan('503=0.5');
    const run = () => {
      const counters = new FaultCounters();
      return [1, 2, 3, 4, 5, 6].map(() => counters.injectedStatus('k', plan) ?? 200);
    };
    expect(run()).toEqual([200, 503, 200, 503, 200, 503]);
    expect(run()).toEqual(run());
    const counters = new FaultCounters();
    expect(counters.injectedStatus('a', parseFaultPlan('500'))).toBe(500);
    expect(counters.injectedStatus('b', plan)).toBeUndefined();
  });
});

describe('broken bodies', () => {
  it('truncates in the middle, leaving text that is not JSON', () => {
    const text = JSON.stringify({
      employees: [{ profile_url: 'https://www.linkedin.com/in/x' }],
      next_page: null,
    });
    const cut = truncateBody(text);
    expect(text.startsWith(cut)).toBe(true);
    expect(cut.length).toBe(Math.floor(text.length / 2));
    expect(() => JSON.parse(cut)).toThrow();
  });

  it('breaks every answer shape for the schemas the client reads with', () => {
    const profile = {
      public_identifier: 'jane',
      follower_count: 12,
      experiences: [],
      meta: { thin_profile: false },
    };
    expect(personProfileSchema.safeParse(profile).success).toBe(true);
    expect(personProfileSchema.safeParse(breakSchema(profile)).success).toBe(false);
    const listing = {
      employees: [{ profile_url: 'https://www.linkedin.com/in/jane', profile: null }],
      next_page: null,
    };
    expect(employeeListResponseSchema.safeParse(breakSchema(listing)).success).toBe(false);
    const nullLookup = { url: null, profile: null, last_updated: null };
    expect(personLookupResponseSchema.safeParse(nullLookup).success).toBe(true);
    expect(personLookupResponseSchema.safeParse(breakSchema(nullLookup)).success).toBe(false);
    expect(companyLogoResponseSchema.safeParse(breakSchema([])).success).toBe(false);
  });
});

describe('keys', () => {
  it('reads key=credits:plan lists', () => {
    expect(parseKeys('demo=10000:standard, big=5:growth')).toEqual([
      { key: 'demo', credits: 10000, plan: 'standard' },
      { key: 'big', credits: 5, plan: 'growth' },
    ]);
  });

  it('reads the flag that charges a request whose client left', () => {
    expect(parseKeys('strict=7:growth:charge-on-client-gone,demo=1:standard')).toEqual([
      { key: 'strict', credits: 7, plan: 'growth', chargeOnClientGone: true },
      { key: 'demo', credits: 1, plan: 'standard' },
    ]);
    expect(() => parseKeys('strict=7:growth:charge-always')).toThrow(/charge-on-client-gone/);
  });

  it('refuses a malformed entry, an unknown plan or a repeated key', () => {
    expect(() => parseKeys('demo=lots:standard')).toThrow(/demo=lots:standard/);
    expect(() => parseKeys('demo=10:enterprise')).toThrow(/growth or standard/);
    expect(() => parseKeys('a=1:growth,a=2:growth')).toThrow(/twice/);
    expect(() => parseKeys(' , ')).toThrow(/no key/);
  });
});
