/**
 * The team's CRM reference at the hub: imported by the admin (`hub:admin crm-import`, the admin
 * route) with the extension's shapes, mapping and limits, replaced whole by the next import, matched
 * only through a member's peek with the extension's rules, and cleared of a subject forgotten or
 * listed. In-process hub over the sandbox.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../hub/admin';
import { createHub, type Hub } from '../../hub/app';
import { crmReferenceSummary } from '../../hub/crm';
import type { Db } from '../../hub/db';
import { addMember } from '../../hub/members';
import { LISTED_REASON } from '../../lib/crm/reference';
import type { PeekAnswer } from '../../lib/pricing/team-peek';
import { hubTestBed } from '../support/hub-testing';

const ADMIN_TOKEN = 'admin-secret-for-tests';
const bed = hubTestBed();
let db: Db;
let hub: Hub;
let token: string;
beforeEach(async () => {
  ({ db } = bed);
  hub = await createHub({
    db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    adminToken: ADMIN_TOKEN,
    fetch: bed.service.fetch,
  });
  ({ token } = await addMember(db, 'ada', { daily: 100 }));
});

const folder = mkdtempSync(join(tmpdir(), 'hub-crm-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file as the admin has it, in the folder. */
function file(name: string, lines: string[]): string {
  const path = join(folder, name);
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return path;
}

/** A HubSpot contacts export: its Record ID column says which CRM wrote it. */
const HUBSPOT = 'Record ID,First Name,Last Name,Email,Company Domain Name,LinkedIn URL';

async function crmOf(rows: object[]): Promise<Array<PeekAnswer['crm']>> {
  const requests = rows.map((identity) => ({
    path: '/api/v2/profile',
    params: { profile_url: 'https://www.linkedin.com/in/someone-peeked' },
    identity,
  }));
  const response = await hub.app.request('/hub/v1/peek', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ requests }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { answers: PeekAnswer[] }).answers.map((answer) => answer.crm);
}

