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
import { type Change, companyChanges, currentExperiences, personChanges } from '../../watch/changes';
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
 * What of an answer is kept to compare with the next one: the fields the comparison reads and the
 * name, nothing else. Of a person's experiences, the current ones (title, company, its address);
 * when none is current, one ended entry says so (a list with none open-ended: no current position).
 */
export function comparedPart(kind: WatchedKind, data: unknown): ComparedPart | null {
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
    const current = currentExperiences(listed).map((each) => ({
      ...pick(each, ['title', 'company', 'company_network_profile_url']),
      ends_at: null,
    }));
    part.experiences = current.length > 0 ? current : [{ ends_at: listed[0]!.ends_at }];
  }
  return part;
}

/** What changed between two kept parts about the same member (none for a first answer). */
export function changesBetween(
  kind: WatchedKind,
  before: ComparedPart | undefined,
  after: ComparedPart,
): Change[] {
  if (!before) return [];
  return kind === 'person'
    ? personChanges(before as PersonProfile, after as PersonProfile)
    : companyChanges(before as CompanyProfile, after as CompanyProfile);
}

/** The name an answer gives its subject, if any. */
export function nameIn(part: ComparedPart): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const joined = [text(part.first_name), text(part.last_name)].filter(Boolean).join(' ');
  return text(part.full_name) ?? text(part.name) ?? (joined || null);
}
