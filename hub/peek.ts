/**
 * Peeks: what requests would get from the team, for free, before anything is sent or reserved. One
 * request (`GET /hub/v1/peek/<service path>?…`) or up to MAX_PEEK_REQUESTS at once (`POST
 * /hub/v1/peek`, for a list's quote): whether the team has the answer and would serve it at 0
 * credits (as proxyRequest decides it: validate, cacheKey, screenedCopy, freshEnough), whether the
 * request or the team's copy names a subject on the team's do-not-enrich list, and, for the batch,
 * whether the row is in the team's CRM reference (crm.ts). A peek never reserves nor charges.
 *
 * A batch is a few statements whatever its size: the list (when it changed), the cached answers of
 * all its questions in one, the CRM's keys of all its rows in one. An answer's body is read only
 * when the list has entries: it is what the list screens, and nothing else in a peek needs it.
 */
import type { EndpointId } from '../lib/api/ids';
import { identityTexts } from '../lib/crm/reference';
import { identityOfParams } from '../lib/matching/crm';
import { listedAmong, listedIn } from '../lib/pricing/do-not-enrich';
import { MAX_PEEK_REQUESTS, type PeekAnswer } from '../lib/pricing/team-peek';
import type { CrmIdentity } from '../lib/protocol';
import { ageSeconds, type CacheRow, cachedFromRow, cacheKey, freshEnough } from './cache';
import { matchCrm } from './crm';
import type { Queryable } from './db';
import { screenedCopy, validate } from './proxy';
import { listedNow } from './request-steps';

/** A request read: the registry's endpoint and canonical params, or why not. */
export type PeekAsked =
  | { id: EndpointId; params: Record<string, unknown>; identity: CrmIdentity | null }
  | { invalid: string };

const NOTHING: PeekAnswer = {
  cached: false,
  free: false,
  age_seconds: null,
  fetched_at: null,
  do_not_enrich: false,
  crm: null,
  invalid: null,
};

const IDENTITY_FIELDS: ReadonlySet<string> = new Set<keyof CrmIdentity>([
  'profileUrl',
  'email',
  'fullName',
  'firstName',
  'lastName',
  'companyDomain',
  'companyName',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One request of the body, read; a string: why the body is malformed. */
function readRequest(entry: unknown, at: string): PeekAsked | string {
  if (!isObject(entry)) return `${at}: give an object {path, params, identity?}`;
  const { path, params, identity } = entry;
  if (typeof path !== 'string' || path === '')
    return `${at}.path: give the service's path, as /api/v2/profile`;
  if (!isObject(params)) return `${at}.params: give the request's parameters as an object`;
  let row: CrmIdentity | null = null;
  if (identity !== undefined && identity !== null) {
    if (!isObject(identity)) return `${at}.identity: give an object of texts (profileUrl, email, …)`;
    for (const [name, value] of Object.entries(identity)) {
      if (!IDENTITY_FIELDS.has(name))
        return `${at}.identity.${name}: not a field of an identity (${[...IDENTITY_FIELDS].join(', ')})`;
      if (typeof value !== 'string') return `${at}.identity.${name}: give a text`;
    }
    row = identity as CrmIdentity;
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return { invalid: `${name}: give a text or a number` };
    query.append(name, String(value));
  }
  const checked = validate(path, query.toString());
  if ('refusal' in checked) return { invalid: checked.problem };
  return { id: checked.id, params: checked.params, identity: row };
}

/**
 * A batch peek's body read (`{"requests": [...]}`, 1 to MAX_PEEK_REQUESTS), each request validated
 * by the registry as the service's paths are; a string: why the body as a whole is refused.
 */
export function readPeekBody(body: unknown): PeekAsked[] | string {
  if (!isObject(body) || !Array.isArray(body.requests))
    return 'The body must be a JSON object {"requests": [{"path", "params", "identity"?}, …]}';
  const { requests } = body;
  if (requests.length === 0 || requests.length > MAX_PEEK_REQUESTS)
    return `requests: give 1 to ${MAX_PEEK_REQUESTS.toLocaleString('en-US')} requests (${requests.length.toLocaleString('en-US')} were given)`;
  const asked: PeekAsked[] = [];
  for (const [index, entry] of requests.entries()) {
    const read = readRequest(entry, `requests[${index}]`);
    if (typeof read === 'string') return read;
    asked.push(read);
  }
  return asked;
}

/**
 * What each request would get from the team, in order (the member is already known). `crm`: match
 * each row against the team's CRM reference (the batch); the single peek does not say it.
 */
export async function peekAnswers(
  db: Queryable,
  asked: readonly PeekAsked[],
  now: Date,
  { crm }: { crm: boolean },
): Promise<PeekAnswer[]> {
  const listed = await listedNow(db);
  const keys = asked.map((one) => ('invalid' in one ? null : cacheKey(one.id, one.params)));
  const wanted = [...new Set(keys.filter((key): key is string => key !== null))];
  const rows =
    wanted.length === 0
      ? []
      : await db.query<CacheRow & { key: string }>(
          `SELECT key, fetched_at, data_at, CASE WHEN $2::boolean THEN body END AS body
           FROM cache WHERE key = ANY($1::text[])`,
          [wanted, listed.size > 0],
        );
  const copies = new Map(rows.map((row) => [row.key, cachedFromRow(row)]));
  const answers = asked.map((one, index): PeekAnswer => {
    if ('invalid' in one) return { ...NOTHING, invalid: one.invalid };
    const copy = copies.get(keys[index]!) ?? null;
    // A subject on the list, asked about, in the row or the one the copy is about, has no copy as
    // far as a member can tell (a copy fresh enough is refused with 451; a page's listed rows are
    // left out, and the page still counts), and is never reported in the CRM.
    const doNotEnrich =
      listedIn(listed, one.id, one.params) !== null ||
      (one.identity !== null && listedAmong(listed, identityTexts(one.identity)) !== null) ||
      (copy !== null && listed.size > 0 && screenedCopy(listed, one.id, copy.body) === null);
    if (doNotEnrich) return { ...NOTHING, do_not_enrich: true };
    if (copy === null) return NOTHING;
    const age = ageSeconds(copy, now);
    return {
      ...NOTHING,
      cached: true,
      free: freshEnough(copy, one.params, now),
      age_seconds: age === null ? null : Math.round(age),
      fetched_at: copy.fetchedAt.toISOString(),
    };
  });
  if (!crm) return answers;
  const identities = asked.map((one, index) =>
    'invalid' in one || answers[index]!.do_not_enrich
      ? null
      : (one.identity ?? identityOfParams(one.id, one.params)),
  );
  const matches = await matchCrm(db, identities);
  return answers.map((answer, index) => (matches[index] ? { ...answer, crm: matches[index] } : answer));
}
