/**
 * Who the team watch asks (team-watch.ts): a person's request as it is asked, and the people the
 * do-not-enrich keys name taken out of every team watch list with what was kept about them
 * (privacy.ts: forget and the list). Apart from the schedule, which asks through proxy.ts, so that
 * privacy.ts reaches it without a cycle.
 */
import type { EndpointId } from '../lib/api/ids';
import { listedIn } from '../lib/pricing/do-not-enrich';
import { paramsFor } from '../lib/profile-params';
import { parseProfileUrl } from '../lib/profile-urls';
import { enrichRequestOf } from '../lib/profiles';
import type { Queryable } from './db';

/** A person's request as the team watch asks it: the profile at most 29 days old (+1 credit). */
export interface WatchedRequest {
  /** The canonical profile address (lib/profile-urls.ts). */
  person: string;
  endpointId: EndpointId;
  params: Record<string, string | number>;
}

/** The request watching the person at `url`; null when it is no person's profile address. */
export function watchedRequest(url: string): WatchedRequest | null {
  const ref = parseProfileUrl(url);
  if (ref?.kind !== 'person') return null;
  const base = enrichRequestOf(ref);
  if (!base) return null;
  return {
    person: ref.url,
    endpointId: base.endpointId,
    params: paramsFor(base.endpointId, base.params, { freshness: 'if-recent', included: [] }),
  };
}

/** Whether the do-not-enrich keys name the watched person (their request, as the proxy would refuse it). */
export function listedPerson(listed: ReadonlySet<string>, person: string): boolean {
  const request = watchedRequest(person);
  return request !== null && listedIn(listed, request.endpointId, request.params) !== null;
}

/**
 * Takes the people the do-not-enrich keys name out of every team watch list, with their kept answer
 * and their changes (privacy.ts: forget and the list), in the caller's transaction. Returns how
 * many people went.
 */
export async function dropWatchedPeopleNaming(tx: Queryable, keys: ReadonlySet<string>): Promise<number> {
  const rows = await tx.query<{ person: string }>(
    `SELECT person FROM team_watch_entries UNION SELECT person FROM team_watch_people
     UNION SELECT person FROM team_watch_events`,
  );
  const naming = rows.map((row) => row.person).filter((person) => listedPerson(keys, person));
  if (naming.length === 0) return 0;
  await dropPeople(tx, naming);
  return naming.length;
}

/** Takes these people out of every team watch list, with their kept answer and their changes. */
export async function dropPeople(tx: Queryable, people: readonly string[]): Promise<void> {
  await tx.query(
    `WITH entries AS (DELETE FROM team_watch_entries WHERE person = ANY($1::text[])),
       watched AS (DELETE FROM team_watch_people WHERE person = ANY($1::text[]))
     DELETE FROM team_watch_events WHERE person = ANY($1::text[])`,
    [people],
  );
}
