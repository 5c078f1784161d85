/**
 * Balance readings as references for what follows (lib/background/calls/checkpoints.ts): a reading is stamped with
 * the journal's position when it was asked for, so that a call leaving while the reading is under
 * way never takes it as its reference. Otherwise a later lost call is attributed that call's charge
 * too (seen in the drift test: a ledger 2 credits over the service's).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckpoints } from '../../../../../lib/background/calls/checkpoints';
import { journalDeparture } from '../../../../../lib/background/calls/journal';
import { type CallRecord, closeDbForTests, openDb } from '../../../../../lib/background/db';
import { DEFAULT_SETTINGS } from '../../../../../lib/settings';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(closeDbForTests);

function checkpointsWith(fetchBalance: () => Promise<number | null>) {
  return createCheckpoints({
    db: openDb,
    settings: async () => DEFAULT_SETTINGS,
    fetchBalance,
    inFlight: () => 0,
    inTurn: (step) => step(),
    quoteOf: () => ({ min: 2, max: 2 }),
    onResumable: () => {},
    now: () => 1_000,
    settleAfterMs: 0,
    isConfigured: () => true,
  });
}

const call = (id: string): CallRecord =>
  ({
    id,
    endpointId: 'person.profile',
    params: {},
    status: 'pending',
    createdAt: 1,
    updatedAt: 1,
  }) as CallRecord;

describe('a reading as the reference of the next call', () => {
  it('is current when no call left since it was asked for', async () => {
    const checkpoints = checkpointsWith(async () => 100_000);
    const db = await openDb();
    await checkpoints.readBalance(DEFAULT_SETTINGS);
    expect(await checkpoints.readingStillCurrent(db)).toBe(100_000);
    await journalDeparture(db, call('a'), { balance: 100_000, clean: true }, 2);
    expect(await checkpoints.readingStillCurrent(db)).toBeUndefined();
  });

  it('is not current when a call left while it was under way', async () => {
    let answer: (balance: number) => void = () => {};
    let asked: () => void = () => {};
    const balanceAsked = new Promise<void>((resolve) => (asked = resolve));
    const checkpoints = checkpointsWith(
      () =>
        new Promise((resolve) => {
          answer = resolve;
          asked();
        }),
    );
    const db = await openDb();
    const reading = checkpoints.readBalance(DEFAULT_SETTINGS);
    await balanceAsked;
    // A call leaves (and is charged) while the service is still answering the balance.
    await journalDeparture(db, call('a'), { balance: undefined, clean: false }, 2);
    answer(100_000);
    expect(await reading).toBe(100_000);
    expect(await checkpoints.readingStillCurrent(db)).toBeUndefined();
  });
});
