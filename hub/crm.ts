/**
 * The team's CRM reference at the hub: the admin imports the team's CRM export (`hub:admin
 * crm-import <file>`, the admin page's "CRM reference"), read with the extension's own code (the
 * shapes, column mapping and limits of lib/crm/shapes.ts, the rows kept by lib/crm/reference.ts),
 * and members learn whether a row they ask about is in it only through a peek (peek.ts), by the same
 * rules as the extension's (lib/matching/crm.ts: by profile, then email, then full name at an
 * employer's domain, then a company's domain; free-mail domains and placeholder names are nobody's).
 * Members never download it.
 *
 * Only keys are kept, never the rows' cells: each kept row's match keys (crmKeys) and the keys its
 * profile, email and company domain name in the do-not-enrich list's terms (subjectKeys), so that
 * forgetting a subject or listing one (privacy.ts dropCrmRowsNaming) removes the rows naming it, as
 * the extension's reference drops them. A row the list names is not kept at the import either.
 *
 * Retention: the reference is the team's own data, given by its admin, and nothing a member asked
 * for; it is kept until the next import replaces it whole (one transaction: a peek sees the old
 * reference or the new one, never half of one), and nothing of it ages out on its own.
 */

import { identityTexts, readReference } from '../lib/crm/reference';
import { readCrmFile } from '../lib/crm/shapes';
import { crmKeys } from '../lib/matching/crm';
import { subjectKeys } from '../lib/pricing/do-not-enrich';
import type { CrmIdentity, CrmMatchBy, CrmShape } from '../lib/protocol';
import { Refusal } from './answers';
import type { Db, Queryable } from './db';
import { listedNow } from './request-steps';

/** What the last import read, as the admin is told it. */
export interface CrmReferenceAnswer {
  name: string;
  shape: CrmShape;
  imported_at: string;
  /** Rows the file had. */
  read: number;
  /** Rows kept: each gives something to match on. */
  usable: number;
  /** Rows not kept, by why (the most frequent first). */
  unusable: Array<{ reason: string; rows: number }>;
}

/** How many rows a statement of the import writes: its parameters stay a few MB. */
const CHUNK_ROWS = 20_000;

/**
 * Replaces the reference with a CRM export's file (its bytes): refused as a whole (a Refusal, with
 * the extension's own message) when the file is not one it would take; nothing changes then.
 */
export async function importCrmReference(
  db: Db,
  file: { name: string; bytes: Uint8Array },
  now = new Date(),
): Promise<CrmReferenceAnswer> {
  let read: Awaited<ReturnType<typeof readCrmFile>>;
  try {
    read = await readCrmFile(file.name, file.bytes);
  } catch (error) {
    throw new Refusal(error instanceof Error ? error.message : String(error));
  }
  const { summary, rows } = readReference(read, await listedNow(db), now.getTime());
  const keyKinds: string[] = [];
  const keyTexts: string[] = [];
  const keyRows: number[] = [];
  // Each row's subject keys, one text (a key has no line break: readEntry's and subjectKeys' never do).
  const subjects: string[] = [];
  const memo = new Map();
  const add = (kind: CrmMatchBy, key: string | null, rowNo: number) => {
    if (key === null) return;
    keyKinds.push(kind);
    keyTexts.push(key);
    keyRows.push(rowNo);
  };
  rows.forEach((row, rowNo) => {
    const keys = crmKeys(row, memo);
    add('profile', keys.profile, rowNo);
    add('email', keys.email, rowNo);
    for (const name of new Set(keys.namesAtDomain)) add('name', name, rowNo);
    add('company', keys.companyDomain, rowNo);
    subjects.push([...subjectKeys(identityTexts(row))].join('\n'));
  });
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM crm_reference_keys');
    await tx.query('DELETE FROM crm_reference_rows');
    await tx.query('DELETE FROM crm_reference');
    for (let at = 0; at < subjects.length; at += CHUNK_ROWS)
      await tx.query(
        `INSERT INTO crm_reference_rows (row_no, subjects)
         SELECT $2::integer + ordinal - 1, string_to_array(subjects, E'\\n')
         FROM unnest($1::text[]) WITH ORDINALITY AS r(subjects, ordinal)`,
        [subjects.slice(at, at + CHUNK_ROWS), at],
      );
    for (let at = 0; at < keyKinds.length; at += CHUNK_ROWS)
      await tx.query(
        'INSERT INTO crm_reference_keys (kind, key, row_no) SELECT * FROM unnest($1::text[], $2::text[], $3::integer[])',
        [
          keyKinds.slice(at, at + CHUNK_ROWS),
          keyTexts.slice(at, at + CHUNK_ROWS),
          keyRows.slice(at, at + CHUNK_ROWS),
        ],
      );
    await tx.query(
      `INSERT INTO crm_reference (id, name, shape, imported_at, rows_read, rows_usable, unusable)
       VALUES (1, $1, $2, $3, $4, $5, $6)`,
      [summary.name, summary.shape, now, summary.read, summary.usable, JSON.stringify(summary.unusable)],
    );
  });
  return {
    name: summary.name,
    shape: summary.shape,
    imported_at: now.toISOString(),
    read: summary.read,
    usable: summary.usable,
    unusable: summary.unusable,
  };
}

