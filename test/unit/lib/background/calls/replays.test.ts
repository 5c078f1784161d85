// @vitest-environment node
/**
 * lib/background/calls/replays.ts through the service, its one caller, against the sandbox app and a fake
 * IndexedDB: a request id already journaled is answered from its record and never paid twice.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCache } from '../../../../../lib/background/cache';
import { closeDbForTests, openDb } from '../../../../../lib/background/db';
import type { RunRequest } from '../../../../../lib/protocol';
import type { Sandbox } from '../../../../../sandbox/app';
import { parseKeyFaults } from '../../../../../sandbox/faults';
import { parseKeys } from '../../../../../sandbox/keys';
import { sandboxService, unitDataset, unitSandbox } from '../../../../support/sandbox-service';

const dataset = unitDataset();
const personUrl = dataset.people[3]!.url;

let sandbox: Sandbox;
let service: ReturnType<typeof sandboxService>;

const run = (requestId: string, extra: Partial<RunRequest> = {}): RunRequest => ({
  requestId,
  endpointId: 'person.profile',
  params: { profile_url: personUrl },
  policy: 'refresh',
  ...extra,
});
const sent = () => sandbox.state.requests.list().filter((r) => r.path === '/api/v2/profile');

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
  service = sandboxService(sandbox);
});
afterEach(async () => {
  service.dispose();
  await closeDbForTests();
});

describe('a request id asked again', () => {
  it('answered before: the same answer from its record, at what it cost, nothing sent again', async () => {
    const first = await service.run(run('req-replay-1'));
    const again = await service.run(run('req-replay-1'));
    expect(again).toMatchObject({ status: 'answer', credits: 2 });
    expect(again.status === 'answer' && first.status === 'answer' && again.data).toEqual(
      first.status === 'answer' && first.data,
    );
    expect(sent()).toHaveLength(1);
    expect((await service.account()).today).toBe(2);
  });

  it('answered before, its answer no longer kept: says so, and is never sent again under its id', async () => {
    await service.run(run('req-replay-2'));
    await clearCache(await openDb());
    const again = await service.run(run('req-replay-2'));
    expect(again).toMatchObject({ status: 'answer-gone', credits: 2, quote: { min: 2, max: 2 } });
    expect(sent()).toHaveLength(1);
  });

  it('joined an identical call: follows that call’s record, nothing sent again', async () => {
    await Promise.all([service.run(run('req-replay-3')), service.run(run('req-replay-4'))]);
    expect(await service.run(run('req-replay-4'))).toMatchObject({ status: 'answer' });
    expect(sent()).toHaveLength(1);
  });

  it('failed before: replayed as it failed when the page only shows it, sent again when asked again', async () => {
    service.dispose();
    sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard'), keyFaults: parseKeyFaults('demo=500') });
    service = sandboxService(sandbox);
    expect(await service.run(run('req-replay-5'))).toMatchObject({
      status: 'error',
      error: { kind: 'server' },
    });

    service.dispose();
    sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
    service = sandboxService(sandbox);
    const shown = await service.run(run('req-replay-5', { replay: true }));
    expect(shown).toMatchObject({ status: 'error', error: { kind: 'server' } });
    expect(sent()).toHaveLength(0);
    expect(await service.run(run('req-replay-5'))).toMatchObject({ status: 'answer', credits: 2 });
    expect(sent()).toHaveLength(1);
  });
});
