/**
 * The scheduler on a fake clock: requests leave evenly at the key's rate and never more than it in
 * any minute, a click goes ahead of waiting batch rows, and a 429 pauses the key and teaches it
 * the rate the service admitted over the provider's 5-minute window.
 */
import { describe, expect, it, vi } from 'vitest';
import { RETRY_AFTER_MAX_SECONDS, retryAfterOf } from '../../../../lib/api/errors';
import { createScheduler } from '../../../../lib/background/scheduler';

/** Lets the promise callbacks of what was just granted run before the clock moves. */
async function settle() {
  for (let tick = 0; tick < 5; tick++) await Promise.resolve();
}

/** A clock and timers that only move when the test says. */
function fakeTime() {
  let time = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => time,
    setTimer(run: () => void, ms: number) {
      const timer = { at: time + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
    /** Moves the clock to `until`, running timers in order as they come due. */
    async advance(ms: number) {
      const until = time + ms;
      await settle();
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        time = Math.max(time, due.at);
        due.run();
        await settle();
      }
      time = until;
      await settle();
    },
  };
}

function track(promise: Promise<void>, log: string[], name: string, clock: { now: () => number }) {
  void promise.then(() => log.push(`${name}@${clock.now()}`));
}

describe('the scheduler', () => {
  it('sends evenly at the rate, never more than the rate in a minute', async () => {
    const clock = fakeTime();
    const scheduler = createScheduler({ ratePerMinute: 300, now: clock.now, setTimer: clock.setTimer });
    const granted: number[] = [];
    for (let index = 0; index < 600; index++)
      void scheduler.acquire('k', 'batch').then(() => granted.push(clock.now()));
    await clock.advance(130_000);
    expect(granted).toHaveLength(600);
    // 60 s / 300 = 200 ms apart.
    expect(granted.slice(0, 4)).toEqual([0, 200, 400, 600]);
    for (let index = 300; index < granted.length; index++) {
      expect(granted[index]! - granted[index - 300]!).toBeGreaterThanOrEqual(60_000);
    }
  });

  it('lets a click go ahead of every waiting batch row', async () => {
    const clock = fakeTime();
    const scheduler = createScheduler({ ratePerMinute: 60, now: clock.now, setTimer: clock.setTimer });
    const log: string[] = [];
    for (let index = 0; index < 5; index++) track(scheduler.acquire('k', 'batch'), log, `row${index}`, clock);
    await clock.advance(1_500);
    track(scheduler.acquire('k', 'click'), log, 'click', clock);
    await clock.advance(10_000);
    expect(log.slice(0, 4)).toEqual(['row0@0', 'row1@1000', 'click@2000', 'row2@3000']);
  });

  it('pauses for Retry-After after a 429 and paces to what the service admitted over 5 minutes', async () => {
    const clock = fakeTime();
    const scheduler = createScheduler({ ratePerMinute: 300, now: clock.now, setTimer: clock.setTimer });
    const granted: number[] = [];
    for (let index = 0; index < 14; index++)
      void scheduler.acquire('k', 'batch').then(() => granted.push(clock.now()));
    // A new account: 2 a minute over 5 minutes (10 admitted), the 11th refused.
    await clock.advance(2_000);
    expect(granted).toHaveLength(11);
    scheduler.rateLimited('k', 290);
    expect(scheduler.state('k')).toMatchObject({ ratePerMinute: 2, waiting: 3 });
    await clock.advance(289_000);
    expect(granted).toHaveLength(11);
    await clock.advance(2_000);
    expect(granted).toHaveLength(12);
    await clock.advance(30_000);
    expect(granted).toHaveLength(13);
    expect(granted[12]! - granted[11]!).toBe(30_000);
  });

  it('keeps each key to its own pace', async () => {
    const clock = fakeTime();
    const scheduler = createScheduler({ ratePerMinute: 60, now: clock.now, setTimer: clock.setTimer });
    scheduler.rateLimited('a', 30);
    let other = false;
    void scheduler.acquire('b', 'click').then(() => {
      other = true;
    });
    await clock.advance(0);
    expect(other).toBe(true);
    expect(scheduler.state('a').pausedForMs).toBe(30_000);
  });

  it('gives up waiting when the caller aborts', async () => {
    const clock = fakeTime();
    const scheduler = createScheduler({ ratePerMinute: 1, now: clock.now, setTimer: clock.setTimer });
    await scheduler.acquire('k', 'click');
    const controller = new AbortController();
    const waiting = scheduler.acquire('k', 'click', controller.signal);
    controller.abort(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    expect(scheduler.state('k').waiting).toBe(0);
  });
});

describe('a hostile Retry-After', () => {
  it('pauses the key an hour at most, arms one timer (never past what setTimeout keeps), and says what was asked', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    try {
      const armed = vi.spyOn(globalThis, 'setTimeout');
      const scheduler = createScheduler({ ratePerMinute: 300 });
      await scheduler.acquire('k', 'click');
      const asked = Date.parse('Fri, 31 Dec 9999 23:59:59 GMT');
      // What the client hands it for `Retry-After: Fri, 31 Dec 9999 …` (lib/api/errors.ts retryAfterOf).
      const { retryAfterSeconds, waitUntil } = retryAfterOf('Fri, 31 Dec 9999 23:59:59 GMT', Date.now());
      expect(retryAfterSeconds).toBe(RETRY_AFTER_MAX_SECONDS);
      expect(waitUntil).toBe(asked);
      scheduler.rateLimited('k', retryAfterSeconds, waitUntil);
      // Even asked raw (seconds past 2³¹ ms), it waits an hour at most.
      scheduler.rateLimited('k', (asked - Date.now()) / 1000, waitUntil);
      expect(scheduler.state('k')).toMatchObject({
        pausedForMs: RETRY_AFTER_MAX_SECONDS * 1000,
        askedToWaitUntil: asked,
      });

      armed.mockClear();
      let granted = false;
      void scheduler.acquire('k', 'batch').then(() => {
        granted = true;
      });
      await vi.advanceTimersByTimeAsync(500);
      expect(armed).toHaveBeenCalledTimes(1);
      for (const [, ms] of armed.mock.calls) expect(ms).toBeLessThanOrEqual(2 ** 31 - 1);
      expect(granted).toBe(false);

      await vi.advanceTimersByTimeAsync(RETRY_AFTER_MAX_SECONDS * 1000);
      expect(granted).toBe(true);
      expect(armed.mock.calls.length).toBeLessThanOrEqual(2);
      // The pause is over: nothing more is said of what the service asked.
      expect(scheduler.state('k').askedToWaitUntil).toBeUndefined();
      scheduler.dispose();
    } finally {
      // The spy first: it wraps the fake setTimeout, and restored after the real timers it would
      // put the fake one back on globalThis.
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });
});
