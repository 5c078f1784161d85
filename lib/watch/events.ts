/**
 * A person's changes between two answers in one period told as ONE event of one kind, with its
 * evidence: a move that also changed the headline and city is one `moved` event listing them, not
 * three sentences, and a second role taken on beside the first never reads as a person who left.
 * Plain data, no zod, no storage: the background records the events of a run
 * (lib/background/watch/watch-job.ts), the Changes page and the exports show them
 * (./change-words.ts words them).
 *
 * The kinds, the first that applies (./changes.ts says what counts as a change):
 * - `moved`: the current company changed (positions ended and others began elsewhere), or a person
 *   with no current position took one;
 * - `new-title`: a new title at a company the person keeps;
 * - `added-role`: a new position elsewhere while the earlier ones are still open;
 * - `left`: a position ended and none began;
 * - `moved-city`: only the place changed (with the headline, perhaps);
 * - `headline`: only the headline changed.
 * The other changes of the same comparison ride along in the event, after its own.
 *
 * The evidence is what the service gave, untouched: the positions the person held before (the
 * earlier answer's current experiences) and what the later answer says of each (still open, ended,
 * or gone), with the positions that began; their title, company, company profile address,
 * `starts_at` and `ends_at` as given; and the location and headline texts that changed.
 *
 * An event is `uncertain`, with the reasons, where the evidence does not settle what happened:
 * - `old-position-open`: an added role beside the person's only earlier position, which has no end
 *   date. Read as an added role, never as a move, but a move whose old position was not closed reads
 *   the same. (Beside several positions held at once, another is taken as a person's habit.)
 * - `started-before-last-answer`: a position that began starts before the day of the previous
 *   answer, which did not list it (a late edit, or an answer older than it seemed). A date without
 *   its day or month is read at its latest, so only a start plainly earlier counts.
 * - `vanished-without-end`: a position held before is no longer listed at all, with no end date.
 *
 * Companies do not become events: their changes (employees, followers, name, website) stay one
 * entry each (./changes.ts CompanyChange). Each is a figure or a text the service reports on its
 * own; none explains or hides another (the headcount may grow while followers fall, a rename is not a
 * new website), and none rests on dates to weigh, so there is nothing to be uncertain about.
 */
import type { PersonProfile } from '../api/schemas';
import { atSameCompany, currentExperiences, type PersonChange, personChanges, samePosition } from './changes';

export type PersonEventKind = 'moved' | 'new-title' | 'added-role' | 'left' | 'moved-city' | 'headline';

/** The kinds in the order they are tried: an event is of the first its changes show. */
export const PERSON_EVENT_KINDS: readonly PersonEventKind[] = [
  'moved',
  'new-title',
  'added-role',
  'left',
  'moved-city',
  'headline',
];

/** A date as the service gives it (`day` and `month` may be missing). */
export interface EvidenceDate {
  day?: number | null;
  month?: number | null;
  year?: number | null;
}

/** A position as the service gave it, in its own field names. */
export interface PositionEvidence {
  title: string | null;
  company: string | null;
  company_network_profile_url: string | null;
  starts_at: EvidenceDate | null;
  ends_at: EvidenceDate | null;
}

export interface PersonEvidence {
  /** The positions the person held in the earlier answer (its current experiences). */
  before: PositionEvidence[];
  /** What the later answer lists of those positions (still open, or ended) and the ones that began. */
  after: PositionEvidence[];
  location: { before: string; after: string } | null;
  headline: { before: string; after: string } | null;
}

export type UncertainReason = 'old-position-open' | 'started-before-last-answer' | 'vanished-without-end';

export interface PersonEvent {
  kind: PersonEventKind;
  /** What changed (./changes.ts): the event's own change first, then those that ride along. */
  changes: PersonChange[];
  evidence: PersonEvidence;
  /** Why the event may not be what it reads as (the rules above); empty when the evidence is clear. */
  uncertain: UncertainReason[];
}

/** Which event a change alone would be. */
function kindOf(change: PersonChange): PersonEventKind {
  switch (change.kind) {
    case 'job':
      return change.after === null ? 'left' : 'moved';
    case 'title':
      return 'new-title';
    case 'position-added':
      return 'added-role';
    case 'position-ended':
      return 'left';
    case 'location':
      return 'moved-city';
    case 'headline':
      return 'headline';
  }
}

const rank = (change: PersonChange) => PERSON_EVENT_KINDS.indexOf(kindOf(change));

// ---------------------------------------------------------------------------------------------
// Evidence

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function date(value: unknown): EvidenceDate | null {
  if (typeof value !== 'object' || value === null) return null;
  const { day, month, year } = value as Record<string, unknown>;
  const part = (each: unknown) => (typeof each === 'number' ? each : null);
  return { day: part(day), month: part(month), year: part(year) };
}

