/**
 * A watch list's periods (background only): each member is asked once a period, under a request id
 * made of the list, the period's index and the member's opaque id, so a run started again in the
 * same period (Run now, a worker that restarts, the alarm firing twice) is answered from the journal
 * and never pays anyone twice in one period. The id never names the member (their address would
 * outlive Forget in the journal and the ledger). The index only grows: a new period length counts
 * from the current period's start.
 */
import { startOfDay } from '../ledger';
import type { WatchListRecord, WatchMemberRecord } from './records';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The request id of a member's row in a period: the same whoever asks, however often. */
export function watchRequestId(listId: string, period: number, watchId: string): string {
  return `watch:${listId}:${period}:${watchId}`;
}

/** A new member's opaque id (WatchMemberRecord `watchId`). */
export function newWatchId(): string {
  return crypto.randomUUID();
}

/**
 * Gives a member kept before members had opaque ids one; when its row has not left yet (queued),
 * the row takes a request id made of it. Returns whether the member changed (to be written back).
 */
export function giveWatchId(
  member: WatchMemberRecord,
  list: Pick<WatchListRecord, 'id' | 'period'>,
): boolean {
  if (member.watchId !== undefined) return false;
  member.watchId = newWatchId();
  // A queued row never left under its id (rows go back to the queue only when not asked): renamed.
  if (member.status === 'queued') member.requestId = watchRequestId(list.id, list.period, member.watchId);
  return true;
}

export function periodMs(list: Pick<WatchListRecord, 'periodDays'>): number {
  return list.periodDays * DAY_MS;
}

/** When the next period begins. */
export function nextPeriodAt(list: Pick<WatchListRecord, 'periodDays' | 'periodStart'>): number {
  return list.periodStart + periodMs(list);
}

/** How many periods have begun since the current one: 0 while it lasts. */
export function periodsPassed(
  list: Pick<WatchListRecord, 'periodDays' | 'periodStart'>,
  now: number,
): number {
  return Math.max(0, Math.floor((now - list.periodStart) / periodMs(list)));
}

/** When the period `now` is in began: the list's current one, or the one a due list moves to. */
export function periodStartAt(
  list: Pick<WatchListRecord, 'periodDays' | 'periodStart'>,
  now: number,
): number {
  return list.periodStart + periodsPassed(list, now) * periodMs(list);
}

/** Moves a list to the period `now` is in: spent nothing yet, asked no one, confirmed nothing. */
export function beginPeriod(list: WatchListRecord, now: number): void {
  const passed = periodsPassed(list, now);
  list.period += passed;
  list.periodStart += passed * periodMs(list);
  list.spent = 0;
  list.confirmed = false;
  list.confirmedOn = undefined;
  list.waitingUntil = undefined;
  list.stopReason = undefined;
}

/** A member's row for the list's current period: queued under that period's id. */
export function queueForPeriod(member: WatchMemberRecord, list: WatchListRecord, at: number): void {
  member.watchId ??= newWatchId();
  member.requestId = watchRequestId(list.id, list.period, member.watchId);
  member.status = 'queued';
  member.credits = undefined;
  member.cached = undefined;
  member.error = undefined;
  member.updatedAt = at;
}

/** A run stopped by today's budget goes on at the start of the next day. */
export function nextDay(now: number): number {
  return startOfDay(now) + DAY_MS;
}

/** When the list runs next (ms since epoch), or null while it runs or is paused. */
export function nextRunAt(list: WatchListRecord): number | null {
  if (list.status === 'paused' || list.status === 'running' || list.status === 'settling') return null;
  if (list.status === 'waiting') return Math.min(list.waitingUntil ?? nextPeriodAt(list), nextPeriodAt(list));
  return nextPeriodAt(list);
}
