/** The storage layer: the embedded database's folder is one process's at a time; schema versions. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { againWhenRolledBack, databaseAway, openPglite } from '../../hub/db';
import { migrate } from '../../hub/migrations';
import { emptyPgliteFolder, testDatabase } from '../support/hub-testing';

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

describe('a statement the server rolled back for another', () => {
  const sent = (code: string) => Object.assign(new pg.DatabaseError('from the server', 0, 'error'), { code });

  it('is run again on a deadlock or a serialization conflict, up to three times, and on nothing else', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const answer = await againWhenRolledBack(async () => {
        runs += 1;
        if (runs < 3) throw sent(code);
        return 'done';
      });
      expect([answer, runs]).toEqual(['done', 3]);
      runs = 0;
      await expect(
        againWhenRolledBack(async () => {
          runs += 1;
          throw sent(code);
        }),
      ).rejects.toMatchObject({ code });
      expect(runs).toBe(3);
    }
    for (const code of ['23505', '57P01', 'P0001']) {
      let runs = 0;
      await expect(
        againWhenRolledBack(async () => {
          runs += 1;
          throw sent(code);
        }),
      ).rejects.toMatchObject({ code });
      expect(runs).toBe(1);
    }
  });

  // A real deadlock: a transaction holds row 1; a statement of its own locks row 2 and waits for row
  // 1; the transaction then asks for row 2. The statement waited first, so its check finds the cycle
  // (after deadlock_timeout, 1 s) and it is the one rolled back: it runs again once the transaction
  // has committed, and both are kept.
  it.skipIf(!process.env.HUB_DATABASE_URL)(
    'runs again, on PostgreSQL, the statement chosen to break a deadlock',
    async () => {
      const database = await testDatabase();
      try {
        const db = await database.open();
        await db.query('CREATE TABLE rows_locked (id int PRIMARY KEY, touched int NOT NULL DEFAULT 0)');
        await db.query('INSERT INTO rows_locked (id) VALUES (1), (2)');
        let statementStarted!: () => void;
        const started = new Promise<void>((resolve) => {
          statementStarted = resolve;
        });
        const transaction = db.transaction(async (tx) => {
          await tx.query('UPDATE rows_locked SET touched = touched + 1 WHERE id = 1');
          statementStarted();
          // Long enough that the statement is waiting for row 1 before this asks for row 2.
          await new Promise((wake) => setTimeout(wake, 300));
          await tx.query('UPDATE rows_locked SET touched = touched + 1 WHERE id = 2');
        });
        await started;
        const statement = db.query(
          `WITH second AS (UPDATE rows_locked SET touched = touched + 10 WHERE id = 2 RETURNING 1)
         UPDATE rows_locked SET touched = touched + 10 WHERE id = 1 AND (SELECT count(*) FROM second) = 1`,
        );
        await Promise.all([transaction, statement]);
        const rows = await db.query<{ id: number; touched: number }>(
          'SELECT id, touched FROM rows_locked ORDER BY id',
        );
        expect(rows).toEqual([
          { id: 1, touched: 11 },
          { id: 2, touched: 11 },
        ]);
      } finally {
        await database.drop();
      }
    },
  );
});
