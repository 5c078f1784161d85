/**
 * The dry run of a list (entrypoints/lists/draft/dry-run.ts) with what the team knows (team mode):
 * rows the team has are counted apart and cost nothing, rows its CRM holds are left out (or marked
 * when included), rows its do-not-enrich list forbids are refused in its words. With the person's
 * own key the same rows read as they always did.
 */
import { describe, expect, it } from 'vitest';
import { inTeamCrm, leaveOutInCrm, withIdentities } from '../../../../../entrypoints/lists/crm/in-crm';
import { dryRun, dryRunWords } from '../../../../../entrypoints/lists/draft/dry-run';
import type { ListQuote, ListQuoteRow, PeekRequest, Quote } from '../../../../../lib/protocol';

const ONE: Quote = { min: 1, max: 1, lines: [] };
const TEAM_HAS: Quote = { min: 0, max: 0, lines: [], teamHas: { ageSeconds: 7_200 } };

const request = (name: string): PeekRequest => ({
  endpointId: 'person.profile',
  params: { profile_url: `https://www.linkedin.com/in/${name}` },
});

/** Six rows: Ada, Bob (the team has him), Ada again, Cy (in the team's CRM), Di (on the team's list), a note. */
const PLAN = {
  requests: [request('ada'), request('bob'), request('cy'), request('di')],
  targets: [0, 1, 0, 2, 3, { reason: 'Nothing to look it up by' }] as Array<number | { reason: string }>,
};
const IDENTITIES = [
  { profileUrl: 'ada' },
  { profileUrl: 'bob', fullName: 'Bob' },
  { profileUrl: 'ada' },
  { profileUrl: 'cy' },
  {},
  {},
];

const rowsOf = (plan: { requests: PeekRequest[] }): ListQuoteRow[] =>
  plan.requests.map((asked) => {
    const name = String(asked.params.profile_url).split('/').pop()!;
    if (name === 'bob') return { ok: true, key: name, quote: TEAM_HAS, cachedAt: null };
    if (name === 'cy') return { ok: true, key: name, quote: ONE, cachedAt: null, teamCrm: 'profile' };
    if (name === 'di')
      return { ok: false, error: { name: 'ApiError', kind: 'team-do-not-enrich', message: 'Listed' } };
    return { ok: true, key: name, quote: ONE, cachedAt: null };
  });

const quoteOf = (plan: { requests: PeekRequest[] }): ListQuote => {
  const rows = rowsOf(plan);
  const credits = rows.filter((row) => row.ok && !row.quote.teamHas).length;
  return { rows, total: { min: credits, max: credits, lines: [] }, remainingToday: null, ratePerMinute: 60 };
};

describe("a list's dry run with what the team knows", () => {
  it('asks each request about who its first row is', () => {
    const asked = withIdentities(PLAN, IDENTITIES);
    expect(asked.requests.map((each) => each.identity)).toEqual([
      { profileUrl: 'ada' },
      { profileUrl: 'bob', fullName: 'Bob' },
      { profileUrl: 'cy' },
      undefined,
    ]);
  });

  it("leaves the team's CRM's rows out, counts what the team has apart, and refuses its list's", () => {
    const all = withIdentities(PLAN, IDENTITIES);
    const team = inTeamCrm(all, quoteOf(all));
    expect(team).toEqual([null, null, null, 'profile', null, null]);
    const plan = leaveOutInCrm(all, undefined, team);
    expect(plan.requests).toHaveLength(3);
    const run = dryRun(plan, quoteOf(plan), undefined, team);
    expect(run).toMatchObject({
      enrichRows: 3,
      toAsk: 1,
      teamHas: 1,
      duplicates: 1,
      refused: 1,
      unmapped: 1,
      inCrm: 0,
      inTeamCrm: 1,
      total: { min: 1, max: 1 },
    });
    // Bob is asked of the team's hub, at the same pace as the service.
    expect(run.minutes).toBe(2 / 60);
    expect(run.rows.map(dryRunWords)).toEqual([
      '1 credit',
      'The team has it · 0 credits',
      'Same as row 1 · 0 credits',
      "In your team's CRM · left out",
      "On your team's do-not-enrich list",
      'Not asked: Nothing to look it up by',
    ]);
  });

  it("marks a row of the team's CRM the person chose to include, and quotes it", () => {
    const all = withIdentities(PLAN, IDENTITIES);
    const team = inTeamCrm(all, quoteOf(all));
    const run = dryRun(all, quoteOf(all), undefined, team);
    expect(run).toMatchObject({ toAsk: 2, inTeamCrm: 0, total: { min: 2, max: 2 } });
    expect(dryRunWords(run.rows[3]!)).toBe("In your team's CRM · 1 credit");
  });

  it("the person's own CRM is named first where both hold a row", () => {
    const all = withIdentities(PLAN, IDENTITIES);
    const own = [null, null, null, 'email', null, null];
    const team = inTeamCrm(all, quoteOf(all));
    const plan = leaveOutInCrm(all, own, team);
    const run = dryRun(plan, quoteOf(plan), own, team);
    expect(run).toMatchObject({ inCrm: 1, inTeamCrm: 0 });
    expect(dryRunWords(run.rows[3]!)).toBe('In your CRM · left out');
  });
});