/** What the last import read; null when the team has no reference. */
export async function crmReferenceSummary(db: Queryable): Promise<CrmReferenceAnswer | null> {
  const [row] = await db.query<{
    name: string;
    shape: CrmShape;
    imported_at: Date | string;
    rows_read: number;
    rows_usable: number;
    unusable: Array<{ reason: string; rows: number }>;
  }>('SELECT name, shape, imported_at, rows_read, rows_usable, unusable FROM crm_reference');
  if (!row) return null;
  return {
    name: row.name,
    shape: row.shape,
    imported_at: new Date(row.imported_at).toISOString(),
    read: Number(row.rows_read),
    usable: Number(row.rows_usable),
    unusable: row.unusable,
  };
}

/**
 * How each identity matches the reference, by the first key that does (profile, email, name,
 * company: lib/matching/crm.ts matchRow's order); null where none does. One statement for all.
 */
export async function matchCrm(
  db: Queryable,
  identities: ReadonlyArray<CrmIdentity | null>,
): Promise<Array<CrmMatchBy | null>> {
  const memo = new Map();
  const asked = identities.map((identity) => (identity === null ? null : crmKeys(identity, memo)));
  const kinds: string[] = [];
  const texts: string[] = [];
  const add = (kind: CrmMatchBy, key: string | null) => {
    if (key === null) return;
    kinds.push(kind);
    texts.push(key);
  };
  for (const keys of asked) {
    if (keys === null) continue;
    add('profile', keys.profile);
    add('email', keys.email);
    for (const name of keys.namesAtDomain) add('name', name);
    add('company', keys.companyDomain);
  }
  if (kinds.length === 0) return identities.map(() => null);
  const found = await db.query<{ kind: CrmMatchBy; key: string }>(
    `SELECT DISTINCT k.kind, k.key
     FROM unnest($1::text[], $2::text[]) AS asked(kind, key)
     JOIN crm_reference_keys k ON k.kind = asked.kind AND k.key = asked.key`,
    [kinds, texts],
  );
  const held = new Set(found.map((row) => `${row.kind}\u0000${row.key}`));
  const has = (kind: CrmMatchBy, key: string | null) => key !== null && held.has(`${kind}\u0000${key}`);
  return asked.map((keys) => {
    if (keys === null) return null;
    if (has('profile', keys.profile)) return 'profile';
    if (has('email', keys.email)) return 'email';
    if (keys.namesAtDomain.some((name) => has('name', name))) return 'name';
    if (has('company', keys.companyDomain)) return 'company';
    return null;
  });
}
