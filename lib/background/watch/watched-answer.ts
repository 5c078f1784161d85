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
import { type Change, companyChanges } from '../../watch/changes';

export { comparedPart } from '../../watch/compared-part';

import { type PersonEvent, personEvent } from '../../watch/events';
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
