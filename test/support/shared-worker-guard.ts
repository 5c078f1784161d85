/**
 * The node project's files, and the hub's, share their worker (vitest.config.ts and
 * vitest.hub.config.ts, `isolate: false`): what one file changes on the process's globals, the
 * next file in that worker inherits. This fails the file that leaves the timers fake or
 * `setTimeout` replaced (a spy restored after `vi.useRealTimers()` puts the fake one back), rather
 * than the unrelated file after it, which would hang.
 */
import { afterAll, expect, vi } from 'vitest';

const kept = globalThis as typeof globalThis & { __realSetTimeout?: typeof setTimeout };
kept.__realSetTimeout ??= setTimeout;

afterAll(() => {
  expect(vi.isFakeTimers(), 'this file left the timers fake').toBe(false);
  expect(globalThis.setTimeout === kept.__realSetTimeout, 'this file left setTimeout replaced').toBe(true);
});
