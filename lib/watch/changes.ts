/**
 * What changed between two answers about the same watched person or company: the changes that
 * matter to someone who watches them (a job change, a new title, location or headline; a company's
 * size, name, website or followers), nothing else. Plain data, no zod: the background records the
 * changes of a run and the pages show them.
 *
 * The rules, in one place:
 * - Only these fields are compared; any other field may change, appear or go without a change.
 * - A value the answer leaves null, empty or out is not known, not erased: going from or to "not
 *   known" is no change (a thinner answer, a trimmed one or the 2023 shape must not read as the
 *   person losing their headline or job). For experiences, a missing or empty list is not known;
 *   a list in which no experience is open-ended says the person has no current position.
 * - Text is compared without case and with runs of whitespace as one space, trimmed: `ACME  Corp`
 *   is `Acme Corp`. What is shown is the newer text, its whitespace tidied.
 * - Current positions are the experiences with no end (`ends_at` null or absent), compared as a
 *   set: their order, dates, descriptions and logos do not matter. Two positions are at the same
 *   company when their company profile addresses match or their company names do.
 * - A location is compared by its parts (city, state, country code, else country name), each only
 *   where both answers know it; by `location_str` only when neither answer has parts.
 * - A website is compared without its scheme, `www.` and trailing slash.
 * - A company's employee count is `company_size_on_network` (the size band is derived from it);
 *   any difference is a change, with how many more or fewer.
 */
import type { CompanyProfile, PersonProfile } from '../api/schemas';

/** A change of a person's current positions, worded as `title at company` each. */
interface PositionsChange<Kind extends string, Before extends string | null, After extends string | null> {
  kind: Kind;
  before: Before;
  after: After;
}

/** A change of a text both answers know. */
interface TextChange<Kind extends string> {
  kind: Kind;
  before: string;
  after: string;
}

/** A change of a count both answers know, and by how much (signed: negative when it fell). */
interface CountChange<Kind extends string> {
  kind: Kind;
  before: number;
  after: number;
  by: number;
}

export type PersonChange =
  /**
   * The current company changed: the positions that ended → the ones that started. `before` null:
   * the person had no current position; `after` null: they have none now.
   */
  | PositionsChange<'job', string | null, string | null>
  /** A new position beside the ones the person keeps. */
  | PositionsChange<'position-added', null, string>
  /** A position ended while the person keeps others. */
  | PositionsChange<'position-ended', string, null>
  /** A new title at the same company: the positions there before → after. */
  | PositionsChange<'title', string, string>
  | TextChange<'location'>
  | TextChange<'headline'>;

export type CompanyChange =
  | CountChange<'employees'>
  | CountChange<'followers'>
  | TextChange<'name'>
  | TextChange<'website'>;

export type Change = PersonChange | CompanyChange;
export type ChangeKind = Change['kind'];

// ---------------------------------------------------------------------------------------------
// Reading values

/** The text tidied (trimmed, whitespace runs as one space); null when there is none. */
function known(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const tidy = value.replace(/\s+/g, ' ').trim();
  return tidy === '' ? null : tidy;
}

function knownCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** What a tidied text is compared by: its case left out. */
function textKey(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

function sameText(a: string, b: string): boolean {
  return textKey(a) === textKey(b);
}

/** A text change when both answers know the field and it differs. */
function textChange<Kind extends string>(
  kind: Kind,
  before: unknown,
  after: unknown,
  same: (a: string, b: string) => boolean = sameText,
): TextChange<Kind>[] {
  const [was, is] = [known(before), known(after)];
  return was !== null && is !== null && !same(was, is) ? [{ kind, before: was, after: is }] : [];
}

function countChange<Kind extends string>(kind: Kind, before: unknown, after: unknown): CountChange<Kind>[] {
  const [was, is] = [knownCount(before), knownCount(after)];
  return was !== null && is !== null && was !== is ? [{ kind, before: was, after: is, by: is - was }] : [];
}

// ---------------------------------------------------------------------------------------------
// Current positions

interface ExperienceLike {
  ends_at?: unknown;
}

/**
 * The experiences a person holds now: those with no end (`ends_at` null or absent), in the
 * answer's order. Several at once is common (a job and a side project); none means none is current.
 */
export function currentExperiences<Experience extends ExperienceLike>(
  experiences: readonly (Experience | null | undefined)[] | null | undefined,
): Experience[] {
  return (experiences ?? []).filter(
    (experience): experience is Experience =>
      typeof experience === 'object' && experience !== null && experience.ends_at == null,
  );
}

interface Position {
  title: string | null;
  company: string | null;
  /** The company's profile address without scheme, `www.`, case or trailing slash. */
  companyKey: string | null;
}

/** An address compared without its scheme, `www.`, case and trailing slash. */
function addressKey(value: unknown): string | null {
  const text = known(value);
  return text
    ? text
        .toLowerCase()
        .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
        .replace(/^www\./, '')
        .replace(/\/+$/, '')
    : null;
}

/**
 * The person's current positions (an entry with neither title nor company says nothing and is left
 * out); null when the answer lists no experience (not known).
 */
function currentPositions(person: PersonProfile): Position[] | null {
  const listed = (person.experiences ?? []).filter((experience) => experience != null);
  if (listed.length === 0) return null;
  return currentExperiences(listed)
    .map(positionOf)
    .filter((position) => position.title !== null || position.company !== null);
}

/** An experience's fields that say which position it is. */
interface PositionFields {
  title?: unknown;
  company?: unknown;
  company_network_profile_url?: unknown;
}

function positionOf(experience: PositionFields): Position {
  return {
    title: known(experience.title),
    company: known(experience.company),
    companyKey: addressKey(experience.company_network_profile_url),
  };
}

function sameCompany(a: Position, b: Position): boolean {
  if (a.companyKey !== null && a.companyKey === b.companyKey) return true;
  if (a.company === null || b.company === null)
    return a.company === b.company && a.companyKey === b.companyKey;
  return sameText(a.company, b.company);
}

/** Whether two experiences are at the same company (the rules above): ./events.ts finds positions again so. */
export function atSameCompany(a: PositionFields, b: PositionFields): boolean {
  return sameCompany(positionOf(a), positionOf(b));
}

/** Whether two experiences are the same position: at the same company, with the same title. */
export function samePosition(a: PositionFields, b: PositionFields): boolean {
  const [was, is] = [positionOf(a), positionOf(b)];
  return sameCompany(was, is) && textKey(was.title ?? '') === textKey(is.title ?? '');
}

/** "CTO at Difference Co.", "CTO", "Difference Co."; several joined with "; ". */
function positionsText(positions: readonly Position[]): string {
  return positions
    .map(({ title, company }) => (title && company ? `${title} at ${company}` : (title ?? company ?? '')))
    .join('; ');
}

function titleKeys(positions: readonly Position[]): string {
  return [...new Set(positions.map((position) => textKey(position.title ?? '')))].sort().join('\n');
}

function positionChanges(before: Position[], after: Position[]): PersonChange[] {
  const ended = before.filter((was) => !after.some((is) => sameCompany(was, is)));
  const started = after.filter((is) => !before.some((was) => sameCompany(was, is)));
  const changes: PersonChange[] = [];
  if (ended.length > 0 && started.length > 0)
    changes.push({ kind: 'job', before: positionsText(ended), after: positionsText(started) });
  else if (started.length > 0)
    changes.push(
      before.length === 0
        ? { kind: 'job', before: null, after: positionsText(started) }
        : { kind: 'position-added', before: null, after: positionsText(started) },
    );
  else if (ended.length > 0)
    changes.push(
      after.length === 0
        ? { kind: 'job', before: positionsText(ended), after: null }
        : { kind: 'position-ended', before: positionsText(ended), after: null },
    );

  // The companies kept: a title change in place when the titles held there differ.
  const seen = new Set<Position>();
  for (const was of before) {
    if (seen.has(was) || ended.includes(was)) continue;
    const there = before.filter((other) => sameCompany(was, other));
    for (const other of there) seen.add(other);
    const now = after.filter((is) => sameCompany(was, is));
    if (titleKeys(there) !== titleKeys(now))
      changes.push({ kind: 'title', before: positionsText(there), after: positionsText(now) });
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Location

/** The place from its parts: "Seattle, Washington, United States of America". */
function placeParts(person: PersonProfile): string | null {
  const parts = [person.city, person.state, person.country_full_name ?? person.country]
    .map(known)
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The place before and after as the profile shows it (`location_str`, else its parts); by its
 * parts when both `location_str` read the same although the parts moved.
 */
function locationTexts(before: PersonProfile, after: PersonProfile): [string | null, string | null] {
  const [was, is] = [known(before.location_str), known(after.location_str)];
  if (was !== null && is !== null && sameText(was, is)) return [placeParts(before), placeParts(after)];
  return [was ?? placeParts(before), is ?? placeParts(after)];
}

/** Whether the place changed, comparing only what both answers know (the rules above). */
function locationMoved(before: PersonProfile, after: PersonProfile): boolean {
  const country =
    known(before.country) && known(after.country)
      ? ([before.country, after.country] as const)
      : ([before.country_full_name, after.country_full_name] as const);
  const pairs = [[before.city, after.city] as const, [before.state, after.state] as const, country]
    .map(([was, is]) => [known(was), known(is)] as const)
    .filter((pair): pair is readonly [string, string] => pair[0] !== null && pair[1] !== null);
  if (pairs.length > 0) return pairs.some(([was, is]) => !sameText(was, is));
  const [was, is] = [known(before.location_str), known(after.location_str)];
  return was !== null && is !== null && !sameText(was, is);
}

// ---------------------------------------------------------------------------------------------
// The two comparisons

/** What changed that matters between two answers about one person (the rules above). */
export function personChanges(
  before: PersonProfile | null | undefined,
  after: PersonProfile | null | undefined,
): PersonChange[] {
  if (!before || !after) return [];
  const changes: PersonChange[] = [];
  const [was, is] = [currentPositions(before), currentPositions(after)];
  if (was && is) changes.push(...positionChanges(was, is));
  if (locationMoved(before, after)) {
    const [from, to] = locationTexts(before, after);
    if (from && to && !sameText(from, to)) changes.push({ kind: 'location', before: from, after: to });
  }
  changes.push(...textChange('headline', before.headline, after.headline));
  return changes;
}

/** What changed that matters between two answers about one company (the rules above). */
export function companyChanges(
  before: CompanyProfile | null | undefined,
  after: CompanyProfile | null | undefined,
): CompanyChange[] {
  if (!before || !after) return [];
  return [
    ...countChange('employees', before.company_size_on_network, after.company_size_on_network),
    ...textChange('name', before.name, after.name),
    ...textChange('website', before.website, after.website, (a, b) => addressKey(a) === addressKey(b)),
    ...countChange('followers', before.follower_count, after.follower_count),
  ];
}
