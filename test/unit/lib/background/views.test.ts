// @vitest-environment node
/**
 * lib/background/views.ts on its own: what a page sees before it spends. The answers it shows were
 * paid for through the service against the sandbox app; the views read them from the cache with their
 * age, say what is left of today's budget, and send nothing themselves.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalParams, type EndpointId } from '../../../../lib/api/endpoints';
import { journalDeparture } from '../../../../lib/background/calls/journal';
import type { PeekAsked, PeekMark } from '../../../../lib/background/connection';
import { closeDbForTests, openDb } from '../../../../lib/background/db';
import { replaceStoredList } from '../../../../lib/background/do-not-enrich';
import { createViews } from '../../../../lib/background/views';
import { readList } from '../../../../lib/pricing/do-not-enrich';
import type { Quote, RawParamsMessage } from '../../../../lib/protocol';
import type { Settings } from '../../../../lib/settings';
import type { Sandbox } from '../../../../sandbox/app';
import { parseKeys } from '../../../../sandbox/keys';
import { SANDBOX_SETTINGS, sandboxService, unitDataset, unitSandbox } from '../../../support/sandbox-service';

const dataset = unitDataset();
const asked = dataset.people[3]!.url;
const notAsked = dataset.people[4]!.url;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let sandbox: Sandbox;
let settings: Settings;
/** The clock the views read. */
let now: number;
/**
 * The service's clock: the wall clock moved to ten this morning, so that a view read an hour after
 * an answer is on the day it was paid, whenever the suite runs (run at 23:14, an hour later was the
 * next day, with the whole budget again).
 */
let sinceTen = 0;
const serviceClock = () => Date.now() + sinceTen;

const views = () =>
  createViews({
    db: openDb,
    settings: async () => settings,
    canonicalize: (endpointId, params) => canonicalParams(endpointId, params) as Record<string, unknown>,
    now: () => now,
  });

/** A request asked once and paid for, through the service; returns its answer and when it came. */
async function payFor(
  endpointId: EndpointId,
  params: RawParamsMessage,
): Promise<{ data: unknown; fetchedAt: number }> {
  const service = sandboxService(sandbox, settings, serviceClock);
  const result = await service.run({
    requestId: `req-views-${endpointId}`,
    endpointId,
    params,
    policy: 'refresh',
    confirmed: true,
  });
  service.dispose();
  if (result.status !== 'answer') throw new Error(`not answered: ${JSON.stringify(result)}`);
  return { data: result.data, fetchedAt: result.fetchedAt };
}

const payForProfile = () => payFor('person.profile', { profile_url: asked });

const sent = () => sandbox.state.requests.list().filter((r) => !r.path.endsWith('/credit-balance'));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
  settings = { ...SANDBOX_SETTINGS, dailyBudget: 10, staleAfterDays: 7 };
  const tenToday = new Date();
  tenToday.setHours(10, 0, 0, 0);
  sinceTen = tenToday.getTime() - Date.now();
  now = serviceClock();
});
afterEach(closeDbForTests);

