// @vitest-environment node
/**
 * The balance a page shows: the last reading from the service less what was recorded since. A run
 * answers it with today's totals, so a page follows a paid click without asking the account again.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDbForTests } from '../../../../lib/background/db';
import type { RunRequest } from '../../../../lib/protocol';
import type { Sandbox } from '../../../../sandbox/app';
import { parseKeys } from '../../../../sandbox/keys';
import { sandboxService, unitDataset, unitSandbox } from '../../../support/sandbox-service';

const dataset = unitDataset();

let sandbox: Sandbox;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
});
afterEach(closeDbForTests);

function profileRun(requestId: string, personIndex: number): RunRequest {
  return {
    requestId,
    endpointId: 'person.profile',
    params: { profile_url: dataset.people[personIndex]!.url },
    policy: 'cache-first',
  };
}

describe("a run's totals", () => {
  it('carry the balance less what was spent since it was read, as the account says it', async () => {
    const service = sandboxService(sandbox);
    // Opening a page reads the balance once.
    expect((await service.account()).balance).toBe(1000);

    const first = await service.run(profileRun('req-balance-1', 1));
    expect(first).toMatchObject({ status: 'answer', credits: 2, totals: { today: 2, balance: 998 } });
    const second = await service.run(profileRun('req-balance-2', 2));
    expect(second).toMatchObject({ status: 'answer', credits: 2, totals: { today: 4, balance: 996 } });
    // Served from the cache: nothing spent, the same totals.
    const cached = await service.run(profileRun('req-balance-3', 2));
    expect(cached).toMatchObject({ status: 'answer', credits: 0, totals: { today: 4, balance: 996 } });

    expect(sandbox.state.accounts.get('demo')!.balance).toBe(996);
    expect((await service.account()).balance).toBe(996);
  });
});
