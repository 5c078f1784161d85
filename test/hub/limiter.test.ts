/**
 * The account's one rate limit, shared through the database by two limiters (two hub processes):
 * calls spaced by the rate, clicks before batch rows, members served in turn.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../hub/db';
import { AccountLimiter, type Priority } from '../../hub/limiter';
import { migrate } from '../../hub/migrations';
import { sleep } from '../../lib/sleep';
import { type TestDatabase, testDatabase } from '../support/hub-testing';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await testDatabase();
  db = await database.open();
  await migrate(db);
}, 120_000);
afterAll(async () => database.drop());
beforeEach(async () => database.clear(db));

describe('the account limiter', () => {
  it('spaces calls from two hubs by the rate, gives clicks first and serves members in turn', async () => {
    const one = new AccountLimiter(db, 300);
    const otherDb = await database.open();
    // Connected before the test: the order of the asks is the order they reach the database.
    await otherDb.query('SELECT 1');
    const two = new AccountLimiter(otherDb, 300);
    await one.init();
    // The account is paused (as after a 429) while everyone queues, so the order is the queue's alone.
    await db.query('UPDATE limiter SET blocked_until = extract(epoch FROM clock_timestamp()) * 1000 + 2500');
    const granted: { who: string; at: number }[] = [];
    const ask = (limiter: AccountLimiter, member: number, priority: Priority, who: string) =>
      limiter.acquire(member, priority).then((at) => granted.push({ who, at }));
    const asks: [number, Priority, string][] = [
      ...[1, 2, 3, 4, 5, 6].map((n): [number, Priority, string] => [1, 'batch', `a${n}`]),
      [2, 'batch', 'b1'],
      [2, 'batch', 'b2'],
      [3, 'click', 'c1'],
    ];
    const waits: Promise<unknown>[] = [];
    for (const [index, [member, priority, who]] of asks.entries()) {
      waits.push(ask(index % 2 ? one : two, member, priority, who));
      // Each ask is waiting in the queue before the next is made.
      while (
        Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM limiter_waiting'))[0]?.n) <= index
      )
        await sleep(5);
    }
    await Promise.all(waits);
    granted.sort((a, b) => a.at - b.at);

    const order = granted.map((grant) => grant.who);
    // The click first; then member 2 is not made to wait behind member 1's whole list.
    expect(order).toEqual(['c1', 'a1', 'b1', 'a2', 'b2', 'a3', 'a4', 'a5', 'a6']);
    const gaps = granted.slice(1).map((grant, index) => grant.at - (granted[index]?.at ?? 0));
    // Slots by the database's clock: never closer than the interval, whichever process took them.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(199.99);
    // Slots are not lost while requests wait: 9 calls in about 8 intervals (the bound leaves room
    // for a loaded 2-core machine, where a transaction can take tens of milliseconds).
    expect((granted.at(-1)?.at ?? 0) - (granted[0]?.at ?? 0)).toBeLessThan(8 * 200 * 1.6);
  });

  it('learns from a 429: nothing before its Retry-After, then wider spacing', async () => {
    const limiter = new AccountLimiter(db, 600);
    await limiter.init();
    await limiter.acquire(1, 'click');
    await limiter.learnFrom429(1);
    const started = performance.now();
    await limiter.acquire(1, 'click');
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    const [row] = await db.query<{ interval_ms: number }>('SELECT interval_ms FROM limiter');
    expect(Number(row?.interval_ms)).toBe(125);
  });
});
