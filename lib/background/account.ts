/**
 * The account as a page shows it: today's and this month's spending, recent ledger lines, the
 * cache's size, and the balance (the last checkpoint reading less what was recorded since, read
 * again only when old), or in team mode the member's budget and spend as the hub tells them (the
 * hub holds the account: there is no balance of ours to read); and the free connection test.
 */
import type { IDBPDatabase } from 'idb';
import type { Account, ConnectionResult, HubMember, SpendTotals } from '../protocol';
import { isConfigured, type Settings } from '../settings';
import type { Checkpoints } from './calls/checkpoints';
import { BALANCE_AT_KEY, BALANCE_KEY } from './calls/checkpoints';
import { toApiError } from './calls/paid-call';
import { connectionFor } from './connection';
import type { EnrichmentDb } from './db';
import { recentLedger } from './ledger';

type Db = IDBPDatabase<EnrichmentDb>;

export interface AccountDeps {
  db: () => Promise<Db>;
  settings: () => Promise<Settings>;
  checkpoints: Checkpoints;
  inFlight: () => number;
  spendTotals: (db: Db, settings: Settings) => Promise<SpendTotals>;
  requireReady: (settings: Settings) => Promise<void>;
  /** The free balance for these settings (paced like every request). */
  fetchBalance: (settings: Settings) => Promise<number | null>;
  /** The member's budget and spend where the connection keeps them (team mode: GET /hub/v1/me, free); null elsewhere. */
  member: (settings: Settings) => Promise<HubMember> | null;
  /** While the key is paused: when the service asked to wait until, past what is obeyed (lib/background/scheduler.ts). */
  askedToWaitUntil: (settings: Settings) => number | undefined;
}

/** The last balance read from the service less what was recorded since; null when none was read. */
export async function balanceNow(db: Db, settings: Settings): Promise<number | null> {
  if (!isConfigured(settings)) return null;
  const [reading, balanceAt] = await Promise.all([
    db.get('meta', BALANCE_KEY),
    db.get('meta', BALANCE_AT_KEY),
  ]);
  if (reading === undefined) return null;
  if (balanceAt === undefined) return Math.max(0, reading);
  const since = await db.getAllFromIndex('ledger', 'byAt', IDBKeyRange.lowerBound(balanceAt, true));
  return Math.max(
    0,
    reading - since.reduce((sum, line) => sum + (line.credits ?? line.estimatedCredits ?? 0), 0),
  );
}

export function createAccount(deps: AccountDeps) {
  const { checkpoints, spendTotals, requireReady } = deps;

  /**
   * Spending, recent calls, the cache and the balance: the last reading less what was recorded
   * since; read again from the service only when the reading is old (READING_MAX_AGE_MS).
   */
  async function account(): Promise<Account> {
    const [db, settings] = await Promise.all([deps.db(), deps.settings()]);
    await checkpoints.settleNow();
    const { readsBalance } = connectionFor(settings);
    let balanceAt = (await db.get('meta', BALANCE_AT_KEY)) ?? null;
    if (
      readsBalance &&
      isConfigured(settings) &&
      deps.inFlight() === 0 &&
      (balanceAt === null || (await checkpoints.readingDue(db, settings)))
    ) {
      await checkpoints.readBalance(settings);
      balanceAt = (await db.get('meta', BALANCE_AT_KEY)) ?? null;
    }
    const recent = await recentLedger(db, 20);
    const askedToWaitUntil = deps.askedToWaitUntil(settings);
    return {
      ...(await spendTotals(db, settings)),
      balanceAt,
      recent: recent.map(
        ({
          at,
          endpointId,
          summary,
          credits,
          cached,
          interrupted,
          creditsRange,
          settled,
          reportedCredits,
        }) => ({
          at,
          endpointId,
          summary,
          credits,
          cached,
          ...(interrupted ? { interrupted, settled: settled ?? false } : {}),
          ...(creditsRange ? { creditsRange } : {}),
          ...(reportedCredits !== undefined ? { reportedCredits } : {}),
        }),
      ),
      cache: { entries: await db.count('cache'), bytes: (await db.get('meta', 'cacheBytes')) ?? 0 },
      ...(askedToWaitUntil !== undefined ? { askedToWaitUntil } : {}),
      ...(readsBalance ? {} : { hub: await memberAtHub(settings) }),
    };
  }

  /** What the hub says of the member, or why it could not be asked (the page says so). */
  async function memberAtHub(settings: Settings): Promise<NonNullable<Account['hub']>> {
    if (!isConfigured(settings)) return { member: null };
    try {
      await requireReady(settings);
      return { member: await deps.member(settings) };
    } catch (error) {
      return { member: null, error: connectionFor(settings).explain(toApiError(error)).toJSON() };
    }
  }

  /**
   * Checks a key and base URLs without spending: the free credit-balance call; in team mode the
   * hub's address and member token, by asking the hub who the member is.
   */
  async function testConnection(
    overrides: Partial<
      Pick<Settings, 'apiKey' | 'baseUrlV2' | 'baseUrlV3' | 'connection' | 'hubUrl' | 'hubToken'>
    >,
  ): Promise<ConnectionResult> {
    const settings = { ...(await deps.settings()), ...overrides };
    try {
      await requireReady(settings);
      const member = deps.member(settings);
      if (member) return { ok: true, balance: null, member: await member };
      const balance = await deps.fetchBalance(settings);
      return { ok: true, balance };
    } catch (error) {
      return { ok: false, error: connectionFor(settings).explain(toApiError(error)).toJSON() };
    }
  }

  return { account, testConnection };
}
