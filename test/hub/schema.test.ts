/**
 * hub/schema.sql is the schema after the last migration: equal to the description of a database the
 * migrations made (so a migration added without `npm run hub:schema` fails here), and applying the
 * file to an empty database gives a database described the same (so the file is the schema, not
 * only text that looks like it). Describing both from the catalog (hub/schema.ts) compares what the
 * database holds, whatever way each statement was written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../hub/migrations';
import { describeSchema, SCHEMA_HEADER, statementsOf } from '../../hub/schema';
import { type TestDatabase, testDatabase } from '../support/hub-testing';

const SCHEMA_FILE = join(__dirname, '../../hub/schema.sql');

describe('hub/schema.sql', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });
  async function emptyDatabase() {
    const database = await testDatabase();
    databases.push(database);
    return database.open();
  }

  it('is the schema the migrations make (else: npm run hub:schema)', async () => {
    const migrated = await emptyDatabase();
    await migrate(migrated);
    const described = await describeSchema(migrated);
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'hub/schema.sql is out of date: npm run hub:schema').toBe(
      `${SCHEMA_HEADER}\n${described}`,
    );
    expect(described).toMatch(/CREATE TABLE members \(/);
    expect(described).toMatch(/CREATE OR REPLACE FUNCTION public\.hub_reserve\(/);
    expect(described).toMatch(/CREATE TRIGGER do_not_enrich_changed /);
  });

  it('applied to an empty database, makes the same schema', async () => {
    const applied = await emptyDatabase();
    for (const statement of statementsOf(readFileSync(SCHEMA_FILE, 'utf8'))) await applied.query(statement);
    expect(`${SCHEMA_HEADER}\n${await describeSchema(applied)}`).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
  });

  it('is cut into statements at the semicolons that end them, not those inside bodies or quotes', () => {
    expect(
      statementsOf(
        "-- a comment; not a statement\nCREATE FUNCTION f() RETURNS int AS $b$ BEGIN RETURN 1; END $b$;\nINSERT INTO t VALUES ('a;b');",
      ),
    ).toEqual([
      '-- a comment; not a statement\nCREATE FUNCTION f() RETURNS int AS $b$ BEGIN RETURN 1; END $b$',
      "INSERT INTO t VALUES ('a;b')",
    ]);
  });
});
