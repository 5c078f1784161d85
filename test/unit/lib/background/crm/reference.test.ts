// @vitest-environment node
/**
 * The CRM reference as kept: what its import says it read, that it is matched against, replaced and
 * cleared, and that it is data about others: forget removes a person's rows (also rows naming them
 * by what their stored answer says), the do-not-enrich list keeps its rows out (at the import and
 * when it is saved), "Clear history" clears it, the export of everything holds it, and the
 * retention period leaves it.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearReference,
  importReference,
  matchReference,
  referenceSummary,
} from '../../../../../lib/background/crm/reference';
import { CRM_REFERENCE_KEY, closeDbForTests, openDb } from '../../../../../lib/background/db';
import { replaceStoredList } from '../../../../../lib/background/do-not-enrich';
import { clearHistory, exportStored, forgetSubject } from '../../../../../lib/background/forget';
import { expireOld } from '../../../../../lib/background/retention';
import { registerPrivacyRoutes } from '../../../../../lib/background/routes/privacy';
import type { Handle } from '../../../../../lib/background/routes/router';
import { LISTED_REASON } from '../../../../../lib/crm/reference';
import { readList } from '../../../../../lib/pricing/do-not-enrich';
import type { CrmIdentity } from '../../../../../lib/protocol';

const NOW = Date.parse('2026-11-27T12:00:00Z');

const ada = { profileUrl: 'https://www.linkedin.com/in/ada-lovelace', fullName: 'Ada Lovelace' };
const grace = { email: 'grace@navy.mil', firstName: 'Grace', lastName: 'Hopper' };
const jose = { firstName: 'José', lastName: 'Núñez', companyDomain: 'acme.com' };
const rows: CrmIdentity[] = [
  ada,
  grace,
  jose,
  { fullName: 'Name Alone', companyName: 'Acme' },
  { fullName: 'Another Alone' },
  { profileUrl: 'https://example.com/not-a-profile' },
  { companyName: 'No Domain Inc' },
];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await clearReference(await openDb());
  await closeDbForTests();
});

async function imported(from: CrmIdentity[] = rows) {
  return importReference(
    await openDb(),
    { name: 'hubspot-contacts.csv', shape: 'hubspot-contacts', rows: from },
    NOW,
  );
}

async function matched(asked: CrmIdentity[]) {
  return (await matchReference(await openDb(), asked)).matches;
}

describe('the CRM reference', () => {
  it('says how many rows it read, how many give something to match on, and why the others do not', async () => {
    expect(await imported()).toEqual({
      name: 'hubspot-contacts.csv',
      shape: 'hubspot-contacts',
      importedAt: NOW,
      read: 7,
      usable: 3,
      unusable: [
        { reason: 'a name without a company domain', rows: 2 },
        { reason: 'a profile address we do not recognise', rows: 1 },
        { reason: 'nothing to match on', rows: 1 },
      ],
    });
    expect(await referenceSummary(await openDb())).toMatchObject({ read: 7, usable: 3 });
    // Only what identifies a row is kept, trimmed.
    const kept = await (await openDb()).get('crmReference', CRM_REFERENCE_KEY);
    expect(kept?.rows).toEqual([ada, grace, jose]);
  });

  it('answers which rows it holds, is replaced by the next import, and cleared', async () => {
    expect(await matchReference(await openDb(), [grace])).toEqual({ reference: false, matches: [null] });
    await imported();
    expect(
      await matched([
        { email: 'GRACE@navy.mil' },
        { fullName: 'Jose Nunez', companyDomain: 'www.acme.com' },
        {},
      ]),
    ).toEqual(['email', 'name', null]);
    await imported([{ email: 'someone@else.org' }]);
    expect(await matched([grace, { email: 'someone@else.org' }])).toEqual([null, 'email']);
    await clearReference(await openDb());
    expect(await referenceSummary(await openDb())).toBeNull();
    expect(await matchReference(await openDb(), [grace])).toEqual({ reference: false, matches: [null] });
  });

  it('loses a forgotten person’s rows, found by what is known about them', async () => {
    await imported();
    const db = await openDb();
    // Grace's stored answer says her profile; forgetting her by it finds her row by its address.
    await db.put('cache', {
      key: 'person.profile?grace',
      endpointId: 'person.profile',
      params: { profile_url: 'https://www.linkedin.com/in/grace-hopper' },
      data: { full_name: 'Grace Hopper', personal_emails: ['grace@navy.mil'] },
      fetchedAt: NOW,
      credits: 1,
      bytes: 100,
      lastAccess: NOW,
    });
    const { removed } = await forgetSubject(db, 'https://www.linkedin.com/in/grace-hopper');
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await matched([grace, ada, jose])).toEqual([null, 'profile', 'name']);
    await forgetSubject(db, 'linkedin.com/in/ada-lovelace');
    expect(await matched([ada, jose])).toEqual([null, 'name']);
    // The summary still says what the file held.
    expect(await referenceSummary(db)).toMatchObject({ read: 7, usable: 3 });
  });

  it('keeps out the rows the do-not-enrich list names: at the import, and when the list is saved', async () => {
    const db = await openDb();
    await replaceStoredList(db, readList('@navy.mil').entries);
    const summary = await imported();
    expect(summary.usable).toBe(2);
    expect(summary.unusable).toContainEqual({ reason: LISTED_REASON, rows: 1 });
    expect(await matched([grace])).toEqual([null]);

    // Saving the list through its route drops the rows it now names.
    const routes = new Map<string, (data: unknown) => Promise<unknown>>();
    const noting = ((type: string, handler: (data: unknown) => Promise<unknown>) =>
      routes.set(type, handler)) as unknown as Handle;
    registerPrivacyRoutes(noting, {
      openDb,
      getSettings: async () => ({}) as never,
      findingsStore: {} as never,
      watchBadge: { update: () => {} },
    });
    await routes.get('doNotEnrich.set')!({ text: 'linkedin.com/in/ada-lovelace\nacme.com' });
    expect(await matched([ada, jose])).toEqual([null, null]);
    expect((await db.get('crmReference', CRM_REFERENCE_KEY))?.rows).toEqual([]);
  });

  it('is cleared with the history, held in the export of everything, and left by the retention period', async () => {
    await imported();
    const db = await openDb();
    await expireOld(db, { now: NOW + 400 * 24 * 60 * 60 * 1000, retentionDays: 30 });
    expect(await matched([grace])).toEqual(['email']);
    const exported = await exportStored(db, {});
    expect(exported.crmReference).toMatchObject([{ summary: { read: 7 }, rows: [ada, grace, jose] }]);
    await clearHistory(db);
    expect(await referenceSummary(db)).toBeNull();
    expect(await matched([grace])).toEqual([null]);
  });
});
