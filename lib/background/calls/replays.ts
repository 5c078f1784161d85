/**
 * What a request id already journaled answers, so that asking again never pays twice: a finished
 * call is read from its record; one in flight is joined; one whose answer was lost says what the
 * balance says it cost (and is sent again only when certainly not charged); a finished call whose
 * answer is no longer kept says so, and is never sent again under its id; a request that joined
 * another call follows it; a failed one is sent again, unless the page only replays it (the
 * context menu's lookup shown in the panel: it runs again only on Retry).
 */
import type { IDBPDatabase } from 'idb';
import type { CachedView, Quote, RunResult, SpendTotals } from '../../protocol';
import type { Settings } from '../../settings';
import type { CallRecord, EnrichmentDb } from '../db';
import { dropUnchargedInterruption } from '../ledger';
import type { Checkpoints } from './checkpoints';
import { certainlyNotCharged, interruptedCallOf } from './journal';
import { recordedError, type SentResult, type ServiceRunRequest } from './paid-call';

type Db = IDBPDatabase<EnrichmentDb>;

export interface ReplayDeps {
  isCalling: (id: string) => boolean;
  /** This worker's run of a request id, while it is under way. */
  inFlight: (id: string) => Promise<RunResult> | undefined;
  rerun: (req: ServiceRunRequest) => Promise<RunResult>;
  checkpoints: Pick<Checkpoints, 'markLost' | 'settleNow'>;
  quote: (job: CallRecord, settings: Settings) => Quote;
  withTotals: (db: Db, settings: Settings, result: SentResult) => Promise<RunResult>;
  cachedView: (db: Db, key: string, settings: Settings) => Promise<Omit<CachedView, 'endpointId'> | null>;
  spendTotals: (db: Db, settings: Settings) => Promise<SpendTotals>;
}

export function createReplays(deps: ReplayDeps) {
  /**
   * A request already journaled under this id: answered from its record (never paid twice), joined
   * while in flight, told what it cost when its answer was lost. Undefined: send it (again).
   */
  async function fromJournal(
    req: ServiceRunRequest,
    db: Db,
    settings: Settings,
  ): Promise<RunResult | undefined> {
    let previous = await db.get('jobs', req.requestId);
    if (previous?.sameAs) {
      const target = await db.get('jobs', previous.sameAs);
      if (!target || target.status === 'failed') {
        // The call it joined never left (or failed): nothing was sent for it; asked afresh.
        await db.delete('jobs', previous.id);
        return undefined;
      }
      if (target.status === 'pending' && deps.isCalling(target.id)) return deps.inFlight(target.id);
      if (certainlyNotCharged(target) || target.status === 'done')
        return deps.rerun({
          ...req,
          requestId: target.id,
          policy: target.status === 'done' ? req.policy : 'refresh',
        });
      previous = target;
    }
    if (!previous) return undefined;
    if (previous.status === 'failed') {
      return req.replay ? { status: 'error', error: recordedError(previous.error) } : undefined;
    }
    if (previous.status === 'pending' && !deps.isCalling(previous.id)) {
      // Left by a worker that stopped, not read yet: its answer is lost all the same.
      previous = (await deps.checkpoints.markLost(db, [previous], settings))[0]!;
      void deps.checkpoints.settleNow();
    }
    if (previous.status === 'interrupted') {
      if (!certainlyNotCharged(previous))
        return deps.withTotals(db, settings, {
          status: 'interrupted',
          interrupted: interruptedCallOf(previous, deps.quote(previous, settings)),
        });
      // Certainly not charged: sent again under the same id; its line (0 credits) goes.
      await dropUnchargedInterruption(db, previous.id);
      return undefined;
    }
    // Answered about someone on the do-not-enrich list: paid, not kept, and not asked again.
    if (previous.status === 'done' && previous.error !== undefined)
      return { status: 'error', error: recordedError(previous.error) };
    if (previous.status === 'done') {
      const cached = previous.cacheKey ? await deps.cachedView(db, previous.cacheKey, settings) : null;
      if (cached)
        return {
          status: 'answer',
          ...cached,
          cached: false,
          credits: previous.credits ?? null,
          totals: await deps.spendTotals(db, settings),
        };
      // Answered and charged, its answer no longer kept: never sent again under this id.
      return {
        status: 'answer-gone',
        credits: previous.credits ?? null,
        at: previous.updatedAt,
        quote: deps.quote(previous, settings),
        totals: await deps.spendTotals(db, settings),
      };
    }
    return undefined;
  }

  return { fromJournal };
}
