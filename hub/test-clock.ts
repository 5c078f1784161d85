/**
 * TEST HOOK, for the end-to-end tests only; never on in production. With HUB_TEST_CLOCK=1
 * (config.ts) the hub process's clock (its `now`: the team watch's schedule, leases, budgets' month,
 * the cache's ages) can be moved forward by a test, as the sandbox's is (`POST /__sandbox/advance`):
 *
 *   POST /__hub-test/advance   {"days": N}   moves THIS process's clock N days on (0: not at all),
 *                                            then runs the team watch's due check now and answers
 *                                            once the work it claimed is done: {days_ahead, now, asked}
 *
 * A hub process is a process of its own, so a test moves each one. Without the variable the route
 * does not exist (404) and the hub's clock is the wall clock: nothing here runs.
 */
import type { Hono } from 'hono';
import type { TeamWatch } from './team-watch';

export const TEST_CLOCK_PATH = '/__hub-test/advance';
const DAY_MS = 86_400_000;
/** The longest single move (ten years), as the sandbox's. */
const MAX_DAYS = 3650;
const BODY_RULE = `the body must be JSON {"days": N}, N a whole number from 0 to ${MAX_DAYS}`;

/** A clock that runs with `base` and that a test moves forward a whole number of days at a time. */
export class TestClock {
  #daysAhead = 0;

  constructor(private readonly base: () => Date) {}

  get daysAhead(): number {
    return this.#daysAhead;
  }

  readonly now = (): Date => new Date(this.base().getTime() + this.#daysAhead * DAY_MS);

  advance(days: number): void {
    this.#daysAhead += days;
  }
}

/** The days of an advance's body, or why it is refused. */
function daysOf(body: unknown): number | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return BODY_RULE;
  const { days } = body as { days?: unknown };
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > MAX_DAYS)
    return `days must be a whole number from 0 to ${MAX_DAYS}, not ${JSON.stringify(days)}: ${BODY_RULE}`;
  return days;
}

export function testClockRoutes<E extends { Variables: object }>(
  app: Hono<E>,
  clock: TestClock,
  watch: TeamWatch,
): void {
  app.post(TEST_CLOCK_PATH, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = undefined;
    }
    const days = daysOf(body);
    if (typeof days === 'string') return c.json({ error: days }, 400);
    clock.advance(days);
    // A round begun before the move (the timer's) is joined and may have made its last claim on the
    // old clock: a second round, begun after it, claims on the moved clock.
    const asked = (await watch.checkDue()) + (await watch.checkDue());
    return c.json({ days_ahead: clock.daysAhead, now: clock.now().toISOString(), asked });
  });
}
