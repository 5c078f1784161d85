/**
 * A watched person or company and its answers (background only): which profile address a target
 * is, the request that asks it again at the list's freshness, the part of an answer kept to compare
 * with the next one, and what changed between two such parts (lib/watch/changes.ts compares).
 */
import type { CompanyProfile, PersonProfile } from '../../api/schemas';
import { paramsFor } from '../../profile-params';
import { parseProfileUrl } from '../../profile-urls';
import { enrichRequestOf } from '../../profiles';
import type { WatchedKind, WatchFreshness, WatchTarget } from '../../protocol';
import { type Change, companyChanges, currentExperiences } from '../../watch/changes';
import { latestDay, type PersonEvent, personEvent } from '../../watch/events';
import type { ComparedPart, WatchMemberRecord } from './records';

/** A target read: its key (the canonical address) and the request that asks it, or why it cannot be watched. */
export type ReadTarget =
  | { ok: true; key: string; kind: WatchedKind; url: string; name: string; request: WatchRequest }
  | { ok: false; url: string; reason: string };

interface WatchRequest {
  endpointId: WatchMemberRecord['endpointId'];
  params: Record<string, string | number>;
}

/** The profile request of a canonical address, asked at the list's freshness (always written out). */
export function watchRequest(kind: WatchedKind, url: string, freshness: WatchFreshness): WatchRequest | null {
  const ref = parseProfileUrl(url);
  if (!ref || ref.kind !== kind) return null;
  const base = enrichRequestOf(ref);
  if (!base) return null;
  return {
    endpointId: base.endpointId,
    params: paramsFor(base.endpointId, base.params, { freshness, included: [] }),
  };
}

const KIND_WORDS: Record<WatchedKind, string> = { person: "a person's", company: "a company's" };

/** Reads a target: a profile address of its kind that the service takes, or why not. */
export function readTarget(target: WatchTarget, freshness: WatchFreshness): ReadTarget {
  const ref = parseProfileUrl(target.url);
  if (!ref || ref.kind !== target.kind)
    return { ok: false, url: target.url, reason: `Not ${KIND_WORDS[target.kind]} profile address` };
  const request = watchRequest(target.kind, ref.url, freshness);
  if (!request)
    return { ok: false, url: target.url, reason: 'The service does not take this form of address' };
  const name = target.name?.trim() || ref.label || ref.id;
  return { ok: true, key: ref.url, kind: target.kind, url: ref.url, name, request };
}

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

/** What a run records of an answer: a person's one event (with its own change), or a company's change. */
export interface Recorded {
  /** The change itself: the event's own, or the company's. */
  change: Change;
  event?: PersonEvent;
}

/**
 * What changed between two kept parts about the same member (none for a first answer): of a person,
 * one event at most (`previousAt`: when `before` was kept); of a company, each change.
 */
export function changesBetween(
  kind: WatchedKind,
  before: ComparedPart | undefined,
  after: ComparedPart,
  previousAt?: number,
): Recorded[] {
  if (!before) return [];
  if (kind === 'company')
    return companyChanges(before as CompanyProfile, after as CompanyProfile).map((change) => ({ change }));
  const event = personEvent(before as PersonProfile, after as PersonProfile, { previousAt });
  return event ? [{ change: event.changes[0]!, event }] : [];
}

/** The name an answer gives its subject, if any. */
export function nameIn(part: ComparedPart): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const joined = [text(part.first_name), text(part.last_name)].filter(Boolean).join(' ');
  return text(part.full_name) ?? text(part.name) ?? (joined || null);
}
