// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../sandbox/ratelimit';

describe("RateLimiter: the provider's rate over a 5-minute window", () => {
  it('admits 5 × perMinute requests in any 5 minutes, then says when the oldest leaves the window', () => {
    let now = 0;
    const limiter = new RateLimiter(2, () => now);
    // A new account at 2 a minute: a burst of 10, then 429.
    expect(limiter.admit('k')).toEqual({ allowed: true });
    now = 60_000;
    for (let i = 0; i < 9; i++) expect(limiter.admit('k')).toEqual({ allowed: true });
    expect(limiter.admit('k')).toEqual({ allowed: false, retryAfterSeconds: 240 });
    now = 299_999;
    expect(limiter.admit('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 300_000;
    expect(limiter.admit('k')).toEqual({ allowed: true });
    expect(limiter.admit('k')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('counts each key on its own, and forgets everything on reset', () => {
    const limiter = new RateLimiter(1, () => 0);
    for (let i = 0; i < 5; i++) expect(limiter.admit('a').allowed).toBe(true);
    expect(limiter.admit('b').allowed).toBe(true);
    expect(limiter.admit('a').allowed).toBe(false);
    limiter.reset();
    expect(limiter.admit('a').allowed).toBe(true);
  });

  it('keeps an exact window over many requests', () => {
    let now = 0;
    const limiter = new RateLimiter(1_000, () => now);
    for (let i = 0; i < 5_000; i++) {
      now = i * 10;
      expect(limiter.admit('k').allowed).toBe(true);
    }
    now = 60_000;
    expect(limiter.admit('k').allowed).toBe(false);
    now = 300_000;
    // The request at t=0 has left the window; one slot is free.
    expect(limiter.admit('k').allowed).toBe(true);
    expect(limiter.admit('k').allowed).toBe(false);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => new RateLimiter(0)).toThrow();
    expect(() => new RateLimiter(2.5)).toThrow();
  });
});
