/**
 * Watch runs with no page open: while any watch list exists, an alarm fires every hour and starts
 * each list whose period is due (or that waited for the next day), through the work alarm
 * (../work-alarm.ts keepGoing), which wakes a stopped worker to go on with it. A worker that
 * starts checks at once.
 */
import type { AlarmsApi } from '../work-alarm';

export const WATCH_ALARM = 'watch-due';
export const WATCH_PERIOD_MINUTES = 60;

export interface WatchAlarmDeps {
  alarms: AlarmsApi;
  /** Starts the lists that are due; returns how many run. */
  checkDue: () => Promise<number>;
  hasLists: () => Promise<boolean>;
  /** The work alarm's keepGoing: what started goes on after the worker stops. */
  keepGoing: <T>(started: Promise<T>) => Promise<T>;
}

export function createWatchAlarm(deps: WatchAlarmDeps) {
  /** The alarm is set while a list exists, and cleared once none does. */
  async function keep(): Promise<void> {
    if (!(await deps.hasLists())) await deps.alarms.clear(WATCH_ALARM);
    else if (!(await deps.alarms.get(WATCH_ALARM)))
      await deps.alarms.create(WATCH_ALARM, { periodInMinutes: WATCH_PERIOD_MINUTES });
  }

  /** Starts what is due, then keeps the alarm as the lists say. */
  async function due(): Promise<number> {
    const running = await deps.keepGoing(deps.checkDue());
    await keep();
    return running;
  }

  function onAlarm(alarm: { name: string }): void {
    if (alarm.name !== WATCH_ALARM) return;
    due().catch((error) => console.warn('Could not start the watch lists that are due', error));
  }

  return { keep, due, onAlarm };
}
