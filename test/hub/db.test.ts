/** The storage layer: the embedded database's folder is one process's at a time; schema versions. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseAway, openPglite } from '../../hub/db';
import { migrate } from '../../hub/migrations';
import { emptyPgliteFolder } from '../support/hub-testing';

const root = mkdtempSync(join(tmpdir(), 'hub-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// PGlite's own behaviour: run with the embedded database only, not again under with-postgres.sh.
describe.skipIf(process.env.HUB_DATABASE_URL)('the embedded database', () => {
  it('keeps its data in its folder, migrates once, and is refused to a second opener while open', async () => {
    const folder = join(root, 'data');
    const db = await openPglite(folder);
    expect(await migrate(db)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await db.query(
      "INSERT INTO do_not_enrich (key, kind, text) VALUES ('domain:acme.com', 'domain', 'acme.com')",
    );
    await expect(openPglite(folder)).rejects.toThrow(/is open in process \d+ .*HUB_DATABASE_URL/);
    await db.close();

    const again = await openPglite(folder);
    expect(await migrate(again)).toEqual([]);
    expect(await again.query('SELECT text FROM do_not_enrich')).toEqual([{ text: 'acme.com' }]);
    await again.close();
  }, 120_000);

  it('takes over the lock of a process that died', async () => {
    const folder = join(root, 'orphan');
    // A process id no process has (above the kernel's maximum).
    await emptyPgliteFolder(folder); // a database there already (made without initdb's seconds)
    writeFileSync(`${folder}.lock`, '999999999');
    const db = await openPglite(folder);
    await db.close();
  }, 120_000);
});

describe('a database that went away', () => {
  const sent = (code: string) => Object.assign(new pg.DatabaseError('from the server', 0, 'error'), { code });
  const system = (code: string) =>
    Object.assign(new Error(`write ${code}`), { code, errno: -32, syscall: 'write' });

  it('is told from the connection failing, whatever its error code looks like', () => {
    // EPIPE: a write to a socket the server dropped; its five capitals are not a SQLSTATE.
    for (const code of ['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT'])
      expect(databaseAway(system(code))).toBe(true);
    expect(databaseAway(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(databaseAway(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('is told from the server shutting down, and not from a statement the server refused', () => {
    for (const code of ['08006', '57P01', '57P03', '53300']) expect(databaseAway(sent(code))).toBe(true);
    for (const code of ['23505', '22003', 'P0001', '42P01']) expect(databaseAway(sent(code))).toBe(false);
  });
});
