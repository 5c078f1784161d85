// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './ratelimit';

describe('RateLimiter', () => {
  it('admits perMinute requests in any minute, then says when the oldest leaves the window', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    expect(limiter.admit('k')).toEqual({ allowed: true });
    now = 10_000;
    expect(limiter.admit('k')).toEqual({ allowed: true });
    expect(limiter.admit('k')).toEqual({ allowed: true });
    expect(limiter.admit('k')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    now = 59_999;
    expect(limiter.admit('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 60_000;
    expect(limiter.admit('k')).toEqual({ allowed: true });
    expect(limiter.admit('k')).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('counts each key on its own, and forgets everything on reset', () => {
    const limiter = new RateLimiter(1, () => 0);
    expect(limiter.admit('a').allowed).toBe(true);
    expect(limiter.admit('b').allowed).toBe(true);
    expect(limiter.admit('a').allowed).toBe(false);
    limiter.reset();
    expect(limiter.admit('a').allowed).toBe(true);
  });

  it('keeps an exact window over many requests', () => {
    let now = 0;
    const limiter = new RateLimiter(5_000, () => now);
    for (let i = 0; i < 5_000; i++) {
      now = i * 10;
      expect(limiter.admit('k').allowed).toBe(true);
    }
    now = 50_000;
    expect(limiter.admit('k').allowed).toBe(false);
    now = 60_000;
    // The request at t=0 has left the window; one slot is free.
    expect(limiter.admit('k').allowed).toBe(true);
    expect(limiter.admit('k').allowed).toBe(false);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => new RateLimiter(0)).toThrow();
    expect(() => new RateLimiter(2.5)).toThrow();
  });
});
