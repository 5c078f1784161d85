/**
 * The end-to-end tests' clock hook (hub/test-clock.ts): with HUB_TEST_CLOCK=1 a test moves a hub
 * process's clock and its team watch's due check runs at once, answering whom it asked; without it
 * the route does not exist and nothing about the hub changes; any other value stops the start.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHub } from '../../hub/app';
import { serverConfig } from '../../hub/config';
import { addMember } from '../../hub/members';
import { setWatchBudget } from '../../hub/team-watch';
import { TEST_CLOCK_PATH } from '../../hub/test-clock';
import { hubTestBed } from '../support/hub-testing';

const bed = hubTestBed();
let clock: number;

const hubWith = (testClock: boolean) =>
  createHub({
    db: bed.db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: bed.service.fetch,
    now: () => new Date(clock),
    testClock,
  });

async function post(hub: Awaited<ReturnType<typeof hubWith>>, path: string, body: unknown, token = '') {
  const response = await hub.app.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeEach(() => {
  clock = Date.parse('2026-11-29T12:00:00Z');
});

describe('the tests’ clock hook', () => {
  it('moves the process’s clock and runs the due check at once, answering how many it asked', async () => {
    const hub = await hubWith(true);
    const { token } = await addMember(bed.db, 'ada', { daily: 100 });
    await setWatchBudget(bed.db, 1_000);
    const people = bed.service.sandbox.queries.dataset.people.slice(0, 3).map((person) => person.url);
    expect(
      (await post(hub, '/hub/v1/watch/lists', { name: 'Accounts', period_days: 30, people }, token)).status,
    ).toBe(201);

    // New people are due at once: 0 days is the due check alone.
    expect(await post(hub, TEST_CLOCK_PATH, { days: 0 })).toEqual({
      status: 200,
      body: { days_ahead: 0, now: '2026-11-29T12:00:00.000Z', asked: 3 },
    });
    expect(await post(hub, TEST_CLOCK_PATH, { days: 29 })).toMatchObject({
      status: 200,
      body: { days_ahead: 29, now: '2026-12-28T12:00:00.000Z', asked: 0 },
    });
    expect(await post(hub, TEST_CLOCK_PATH, { days: 1 })).toMatchObject({
      body: { days_ahead: 30, asked: 3 },
    });
    expect(bed.service.requests()).toHaveLength(6);
    // The members' routes read the moved clock too.
    const lists = await hub.app.request('/hub/v1/watch/lists', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { lists: states } = (await lists.json()) as { lists: Array<{ next_due_at: string }> };
    expect(Date.parse(states[0]!.next_due_at)).toBeGreaterThan(clock + 59 * 86_400_000);
  });

  it('refuses days that are not a whole number from 0 to 3650, moving nothing', async () => {
    const hub = await hubWith(true);
    for (const body of [{ days: -1 }, { days: 1.5 }, { days: '30' }, {}, [30], { days: 3651 }]) {
      const answer = await post(hub, TEST_CLOCK_PATH, body);
      expect(answer.status).toBe(400);
      expect(String(answer.body.error)).toMatch(/whole number from 0 to 3650/);
    }
    expect((await post(hub, TEST_CLOCK_PATH, { days: 0 })).body).toMatchObject({ days_ahead: 0 });
  });

  it('is absent without HUB_TEST_CLOCK: the route answers 404 and the clock is the hub’s own', async () => {
    const hub = await hubWith(false);
    const answer = await post(hub, TEST_CLOCK_PATH, { days: 30 });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 404 });
  });

  it('is on only for HUB_TEST_CLOCK=1; any other value stops the start with what to set', () => {
    const base = { HUB_PROVIDER_URL: 'http://service.test', HUB_PROVIDER_KEY: 'k' };
    expect(serverConfig(base).testClock).toBe(false);
    expect(serverConfig({ ...base, HUB_TEST_CLOCK: '' }).testClock).toBe(false);
    expect(serverConfig({ ...base, HUB_TEST_CLOCK: '1' }).testClock).toBe(true);
    for (const value of ['yes', 'true', '0'])
      expect(() => serverConfig({ ...base, HUB_TEST_CLOCK: value })).toThrow(
        `HUB_TEST_CLOCK is for the end-to-end tests only: set it to 1 or leave it unset, not "${value}"`,
      );
  });
});
