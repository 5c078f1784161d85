// @vitest-environment node
/**
 * The register of what names a person (lib/background/db-register.ts PERSONAL_DATA, lib/settings.ts
 * STORAGE_REGISTER): every store, index and storage key the extension keeps is in it, so a new one
 * cannot hold data about others without saying how it is forgotten; and what it promises holds for
 * a watched person, the newest kind of record: after forget and Clear history no store, key or
 * index names them, and after the retention period only the watch itself does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { type IDBPDatabase, openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  closeDbForTests,
  DB_NAME,
  type EnrichmentDb,
  MIGRATIONS,
  openDb,
} from '../../../../lib/background/db';

import { PERSONAL_DATA } from '../../../../lib/background/db-register';
import { clearHistory, forgetSubject } from '../../../../lib/background/forget';
import { expireOld } from '../../../../lib/background/retention';
import { DAY_MS } from '../../../../lib/background/watch/periods';
import { createWatch } from '../../../../lib/background/watch/watch';
import type { WatchTarget } from '../../../../lib/protocol';
import { type Settings, STORAGE_REGISTER, storageRegistration } from '../../../../lib/settings';
import type { Sandbox } from '../../../../sandbox/app';
import {
  SANDBOX_SETTINGS,
  stoppableService,
  unitDataset,
  unitSandbox,
} from '../../../support/sandbox-service';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeDbForTests();
});

/** What an opened database holds that the register does not declare: stores, and indexes as `store.index`. */
function unregistered(db: IDBPDatabase<unknown>): string[] {
  const register = PERSONAL_DATA as Record<string, { names: { indexes: Record<string, boolean> } }>;
  const missing: string[] = [];
  const tx = db.transaction([...db.objectStoreNames], 'readonly');
  for (const name of db.objectStoreNames) {
    const entry = register[name];
    if (!entry) {
      missing.push(name);
      continue;
    }
    for (const index of tx.objectStore(name).indexNames)
      if (!(index in entry.names.indexes)) missing.push(`${name}.${index}`);
  }
  return missing;
}

describe('the register of what names a person', () => {
  it('declares every store and index of the database at its latest version, and nothing else', async () => {
    const db = await openDb();
    expect(unregistered(db as unknown as IDBPDatabase<unknown>)).toEqual([]);
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual([...db.objectStoreNames].sort());
  });

  it('finds a store or an index added without an entry', async () => {
    const added = await openDB(DB_NAME, MIGRATIONS.length + 1, {
      upgrade(db, oldVersion, _newVersion, tx) {
        for (let step = oldVersion; step < MIGRATIONS.length; step++)
          MIGRATIONS[step]!(db as unknown as IDBPDatabase<EnrichmentDb>, tx as never);
        db.createObjectStore('notes', { keyPath: 'id' });
        tx.objectStore('cache').createIndex('byUrl', 'url');
      },
    });
    expect(unregistered(added)).toEqual(['cache.byUrl', 'notes']);
    added.close();
  });

  it('declares every storage key the code uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(['lib', 'entrypoints', 'hooks', 'components'])) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /['"`]((?:local|session|sync|managed):[\w:$]*)/g,
      ))
        used.add(match[1]!.replace(/\$.*$/, ''));
    }
    // `session:${key}` over a snapshot's keys names the area, not a key.
    for (const area of ['local:', 'session:']) used.delete(area);
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((key) => storageRegistration(key) === undefined)).toEqual([]);
    // One made per tab is found by its start; a key nobody declared is not.
    expect(storageRegistration('session:findings:12')?.names).toBe(true);
    expect(storageRegistration('session:notes')).toBeUndefined();
    expect(STORAGE_REGISTER.filter((entry) => entry.names).length).toBeGreaterThan(0);
  });
});

function sourceFiles(folders: string[]): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else if (/\.tsx?$/.test(name)) files.push(child);
    }
  };
  for (const folder of folders) walk(folder);
  return files;
}

describe('a watched person, forgotten', () => {
  const NOW = new Date('2026-11-27T00:00:00Z');
  const dataset = unitDataset(NOW);
  const person = (index: number): WatchTarget => ({ kind: 'person', url: dataset.people[index]!.url });
  let sandbox: Sandbox;
  let daysAhead = 0;
  const stoppers: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stoppers.splice(0)) stop();
  });

  /** Two watch lists that share a person, run in one period and again in the next. */
  async function watchedTwice() {
    sandbox = unitSandbox({ now: () => NOW, keys: [{ key: 'demo', credits: 10_000, plan: 'standard' }] });
    daysAhead = 0;
    const settings: Settings = { ...SANDBOX_SETTINGS };
    const { service, stop } = stoppableService(
      sandbox,
      { settleAfterMs: 400, ratePerMinute: 60_000 },
      settings,
    );
    stoppers.push(stop);
    const watch = createWatch({
      db: openDb,
      service,
      now: () => Date.now() + daysAhead * DAY_MS,
      onChanges: () => {},
      settlePollMs: 50,
    });
    const create = async (name: string, targets: WatchTarget[]) => {
      const result = await watch.create({
        startId: crypto.randomUUID(),
        name,
        targets,
        periodDays: 30,
        freshness: 'if-recent',
        cap: null,
      });
      if (result.status !== 'started') throw new Error(JSON.stringify(result));
      await watch.settled(result.list.id);
      return result.list.id;
    };
    const lists = [
      await create('Champions', [person(1), person(2)]),
      await create('Board', [person(1), person(3)]),
    ];
    await sandbox.app.request('/__sandbox/advance', { method: 'POST', body: JSON.stringify({ days: 30 }) });
    daysAhead = 30;
    await watch.checkDue();
    for (const id of lists) await watch.settled(id);
    const { url, profile } = dataset.people[1]!;
    return { url, name: profile.full_name as string, slug: url.replace(/\/$/, '').split('/').pop()! };
  }

  /** Every store whose records, keys or index keys name any of `identifiers`. */
  async function storesNaming(identifiers: string[]): Promise<string[]> {
    const db = await openDb();
    const naming: string[] = [];
    for (const store of db.objectStoreNames) {
      const text = JSON.stringify([await db.getAll(store), await db.getAllKeys(store)]).toLowerCase();
      if (identifiers.some((identifier) => text.includes(identifier.toLowerCase()))) naming.push(store);
    }
    return naming;
  }

  it('leaves nothing that names them after forget, and nothing after Clear history', async () => {
    const { url, name, slug } = await watchedTwice();
    expect(await storesNaming([url])).toEqual(expect.arrayContaining(['cache', 'jobs', 'watchMembers']));

    await forgetSubject(await openDb(), url);
    expect(await storesNaming([url, slug, name])).toEqual([]);
    await clearHistory(await openDb());
    expect(await storesNaming([url, slug, name])).toEqual([]);
  });

  it('after the retention period, names them only as a member of the watch itself', async () => {
    const { url, name, slug } = await watchedTwice();
    await expireOld(await openDb(), { now: Date.now() + 120 * DAY_MS, retentionDays: 90 });
    expect(await storesNaming([url, slug, name])).toEqual(['watchMembers']);
    const members = (await (await openDb()).getAll('watchMembers')).filter((member) => member.url === url);
    expect(members).toHaveLength(2);
    expect(members.every((member) => member.kept === undefined && member.enriched === undefined)).toBe(true);
  });
});
