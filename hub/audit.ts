/**
 * Who asked what about whom, when, at what charge: one line per request a member made (answered,
 * refused or failed), for the admin. Forget clears a subject's names from it (privacy.ts).
 */
import type { Queryable } from './db';

export interface AuditLine {
  memberId: number;
  endpoint: string;
  subject: string | null;
  params: Readonly<Record<string, unknown>> | null;
  status: number;
  charged: number | null;
  cache: 'hit' | 'miss' | 'none';
  cacheKey: string | null;
}

/** An audit line as the parameters of `(member_id, endpoint, subject, params, status, charged, cache, cache_key)`. */
export function auditValues(line: AuditLine): unknown[] {
  return [
    line.memberId,
    line.endpoint,
    line.subject,
    line.params === null ? null : JSON.stringify(line.params),
    line.status,
    line.charged,
    line.cache,
    line.cacheKey,
  ];
}

export async function recordAudit(db: Queryable, line: AuditLine): Promise<void> {
  await db.query(
    `INSERT INTO audit (member_id, endpoint, subject, params, status, charged, cache, cache_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    auditValues(line),
  );
}

export interface AuditRow {
  at: string;
  member: string;
  endpoint: string;
  subject: string | null;
  status: number;
  charged: number | null;
  cache: string;
}

/** The audit, newest first, filtered by member name and by a text the subject contains. */
export async function readAudit(
  db: Queryable,
  filter: { member?: string; subject?: string; limit?: number },
): Promise<AuditRow[]> {
  const rows = await db.query<
    Omit<AuditRow, 'at' | 'charged'> & { at: Date | string; charged: number | string | null }
  >(
    `SELECT a.at, m.name AS member, a.endpoint, a.subject, a.status, a.charged, a.cache
     FROM audit a JOIN members m ON m.id = a.member_id
     WHERE ($1::text IS NULL OR m.name = $1) AND ($2::text IS NULL OR a.subject ILIKE '%' || $2 || '%')
     ORDER BY a.id DESC LIMIT $3`,
    [filter.member ?? null, filter.subject ?? null, filter.limit ?? 200],
  );
  return rows.map((row) => ({
    ...row,
    at: new Date(row.at).toISOString(),
    // bigint: PostgreSQL's driver gives it as a text.
    charged: row.charged === null ? null : Number(row.charged),
  }));
}

/** What one member spent on one day. */
export interface SpendRow {
  member: string;
  /** The day in the hub's time zone (HUB_TIME_ZONE), YYYY-MM-DD. */
  day: string;
  spent: number;
  /** Held by requests in flight. */
  reserved: number;
}

/** What each member spent, by day of the hub's time zone, newest first. */
export async function spendByDay(db: Queryable): Promise<SpendRow[]> {
  const rows = await db.query<{
    member: string;
    day: string;
    spent: number | string;
    reserved: number | string;
  }>(
    `SELECT m.name AS member, to_char(s.day, 'YYYY-MM-DD') AS day, s.spent, s.reserved
     FROM spend s JOIN members m ON m.id = s.member_id ORDER BY s.day DESC, m.name`,
  );
  // bigint: PostgreSQL's driver gives them as texts.
  return rows.map((row) => ({ ...row, spent: Number(row.spent), reserved: Number(row.reserved) }));
}
