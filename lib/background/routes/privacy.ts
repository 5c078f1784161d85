/**
 * The person's control over what is kept about others (lib/background/forget/): the cache,
 * forgetting someone, the history, the export, who must never be looked up, and the retention.
 */
import type { IDBPDatabase } from 'idb';
import { storage } from 'wxt/utils/storage';
import type { PrivacyOperation } from '../../personal-data';
import { readList } from '../../pricing/do-not-enrich';
import { type Settings, storageRegistration } from '../../settings';
import { clearCache } from '../cache';
import { dropListed } from '../crm/reference';
import type { EnrichmentDb } from '../db';
import { replaceStoredList, storedList } from '../do-not-enrich';
import type { FindingsStore } from '../findings-store';
import { clearHistory, exportStored, forgetInItems, forgetSubject } from '../forget';
import { expireOld, RETENTION_ALARM, RETENTION_PERIOD_MINUTES } from '../retention';
import { leaveListed } from '../watch/watch-privacy';
import type { Handle } from './router';

export interface PrivacyDeps {
  openDb: () => Promise<IDBPDatabase<EnrichmentDb>>;
  getSettings: () => Promise<Settings>;
  findingsStore: FindingsStore;
  /** Sets the toolbar badge (unseen watch changes) again once changes may have gone. */
  watchBadge: { update(): void };
}

export function registerPrivacyRoutes(
  handle: Handle,
  { openDb, getSettings, findingsStore, watchBadge }: PrivacyDeps,
): void {
  handle('cache.clear', async () => {
    await clearCache(await openDb());
    return { ok: true };
  });

  handle('forget', async (data) => {
    const removed = await forgetEverywhere({ openDb, findingsStore }, data.subject);
    watchBadge.update();
    return { removed };
  });

  handle('history.clear', async () => {
    await clearHistory(await openDb());
    const session = Object.keys(await storage.snapshot('session')).map((key) => `session:${key}` as const);
    await storage.removeItems(session.filter((key) => storageDoes('clearHistory', key)));
    watchBadge.update();
    return { ok: true };
  });

  handle('stored.export', async () => exportStored(await openDb(), { ...(await getSettings()) }));

  // Who must never be looked up (lib/pricing/do-not-enrich.ts): checked before every spend, from any way in.
  handle('doNotEnrich.get', async () => ({ entries: await storedList(await openDb()) }));

  handle('doNotEnrich.set', async (data) => {
    const { entries, unreadable } = readList(data.text);
    const db = await openDb();
    await replaceStoredList(db, entries);
    // Who must never be looked up is watched no more.
    await leaveListed(db);
    // The CRM reference's rows the list now names go (lib/background/crm/reference.ts).
    await dropListed(db);
    return { entries: await storedList(db), unreadable };
  });
}

/**
 * Forgets a person or company in what is stored and in what the session holds (a tab's findings,
 * the menu's pending lookup, a stream's rows): the person's forget, and in team mode what was
 * forgotten at the hub. Returns how many records changed.
 */
export async function forgetEverywhere(
  { openDb, findingsStore }: Pick<PrivacyDeps, 'openDb' | 'findingsStore'>,
  subject: string,
): Promise<number> {
  const { removed, known } = await forgetSubject(await openDb(), subject);
  // Done in turn with the tabs' findings store, which then counts their sizes again.
  let changed = 0;
  await findingsStore.changeOutside(async () => {
    const session = Object.entries(await storage.snapshot('session'));
    const forgettable = session.filter(([key]) => storageDoes('forget', `session:${key}`));
    const { remove, keep } = forgetInItems(Object.fromEntries(forgettable), known);
    await Promise.all([
      storage.removeItems(remove.map((key) => `session:${key}` as const)),
      ...Object.entries(keep).map(([key, value]) => storage.setItem(`session:${key}`, value)),
    ]);
    changed = remove.length + Object.keys(keep).length;
  });
  return removed + changed;
}

/**
 * Whether an operation does something to a storage key, as the register says (lib/settings.ts
 * STORAGE_REGISTER); a key it does not list is left alone, and a test keeps the register whole.
 */
function storageDoes(operation: PrivacyOperation, key: string): boolean {
  const entry = storageRegistration(key);
  return entry !== undefined && 'does' in entry[operation];
}

/** Team mode: how often the alarm asks the hub what was forgotten there. */
const HUB_FORGOTTEN_ALARM = 'hub-forgotten';
const HUB_FORGOTTEN_PERIOD_MINUTES = 15;

/**
 * The alarm's listener: in team mode, forgets here what was forgotten at the hub, and (`also`) sets
 * the badge again, which counts the team's changes the hub found meanwhile.
 */
export function syncHubForgottenOnAlarm(
  service: { syncHubForgotten: () => Promise<number> },
  also?: () => void,
) {
  return (alarm: { name: string }): void => {
    if (alarm.name !== HUB_FORGOTTEN_ALARM) return;
    also?.();
    service
      .syncHubForgotten()
      .catch((error) => console.warn('Could not learn what the team hub forgot', error));
  };
}

/** Sets the team hub's forgotten alarm unless it is set (it does nothing outside team mode). */
export async function keepHubForgottenAlarm(alarms: Parameters<typeof keepRetentionAlarm>[0]): Promise<void> {
  if (!(await alarms.get(HUB_FORGOTTEN_ALARM)))
    await alarms.create(HUB_FORGOTTEN_ALARM, {
      delayInMinutes: 1,
      periodInMinutes: HUB_FORGOTTEN_PERIOD_MINUTES,
    });
}

interface RetentionDeps extends Omit<PrivacyDeps, 'findingsStore'> {
  now: () => number;
}

/** What is kept about others expires after the person's retention period: how many records changed. */
export async function expireNow({ openDb, getSettings, watchBadge, now }: RetentionDeps): Promise<number> {
  const { retentionDays } = await getSettings();
  const changed = await expireOld(await openDb(), { now: now(), retentionDays });
  watchBadge.update();
  return changed;
}

/** The alarm's listener: what is kept about others expires after the person's retention period. */
export function expireOnAlarm(deps: RetentionDeps) {
  return (alarm: { name: string }): void => {
    if (alarm.name !== RETENTION_ALARM) return;
    expireNow(deps).catch((error) => console.warn('Could not remove expired data', error));
  };
}

/** Sets the retention alarm unless it is set (an alarm survives the worker's stops). */
export async function keepRetentionAlarm(alarms: {
  get: (name: string) => Promise<unknown>;
  create: (name: string, info: { delayInMinutes: number; periodInMinutes: number }) => unknown;
}): Promise<void> {
  if (!(await alarms.get(RETENTION_ALARM)))
    await alarms.create(RETENTION_ALARM, { delayInMinutes: 1, periodInMinutes: RETENTION_PERIOD_MINUTES });
}
