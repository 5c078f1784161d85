/**
 * Identical calls in flight are one call: a request joins a call for the same question (the same
 * cache key) only when that call is at least as fresh (it accepts no older answer: a "live now"
 * refresh never gets an "any age" answer), and is shown 0 credits, since the call it joined paid.
 * The joiner is journaled as following that call, so a retry of its id after the worker stopped
 * reads the same record.
 */
import type { IDBPDatabase } from 'idb';
import type { EndpointId } from '../api/endpoints';
import type { RunResult } from '../protocol';
import { journalMerged } from './calls/journal';
import type { EnrichmentDb } from './db';

interface InFlight {
  owner: string;
  /** The oldest answer the call accepts, in seconds (lib/freshness.ts acceptedAgeSeconds). */
  maxAge: number;
  call: Promise<RunResult>;
}

export interface Joiner {
  id: string;
  endpointId: EndpointId;
  params: Record<string, unknown>;
  cacheKey: string;
  maxAge: number;
}

export function createMerging(deps: { db: () => Promise<IDBPDatabase<EnrichmentDb>>; now: () => number }) {
  const byKey = new Map<string, InFlight[]>();

  /** A call in flight this request may join, if any. */
  function joinable(joiner: Joiner): InFlight | undefined {
    return byKey
      .get(joiner.cacheKey)
      ?.find((other) => other.maxAge <= joiner.maxAge && other.owner !== joiner.id);
  }

  /** Follows the call joined: its answer at 0 credits; any other outcome is the call's own. */
  async function join(joiner: Joiner, into: InFlight): Promise<RunResult> {
    const db = await deps.db();
    const at = deps.now();
    const merged = {
      id: joiner.id,
      endpointId: joiner.endpointId,
      params: joiner.params,
      createdAt: at,
      updatedAt: at,
    };
    await journalMerged(db, merged, into.owner);
    const result = await into.call;
    if (result.status !== 'answer') {
      // Forgotten: a retry of this id is a new request.
      await db.delete('jobs', joiner.id);
      return result;
    }
    await db.put('jobs', {
      ...merged,
      status: 'done',
      cacheKey: joiner.cacheKey,
      credits: 0,
      sameAs: into.owner,
    });
    return { ...result, credits: 0 };
  }

  /** A call that others may join while it is in flight. */
  function track(joiner: Joiner, call: Promise<RunResult>): Promise<RunResult> {
    const entry = { owner: joiner.id, maxAge: joiner.maxAge, call };
    byKey.set(joiner.cacheKey, [...(byKey.get(joiner.cacheKey) ?? []), entry]);
    return call.finally(() => {
      const left = (byKey.get(joiner.cacheKey) ?? []).filter((other) => other !== entry);
      if (left.length > 0) byKey.set(joiner.cacheKey, left);
      else byKey.delete(joiner.cacheKey);
    });
  }

  return { joinable, join, track };
}