describe('crm-import', () => {
  it('keeps what identifies the usable rows, says why the others are not, and matches by the extension rules', async () => {
    await runAdmin(db, ['do-not-enrich', 'add', 'blocked@initech.com']);
    const lines = await runAdmin(db, [
      'crm-import',
      file('hubspot.csv', [
        HUBSPOT,
        '1,Grace,Hopper,grace@navy.mil,navy.mil,https://www.linkedin.com/in/grace-hopper',
        '2,John,Smith,,gmail.com,',
        '3,n/a,,,,',
        '4,Peter,Gibbons,blocked@initech.com,initech.com,',
        '5,José,Núñez,,acme.com,',
      ]),
    ]);
    expect(lines[0]).toMatch(
      /^Imported the team's CRM reference: hubspot\.csv \(hubspot-contacts, imported .*\): 5 rows read, 2 with something to match on, 3 matched nothing usable/,
    );
    const summary = await crmReferenceSummary(db);
    expect(summary).toMatchObject({ name: 'hubspot.csv', shape: 'hubspot-contacts', read: 5, usable: 2 });
    expect(summary?.unusable).toEqual(
      expect.arrayContaining([
        { reason: LISTED_REASON, rows: 1 },
        { reason: 'a free email domain (such as gmail.com) as the company domain', rows: 1 },
        { reason: 'a name that is a placeholder (such as “-” or “n/a”)', rows: 1 },
      ]),
    );
    // Keys, not rows: no cell is kept as it was written.
    const kept = JSON.stringify(await db.query('SELECT * FROM crm_reference_keys'));
    expect(kept).not.toContain('Grace Hopper');
    expect(kept).not.toContain('Núñez');
    expect(
      await crmOf([
        { profileUrl: 'https://linkedin.com/in/grace-hopper/' },
        { email: 'GRACE@navy.mil' },
        { firstName: 'Jose', lastName: 'Nunez', companyDomain: 'https://www.acme.com/about' },
        { fullName: 'John Smith', companyDomain: 'gmail.com' },
        { fullName: 'José Núñez' },
        { email: 'blocked@initech.com' },
        { fullName: 'Someone Else', companyDomain: 'acme.com' },
      ]),
    ).toEqual(['profile', 'email', 'name', null, null, null, null]);
  });

  it('is replaced whole by the next import; a file it cannot take changes nothing', async () => {
    await runAdmin(db, ['crm-import', file('first.csv', [HUBSPOT, '1,Grace,Hopper,grace@navy.mil,,'])]);
    await runAdmin(db, ['crm-import', file('second.csv', ['Email,Name', 'alan@bletchley.org,Alan Turing'])]);
    expect(await crmReferenceSummary(db)).toMatchObject({ name: 'second.csv', shape: 'mapped', read: 1 });
    expect(await crmOf([{ email: 'grace@navy.mil' }, { email: 'alan@bletchley.org' }])).toEqual([
      null,
      'email',
    ]);
    const wide = `${Array.from({ length: 101 }, (_, index) => `c${index}`).join(',')}`;
    await expect(runAdmin(db, ['crm-import', file('wide.csv', ['Email', wide])])).rejects.toThrow(
      'a CRM export can have at most 100 columns',
    );
    await expect(runAdmin(db, ['crm-import', join(folder, 'missing.csv')])).rejects.toThrow('cannot read');
    expect(await crmReferenceSummary(db)).toMatchObject({ name: 'second.csv' });
    expect(await crmOf([{ email: 'alan@bletchley.org' }])).toEqual(['email']);
  });

  it('loses a forgotten subject (every key of their row) and a subject listed after the import', async () => {
    await runAdmin(db, [
      'crm-import',
      file('people.csv', [
        HUBSPOT,
        '1,Grace,Hopper,grace@navy.mil,navy.mil,https://www.linkedin.com/in/grace-hopper',
        '2,Alan,Turing,alan@bletchley.org,bletchley.org,',
        '3,Ada,Lovelace,ada@engines.com,engines.com,',
      ]),
    ]);
    const [forgotten] = await runAdmin(db, ['forget', 'grace@navy.mil']);
    expect(forgotten).toContain('1 CRM reference rows removed');
    await runAdmin(db, ['do-not-enrich', 'add', '@bletchley.org']);
    expect(
      await crmOf([
        { profileUrl: 'https://www.linkedin.com/in/grace-hopper' },
        { fullName: 'Grace Hopper', companyDomain: 'navy.mil' },
        { fullName: 'Alan Turing', companyDomain: 'bletchley.org' },
        { email: 'ada@engines.com' },
      ]),
    ).toEqual([null, null, null, 'email']);
    // The summary keeps what the file held.
    expect(await crmReferenceSummary(db)).toMatchObject({ read: 3, usable: 3 });
  });
});

describe('the admin route', () => {
  const admin = (path: string, init: RequestInit = {}) =>
    hub.app.request(`/hub/v1/admin/${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...init.headers },
    });

  it('takes the file as it is, and says what it read', async () => {
    expect(await (await admin('crm-reference')).json()).toEqual({ reference: null });
    const sent = await admin(`crm-reference?${new URLSearchParams({ name: 'contacts.csv' })}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: 'Email,Full name\nalan@bletchley.org,Alan Turing\n',
    });
    expect(sent.status).toBe(200);
    const { reference } = (await sent.json()) as { reference: Record<string, unknown> };
    expect(reference).toMatchObject({
      name: 'contacts.csv',
      shape: 'mapped',
      read: 1,
      usable: 1,
      unusable: [],
    });
    expect(await (await admin('crm-reference')).json()).toEqual({ reference });
    const empty = await admin('crm-reference?name=empty.csv', { method: 'POST', body: '' });
    expect(empty.status).toBe(400);
    const unnamed = await admin('crm-reference', { method: 'POST', body: 'Email\na@b.co\n' });
    expect(unnamed.status).toBe(400);
    // Members never download it: no member route names it, and the admin's needs the admin token.
    const asMember = await hub.app.request('/hub/v1/admin/crm-reference', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(asMember.status).toBe(401);
  });
});
