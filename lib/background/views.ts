/**
 * What a page sees before it spends, free and sent nowhere: an action's canonical params, quote,
 * cached answer with its age, and what is left of today's budget after what was spent and what
 * calls in flight reserved (lib/background/budget.ts). One message answers each view's one question.
 */
import type { IDBPDatabase } from 'idb';
import type { EndpointId } from '../api/endpoints';
import { ApiError } from '../api/errors';
import type { RawParams } from '../api/params';
import { cacheKey } from '../pricing/cache-key';
import { quoteCanonical } from '../pricing/credits';
import { refuseListed, screenAnswer } from '../pricing/do-not-enrich';
import type { CachedView, CrmMatchBy, PeekRequest, Quote, SpendTotals, ViewState } from '../protocol';
import type { Settings } from '../settings';
import { balanceNow } from './account';
import { budgetFor, reservedNow } from './budget';
import { readCache } from './cache';
import { toApiError } from './calls/paid-call';
import type { PeekAsked, PeekMark } from './connection';
import type { CacheEntry, EnrichmentDb } from './db';
import { listedKeys } from './do-not-enrich';
import { ledgerTotals } from './ledger';

type Db = IDBPDatabase<EnrichmentDb>;
type Canonical = Readonly<Record<string, unknown>>;

/** What `peekMany` says of one request: its quote and cached answer, or why it cannot be asked. */
export type PeekedRow =
  | {
      ok: true;
      /** Its cache key: two requests with the same key ask the same thing. */
      key: string;
      /** Team mode, with `team`: 0 credits (`teamHas`) when the team's hub has it fresh enough. */
      quote: Quote;
      cached: (CachedView & { endpointId: EndpointId }) | null;
      /** Team mode, with `team`: the team's CRM reference holds it (how it matched). */
      teamCrm?: CrmMatchBy;
    }
  | { ok: false; error: ReturnType<ApiError['toJSON']> };

export interface ViewDeps {
  db: () => Promise<Db>;
  settings: () => Promise<Settings>;
  canonicalize: (endpointId: EndpointId, params: RawParams) => Canonical;
  now: () => number;
  /**
   * The connection's quote of a click from the price list's (team mode: made exact by the hub's
   * peek, lib/background/connection/team-hub.ts teamQuote); the price list's when left out.
   */
  clickQuote?: (
    settings: Settings,
    endpointId: EndpointId,
    canonical: Canonical,
    quote: Quote,
  ) => Promise<Quote>;
  /**
   * What the connection knows of many requests beyond this browser (team mode: the hub's batch
   * peek, lib/background/connection/team-hub.ts); null when nothing, or it could not be asked.
   */
  peekMarks?: (settings: Settings, requests: readonly PeekAsked[]) => Promise<PeekMark[] | null>;
  /**
   * What is left of the member's budget where the connection keeps one (team mode: at the hub);
   * undefined where it keeps none.
   */
  budgetLeft?: (settings: Settings) => Promise<number | null | undefined>;
}

/**
 * What of a cached answer may be shown now: kept before its subject was put on the do-not-enrich
 * list, it is refused (nothing sent), and its rows about listed subjects are left out.
 */
function keptOf(listed: ReadonlySet<string>, entry: { endpointId: EndpointId; data: unknown }): unknown {
  const screened = screenAnswer(listed, entry.endpointId, entry.data);
  if (screened.listed !== null) throw new ApiError('do-not-enrich');
  return screened.data;
}

/** A peeked row's cached answer: what may be shown of it, and how old it is. */
function peekedCopy(listed: ReadonlySet<string>, entry: CacheEntry, at: number, staleAfterDays: number) {
  const ageMs = Math.max(0, at - entry.fetchedAt);
  return {
    endpointId: entry.endpointId,
    data: keptOf(listed, entry),
    fetchedAt: entry.fetchedAt,
    ageMs,
    stale: ageMs > staleAfterDays * 24 * 60 * 60 * 1000,
  };
}

/**
 * The rows with what the team knows of them (team mode: the hub's batch peek, free): one the team
 * has fresh enough is quoted 0 (unless the cache here holds it), one its CRM reference holds is
 * marked, one on its do-not-enrich list is refused. A row refused here is not named to the hub.
 * Where nothing is known (own key, or the hub not answering), the rows as they were.
 */
async function withTeamMarks(
  deps: Pick<ViewDeps, 'peekMarks'>,
  settings: Settings,
  requests: readonly PeekRequest[],
  canonicals: readonly Canonical[],
  rows: PeekedRow[],
): Promise<PeekedRow[]> {
  const askable = rows.flatMap((row, index) => (row.ok ? [index] : []));
  if (askable.length === 0 || !deps.peekMarks) return rows;
  const marks = await deps.peekMarks(
    settings,
    askable.map((index): PeekAsked => {
      const { endpointId, identity } = requests[index]!;
      return { endpointId, canonical: canonicals[index]!, ...(identity ? { identity } : {}) };
    }),
  );
  if (!marks) return rows;
  const marked = [...rows];
  askable.forEach((index, at) => {
    const row = rows[index];
    const mark = marks[at];
    if (!row?.ok || !mark) return;
    if (mark.doNotEnrich) {
      marked[index] = { ok: false, error: new ApiError('team-do-not-enrich').toJSON() };
      return;
    }
    marked[index] = {
      ...row,
      ...(mark.free && !row.cached ? { quote: mark.free } : {}),
      ...(mark.crm ? { teamCrm: mark.crm } : {}),
    };
  });
  return marked;
}

