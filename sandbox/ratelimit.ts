/**
 * Per-key rate limiting as the provider does it: `perMinute` requests a minute averaged over a
 * sliding 5-minute window, i.e. at most 5 × perMinute in any 5 minutes (so a key may burst: 1,500
 * at once at 300 a minute; a new account at 2 a minute gets 10). Over the limit the answer is 429
 * with `Retry-After`: the seconds until the oldest request of the window leaves it, i.e. the
 * earliest moment a retry can succeed.
 */

const WINDOW_MINUTES = 5;
const WINDOW_MS = WINDOW_MINUTES * 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The times (ms) of a key's admitted requests; `head` skips those that have left the window. */
interface Window {
  times: number[];
  head: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly perMinute: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    if (!Number.isInteger(perMinute) || perMinute < 1) {
      throw new Error(
        `The rate limit must be a positive whole number of requests per minute, not ${perMinute}`,
      );
    }
  }

  /** Admits the request (and counts it) or tells how long to wait. Refused requests do not count. */
  admit(key: string): RateDecision {
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window) {
      window = { times: [], head: 0 };
      this.windows.set(key, window);
    }
    while (window.head < window.times.length && window.times[window.head]! <= now - WINDOW_MS)
      window.head += 1;
    // Drop the expired prefix now and then rather than shifting on every request (a load test
    // with a high limit keeps tens of thousands of times in the window).
    if (window.head > 1024 && window.head * 2 > window.times.length) {
      window.times = window.times.slice(window.head);
      window.head = 0;
    }
    if (window.times.length - window.head >= this.perMinute * WINDOW_MINUTES) {
      const retryAfterMs = window.times[window.head]! + WINDOW_MS - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    window.times.push(now);
    return { allowed: true };
  }

  reset(): void {
    this.windows.clear();
  }
}