describe('a view as it opens', () => {
  it('never asked: the canonical params, the quote, no answer, the whole budget; nothing sent', async () => {
    const view = await views().openView('person.profile', { profile_url: notAsked });
    expect(view).toMatchObject({
      ok: true,
      params: { profile_url: notAsked },
      quote: { min: 2, max: 2 },
      cached: null,
      budget: { remaining: 10, needsConfirmation: false },
    });
    expect(sent()).toEqual([]);
  });

  it('asked before: the answer paid for, read from the cache with its age, and the budget after it', async () => {
    const paid = await payForProfile();
    now = paid.fetchedAt + HOUR;
    const view = await views().openView('person.profile', { profile_url: asked });
    expect(view).toMatchObject({
      ok: true,
      cached: { data: paid.data, fetchedAt: paid.fetchedAt, ageMs: HOUR, stale: false },
      budget: { remaining: 8, needsConfirmation: false },
    });
    // Opening the view sent nothing: the one request is the paid one.
    expect(sent()).toHaveLength(1);
  });

  it('an answer older than the settings’ days is still shown, marked stale', async () => {
    const paid = await payForProfile();
    now = paid.fetchedAt + 8 * DAY;
    const view = await views().openView('person.profile', { profile_url: asked });
    expect(view).toMatchObject({ ok: true, cached: { data: paid.data, ageMs: 8 * DAY, stale: true } });
  });

  it('over what is left today: says the call needs a confirmation', async () => {
    settings = { ...settings, dailyBudget: 3 };
    await payForProfile();
    const view = await views().openView('person.profile', { profile_url: notAsked });
    expect(view).toMatchObject({ ok: true, budget: { remaining: 1, needsConfirmation: true } });
  });

  it('an answer about someone put on the do-not-enrich list after it was kept: refused, not shown', async () => {
    // Asked by name, so only the kept answer names the person the list names.
    const person = dataset.people[7]!;
    const { first_name, last_name } = person.profile as Record<'first_name' | 'last_name', string>;
    const stint = dataset.employments.find((s) => s.personIndex === person.index && s.end === null)!;
    const lookup = { first_name, last_name, company_domain: dataset.companies[stint.companyIndex]!.domain };
    await payFor('person.lookup', lookup);
    expect(await views().openView('person.lookup', lookup)).toMatchObject({ ok: true, cached: { data: {} } });

    await replaceStoredList(await openDb(), readList(person.url).entries);
    const view = await views().openView('person.lookup', lookup);
    expect(view).toEqual({ ok: false, error: expect.objectContaining({ kind: 'do-not-enrich' }) });
    expect(JSON.stringify(view)).not.toContain(last_name);
    const peeked = await views().peekMany([{ endpointId: 'person.lookup', params: lookup }]);
    expect(peeked.rows).toMatchObject([{ ok: false, error: { kind: 'do-not-enrich' } }]);
  });

  it('bad params: a clear error, nothing read or sent', async () => {
    const view = await views().openView('person.profile', { profile_url: 'not a profile' });
    expect(view).toMatchObject({ ok: false, error: { kind: 'invalid', message: expect.any(String) } });
    expect(sent()).toEqual([]);
  });
});

describe('many requests peeked at once', () => {
  it('each row’s quote and cached answer, a bad row on its own, and what is left today', async () => {
    const paid = await payForProfile();
    now = paid.fetchedAt + HOUR;
    const peeked = await views().peekMany([
      { endpointId: 'person.profile', params: { profile_url: asked } },
      { endpointId: 'person.profile', params: { profile_url: notAsked } },
      { endpointId: 'person.profile', params: { profile_url: 'not a profile' } },
    ]);
    expect(peeked.rows).toMatchObject([
      {
        ok: true,
        quote: { min: 2, max: 2 },
        cached: { endpointId: 'person.profile', data: paid.data, ageMs: HOUR, stale: false },
      },
      { ok: true, quote: { min: 2, max: 2 }, cached: null },
      { ok: false, error: { kind: 'invalid' } },
    ]);
    // Two rows asking the same question have the same key; different questions differ.
    const [first, second] = peeked.rows;
    expect(first?.ok && second?.ok && first.key !== second.key).toBe(true);
    expect(peeked.remainingToday).toBe(8);
    expect(sent()).toHaveLength(1);
  });
});