export function createViews(deps: ViewDeps) {
  const { now, canonicalize } = deps;

  async function spendTotals(db: Db, settings: Settings): Promise<SpendTotals> {
    const at = now();
    // Today's spending is read once, with the month's; the budget adds what calls in flight reserved.
    const [totals, balance] = await Promise.all([ledgerTotals(db, at), balanceNow(db, settings)]);
    const committed = settings.dailyBudget === null ? 0 : totals.today + (await reservedNow(db));
    return {
      today: totals.today,
      month: totals.month,
      dailyBudget: settings.dailyBudget,
      remainingToday: settings.dailyBudget === null ? null : Math.max(0, settings.dailyBudget - committed),
      balance,
    };
  }

  async function cachedView(db: Db, key: string, settings: Settings) {
    const cached = await readCache(db, key, { now: now(), staleAfterDays: settings.staleAfterDays });
    if (!cached) return null;
    const { entry, ageMs, stale } = cached;
    const data = keptOf(await listedKeys(db), entry);
    return { data, fetchedAt: entry.fetchedAt, ageMs, stale };
  }

  /**
   * A click's quote, the one place one is made: the price list's, and in team mode 0 when the team's
   * hub has the answer fresh enough (it says so: "0 credits (the team has it, 3 days old)").
   */
  async function clickQuote(
    settings: Settings,
    endpointId: EndpointId,
    canonical: Canonical,
  ): Promise<Quote> {
    const listed = quoteCanonical(endpointId, canonical, { plan: settings.plan });
    return deps.clickQuote ? deps.clickQuote(settings, endpointId, canonical, listed) : listed;
  }

  /** What a view needs when it opens, in one answer: canonical params, quote, cached answer, budget. */
  async function openView(endpointId: EndpointId, params: RawParams): Promise<ViewState> {
    try {
      const [settings, db] = await Promise.all([deps.settings(), deps.db()]);
      const canonical = canonicalize(endpointId, params);
      const q = quoteCanonical(endpointId, canonical, { plan: settings.plan });
      // Someone never to be looked up is not even named to the team's hub in a peek.
      refuseListed(await listedKeys(db), endpointId, canonical);
      // Read together: opening a panel waits on this answer. The budget is held to the price list's
      // quote, as the call reserves it (the team's copy may be gone by the click).
      const [budget, cached, quote] = await Promise.all([
        budgetFor(db, endpointId, q, settings.dailyBudget, now()),
        cachedView(db, cacheKey(endpointId, canonical), settings),
        clickQuote(settings, endpointId, canonical),
      ]);
      return {
        ok: true,
        params: canonical as Record<string, string | number | boolean>,
        quote,
        cached,
        budget: { remaining: budget.remaining, needsConfirmation: budget.needsConfirmation },
      };
    } catch (error) {
      return { ok: false, error: toApiError(error).toJSON() };
    }
  }

  /**
   * Many requests peeked at once, for a page's list: each one's quote and cached answer (nothing
   * recorded, nothing spent), what is left of today's budget after reservations, and in team mode
   * what is left of the member's budget at the hub when asked (`teamBudget`: one free read of the
   * hub; `teamLeftToday`, left out when it is not kept there or could not be asked). With `team`,
   * what the team knows of the rows this browser can ask (`withTeamMarks`).
   */
  async function peekMany(
    requests: readonly PeekRequest[],
    options: { teamBudget?: boolean; team?: boolean } = {},
  ): Promise<{ rows: PeekedRow[]; remainingToday: number | null; teamLeftToday?: number | null }> {
    const [settings, db] = await Promise.all([deps.settings(), deps.db()]);
    const at = now();
    const listed = await listedKeys(db);
    // One read transaction for every row: a list of thousands is peeked in one pass. The cache's keys
    // are read at once (keys only, no answers), and an answer only for a key the cache holds: a
    // request apiece cost a list of thousands more than all the rest of its quote.
    const cache = db.transaction('cache').store;
    const held = requests.length > 1 ? new Set(await cache.getAllKeys()) : null;
    /** Each request's canonical params, read once: the team's hub is asked with them. */
    const canonicals: Canonical[] = [];
    const rows = await Promise.all(
      requests.map(async (request, index): Promise<PeekedRow> => {
        try {
          const canonical = canonicalize(request.endpointId, request.params);
          canonicals[index] = canonical;
          // A listed row says so and is left out of the totals (it cannot be asked).
          refuseListed(listed, request.endpointId, canonical);
          const key = cacheKey(request.endpointId, canonical);
          const entry = !held || held.has(key) ? await cache.get(key) : undefined;
          const rowQuote = quoteCanonical(request.endpointId, canonical, { plan: settings.plan });
          const cached = entry ? peekedCopy(listed, entry, at, settings.staleAfterDays) : null;
          return { ok: true, key, quote: rowQuote, cached };
        } catch (error) {
          return { ok: false, error: toApiError(error).toJSON() };
        }
      }),
    );
    const [{ remainingToday }, teamLeftToday, marked] = await Promise.all([
      spendTotals(db, settings),
      options.teamBudget ? deps.budgetLeft?.(settings) : undefined,
      options.team ? withTeamMarks(deps, settings, requests, canonicals, rows) : rows,
    ]);
    return { rows: marked, remainingToday, ...(teamLeftToday !== undefined ? { teamLeftToday } : {}) };
  }

  return { spendTotals, cachedView, openView, peekMany, clickQuote };
}
