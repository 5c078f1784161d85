/** The admin commands, on a database of their own (PGlite, or PostgreSQL with HUB_DATABASE_URL). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../hub/admin';
import type { Db } from '../../hub/db';
import { memberByToken } from '../../hub/members';
import { migrate } from '../../hub/migrations';
import { listListed } from '../../hub/privacy';
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

describe('hub:admin', () => {
  it('adds a member and prints their token on the last line; the token works until they are removed', async () => {
    const lines = await runAdmin(db, ['add-member', 'ada', '--daily', '200']);
    const token = lines.at(-1) ?? '';
    expect(await memberByToken(db, token)).toMatchObject({ member: { name: 'ada' } });
    expect(await runAdmin(db, ['list-members'])).toEqual(['ada: 200 a day, 0 spent today']);
    expect(await runAdmin(db, ['set-budget', 'ada', '--monthly', '3000'])).toEqual([
      'ada: 200 a day, 3000 a month',
    ]);
    await runAdmin(db, ['remove-member', 'ada']);
    expect(await memberByToken(db, token)).toHaveProperty('refusal');
    expect(await runAdmin(db, ['list-members'])).toEqual(['No members yet.']);
  });

  it('refuses bad input with a clear error, changing nothing', async () => {
    await expect(runAdmin(db, ['add-member', 'ada'])).rejects.toThrow(UsageError);
    await expect(runAdmin(db, ['add-member', 'ada', '--daily', 'lots'])).rejects.toThrow(/whole number/);
    await expect(runAdmin(db, ['do-not-enrich', 'add', 'not a subject'])).rejects.toThrow(
      /not an email address/,
    );
    await expect(runAdmin(db, ['set-budget', 'nobody', '--daily', '3'])).rejects.toThrow(
      /No member is named/,
    );
    await expect(runAdmin(db, ['launch'])).rejects.toThrow(/unknown command/);
    expect(await runAdmin(db, ['list-members'])).toEqual(['No members yet.']);
    expect(await runAdmin(db, ['do-not-enrich', 'list'])).toEqual(['The do-not-enrich list is empty.']);
  });

  it('keeps the team do-not-enrich list and forgets subjects', async () => {
    await runAdmin(db, ['do-not-enrich', 'add', '@acme.com']);
    await runAdmin(db, ['do-not-enrich', 'add', 'https://www.linkedin.com/in/ada-lovelace/']);
    expect(await runAdmin(db, ['do-not-enrich', 'list'])).toEqual([
      'acme.com',
      'https://www.linkedin.com/in/ada-lovelace',
    ]);
    expect((await listListed(db)).map((entry) => entry.key)).toContain('domain:acme.com');
    expect(await runAdmin(db, ['do-not-enrich', 'remove', 'acme.com'])).toEqual(['Unlisted acme.com.']);
    const [forgot] = await runAdmin(db, ['forget', 'grace@acme.com']);
    expect(forgot).toMatch(/^Forgot grace@acme\.com: 0 answers removed.*number 1 for the browsers/);
    expect(await runAdmin(db, ['audit'])).toEqual(['Nothing in the audit matches.']);
  });
});