type Experience = NonNullable<PersonProfile['experiences']>[number];

function evidenceOf(experience: Experience): PositionEvidence {
  return {
    title: text(experience.title),
    company: text(experience.company),
    company_network_profile_url: text(experience.company_network_profile_url),
    starts_at: date(experience.starts_at),
    ends_at: date(experience.ends_at),
  };
}

const listed = (person: PersonProfile): PositionEvidence[] =>
  (person.experiences ?? [])
    .filter((each): each is Experience => typeof each === 'object' && each !== null)
    .map(evidenceOf)
    .filter((each) => each.title !== null || each.company !== null);

/**
 * The positions before (the earlier answer's current ones); what the later answer lists of each
 * (the same position, else one at the same company; null: none); the positions that began at a
 * company not held before; and the positions after: those found, then the current ones.
 */
function positionEvidence(before: PersonProfile, after: PersonProfile) {
  const held = currentExperiences(listed(before));
  const later = listed(after);
  const current = currentExperiences(later);
  const found = held.map(
    (was) => later.find((is) => samePosition(was, is)) ?? later.find((is) => atSameCompany(was, is)) ?? null,
  );
  const began = current.filter((is) => !held.some((was) => atSameCompany(was, is)));
  const shown = [...new Set([...found.filter((each) => each !== null), ...current])];
  return { held, found, began, shown, listsAny: later.length > 0 };
}

/** The last day a date can mean (a year alone: its 31 December), at midnight UTC; null without a year. */
export function latestDay(at: EvidenceDate | null): number | null {
  if (!at || typeof at.year !== 'number') return null;
  if (typeof at.month !== 'number') return Date.UTC(at.year, 11, 31);
  if (typeof at.day !== 'number') return Date.UTC(at.year, at.month, 0);
  return Date.UTC(at.year, at.month - 1, at.day);
}

const DAY_MS = 86_400_000;

/** Why the positions leave a doubt about an event of `kind` (the rules above). */
function doubtsOf(
  kind: PersonEventKind,
  positions: ReturnType<typeof positionEvidence>,
  previousAt: number | undefined,
): UncertainReason[] {
  const doubts: UncertainReason[] = [];
  if (kind === 'added-role' && positions.held.length === 1 && positions.found[0]?.ends_at === null)
    doubts.push('old-position-open');
  const previousDay = previousAt === undefined ? null : Math.floor(previousAt / DAY_MS) * DAY_MS;
  const startedBefore = (position: PositionEvidence) => {
    const started = latestDay(position.starts_at);
    return previousDay !== null && started !== null && started < previousDay;
  };
  if (positions.began.some(startedBefore)) doubts.push('started-before-last-answer');
  if (positions.listsAny && positions.found.includes(null)) doubts.push('vanished-without-end');
  return doubts;
}

// ---------------------------------------------------------------------------------------------
// The event

export interface EventOptions {
  /** When the earlier answer was kept (milliseconds since the epoch), if known. */
  previousAt?: number;
}

/**
 * The one event between two answers about a person; null when nothing that matters changed
 * (./changes.ts personChanges).
 */
export function personEvent(
  before: PersonProfile | null | undefined,
  after: PersonProfile | null | undefined,
  { previousAt }: EventOptions = {},
): PersonEvent | null {
  if (!before || !after) return null;
  const changes = personChanges(before, after);
  if (changes.length === 0) return null;
  const ordered = [...changes].sort((a, b) => rank(a) - rank(b));
  const kind = kindOf(ordered[0]!);
  const positional = kind === 'moved' || kind === 'new-title' || kind === 'added-role' || kind === 'left';
  const positions = positionEvidence(before, after);
  const uncertain = positional ? doubtsOf(kind, positions, previousAt) : [];
  const textsOf = (textKind: 'location' | 'headline') => {
    const change = changes.find((each) => each.kind === textKind);
    return change && change.kind === textKind ? { before: change.before, after: change.after } : null;
  };
  return {
    kind,
    changes: ordered,
    evidence: {
      before: positional ? positions.held : [],
      after: positional ? positions.shown : [],
      location: textsOf('location'),
      headline: textsOf('headline'),
    },
    uncertain,
  };
}

/**
 * A change recorded before changes were told as events (one record a change), read as an event of
 * its own: its kind, no positions as evidence (they were not kept), nothing said to be uncertain.
 */
export function eventOfRecordedChange(change: PersonChange): PersonEvent {
  const textOf = (kind: 'location' | 'headline') =>
    change.kind === kind ? { before: change.before, after: change.after } : null;
  return {
    kind: kindOf(change),
    changes: [change],
    evidence: { before: [], after: [], location: textOf('location'), headline: textOf('headline') },
    uncertain: [],
  };
}
