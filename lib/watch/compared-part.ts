/**
 * What of an answer a watch keeps to compare with the next one (lib/watch/changes.ts and
 * ./events.ts compare two of them): the extension's watches (lib/background/watch/watch-job.ts) and
 * the hub's team watch (hub/team-watch.ts) keep the same part. Plain data, no storage.
 */
import type { WatchedKind } from '../protocol/watch';
import { currentExperiences } from './changes';
import { latestDay } from './events';

/** The part of an answer a watch keeps: plain JSON. */
export type ComparedPart = Record<string, unknown>;

const PERSON_FIELDS = ['full_name', 'first_name', 'last_name', 'headline', 'location_str', 'city', 'state'];
const PERSON_PLACE = ['country', 'country_full_name'];
const COMPANY_FIELDS = ['name', 'website', 'company_size_on_network', 'follower_count'];

function pick(from: Record<string, unknown>, names: readonly string[]): ComparedPart {
  const picked: ComparedPart = {};
  for (const name of names) if (from[name] != null) picked[name] = from[name];
  return picked;
}

/**
 * How long ago a position may have ended and still be kept: longer than any period, so that a
 * position held at the last answer is found again with its end date (lib/watch/events.ts evidence),
 * and not read as gone without one.
 */
const ENDED_KEPT_MS = 730 * 86_400_000;

const POSITION_FIELDS = ['title', 'company', 'company_network_profile_url', 'starts_at'];

/**
 * What of an answer is kept to compare with the next one: the fields the comparison reads and the
 * name, nothing else. Of a person's experiences, the current ones and those that ended in the two
 * years before `at` (title, company, its address and their dates, the evidence of an event); when
 * none is, one ended entry says there is no current position (a list with none open-ended).
 */
export function comparedPart(kind: WatchedKind, data: unknown, at?: number): ComparedPart | null {
  if (typeof data !== 'object' || data === null) return null;
  const answer = data as Record<string, unknown>;
  if (kind === 'company') return pick(answer, COMPANY_FIELDS);
  const part = pick(answer, [...PERSON_FIELDS, ...PERSON_PLACE]);
  const listed = Array.isArray(answer.experiences)
    ? (answer.experiences as unknown[]).filter(
        (each): each is Record<string, unknown> => typeof each === 'object' && each !== null,
      )
    : [];
  if (listed.length > 0) {
    const current = currentExperiences(listed);
    const recent = (each: Record<string, unknown>) => {
      if (current.includes(each)) return true;
      const ended = latestDay(each.ends_at as Parameters<typeof latestDay>[0]);
      return at !== undefined && ended !== null && ended >= at - ENDED_KEPT_MS;
    };
    const kept = listed
      .filter(recent)
      .map((each) => ({ ...pick(each, POSITION_FIELDS), ends_at: each.ends_at ?? null }));
    part.experiences = kept.length > 0 ? kept : [{ ends_at: listed[0]!.ends_at }];
  }
  return part;
}
