/**
 * Jobs (lists, batches) run in the background with no page open, but MV3 stops an idle worker
 * (after 30 s without an event), and a stopped worker is not started again by a job it was running:
 * only an event starts it. So while any job runs, an alarm fires every minute: the worker it wakes
 * resumes them (each kind's `resume`, lib/background/jobs/runner.ts, which goes on from what
 * IndexedDB holds). The alarm is set when a job starts or resumes, and cleared when it fires and
 * nothing runs any more.
 */

/** The alarm's name, and how often it fires (Chrome's floor is 30 s, Firefox's a minute). */
export const WORK_ALARM = 'resume-work';
export const WORK_PERIOD_MINUTES = 1;

/** The part of `browser.alarms` this needs. */
export interface AlarmsApi {
  get: (name: string) => Promise<unknown>;
  create: (name: string, info: { periodInMinutes: number }) => unknown;
  clear: (name: string) => Promise<unknown>;
}

export interface WorkAlarmDeps {
  alarms: AlarmsApi;
  /** Resumes every list and batch that is running; returns how many run. */
  resume: () => Promise<number>;
  /** How often the alarm fires, in minutes (shorter only in end-to-end tests, unpacked). */
  periodInMinutes?: number;
}

export function createWorkAlarm({ alarms, resume, periodInMinutes = WORK_PERIOD_MINUTES }: WorkAlarmDeps) {
  /** Starts since the worker started: a resume that found nothing running clears only if none came since. */
  let starts = 0;

  async function set(): Promise<void> {
    if (!(await alarms.get(WORK_ALARM))) await alarms.create(WORK_ALARM, { periodInMinutes });
  }

  /** Resumes what runs; the alarm is kept while anything does, and cleared once nothing does. */
  async function resumeWork(): Promise<number> {
    const seen = starts;
    const running = await resume();
    if (running > 0) await set();
    else if (starts === seen) await alarms.clear(WORK_ALARM);
    return running;
  }

  /** A list or batch started (or resumed, or asked again): the alarm is set once the start is answered. */
  async function keepGoing<T>(started: Promise<T>): Promise<T> {
    starts += 1;
    const result = await started;
    await set().catch((error) => console.warn('Could not set the alarm that resumes lists', error));
    return result;
  }

  /** The browser's onAlarm listener. */
  function onAlarm(alarm: { name: string }): void {
    if (alarm.name !== WORK_ALARM) return;
    resumeWork().catch((error) => console.warn('Could not resume the running lists and batches', error));
  }

  return { keepGoing, resumeWork, onAlarm };
}