describe('many requests peeked at once, with what the team knows (team mode)', () => {
  /** The team's marks, by profile address; the requests the connection was asked about. */
  function teamViews(marks: Record<string, PeekMark>, answers = true) {
    const named: PeekAsked[] = [];
    const teamed = createViews({
      db: openDb,
      settings: async () => settings,
      canonicalize: (endpointId, params) => canonicalParams(endpointId, params) as Record<string, unknown>,
      now: () => now,
      peekMarks: async (_settings, requests) => {
        named.push(...requests);
        if (!answers) return null;
        return requests.map(
          (request) =>
            marks[String(request.canonical.profile_url)] ?? { free: null, crm: null, doNotEnrich: false },
        );
      },
    });
    return { teamed, named };
  }
  const TEAM_HAS: Quote = { min: 0, max: 0, lines: ['The team has it'], teamHas: { ageSeconds: 60 } };
  const people = dataset.people.slice(10, 15).map((person) => person.url);
  const rows = people.map((url) => ({
    endpointId: 'person.profile' as const,
    params: { profile_url: url },
    identity: { profileUrl: url },
  }));

  it("what the team has costs 0, its CRM's rows are marked, its list's rows refused; asked only with `team`", async () => {
    const { teamed, named } = teamViews({
      [people[0]!]: { free: TEAM_HAS, crm: null, doNotEnrich: false },
      [people[1]!]: { free: null, crm: 'profile', doNotEnrich: false },
      [people[2]!]: { free: TEAM_HAS, crm: null, doNotEnrich: true },
    });
    expect((await teamed.peekMany(rows)).rows.every((row) => row.ok && row.quote.max === 2)).toBe(true);
    expect(named).toHaveLength(0);

    const peeked = await teamed.peekMany(rows, { team: true });
    expect(peeked.rows).toMatchObject([
      { ok: true, quote: TEAM_HAS, cached: null },
      { ok: true, quote: { min: 2, max: 2 }, teamCrm: 'profile' },
      { ok: false, error: { kind: 'team-do-not-enrich' } },
      { ok: true, quote: { min: 2, max: 2 } },
      { ok: true, quote: { min: 2, max: 2 } },
    ]);
    expect(peeked.rows[3]).not.toHaveProperty('teamCrm');
    // Each row named once, with who it is.
    expect(named.map((request) => request.identity)).toEqual(people.map((url) => ({ profileUrl: url })));
    expect(sent()).toEqual([]);
  });

  it('a row cached here stays cached; one on the list here is not named to the hub', async () => {
    const paid = await payForProfile();
    now = paid.fetchedAt + HOUR;
    await replaceStoredList(await openDb(), readList(people[4]!).entries);
    const { teamed, named } = teamViews({ [asked]: { free: TEAM_HAS, crm: null, doNotEnrich: false } });
    const peeked = await teamed.peekMany(
      [{ endpointId: 'person.profile', params: { profile_url: asked } }, rows[4]!],
      { team: true },
    );
    expect(peeked.rows).toMatchObject([
      { ok: true, quote: { min: 2, max: 2 }, cached: { fetchedAt: paid.fetchedAt } },
      { ok: false, error: { kind: 'do-not-enrich' } },
    ]);
    expect(named.map((request) => request.canonical.profile_url)).toEqual([asked]);
  });

  it("the hub not answering leaves every row at the price list's quote", async () => {
    const { teamed } = teamViews({}, false);
    const peeked = await teamed.peekMany(rows, { team: true });
    expect(peeked.rows.every((row) => row.ok && row.quote.max === 2 && !row.teamCrm)).toBe(true);
  });
});

describe('today’s totals', () => {
  it('what is left counts what was spent and what calls in flight reserved', async () => {
    await payForProfile();
    const db = await openDb();
    await journalDeparture(
      db,
      {
        id: 'req-in-flight',
        endpointId: 'person.profile',
        params: { profile_url: notAsked },
        status: 'pending',
        createdAt: now,
        updatedAt: now,
        reserved: 3,
      },
      { balance: undefined, clean: false },
      now,
    );
    expect(await views().spendTotals(db, settings)).toEqual({
      today: 2,
      month: 2,
      dailyBudget: 10,
      remainingToday: 5,
      // The balance last read, less what was recorded since.
      balance: 998,
    });
    // Without a budget nothing is "left": there is no limit to count against.
    expect(await views().spendTotals(db, { ...settings, dailyBudget: null })).toMatchObject({
      today: 2,
      remainingToday: null,
    });
  });
});
