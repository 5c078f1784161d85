/**
 * How a change reads, as a person would say it: `Ada Lovelace: Engineer at Analytical Engines → CTO
 * at Difference Co.`, `Acme: 120 → 134 employees (+14)`; and a person's event (./events.ts): its
 * kind, its sentence (its own change, then what rode along), its evidence and why it is uncertain.
 * One function a kind; the changes page, the exports and any notice use these words. Plain text,
 * no zod.
 */
import { formatWholeNumber } from '../quote-format';
import type { Change, ChangeKind } from './changes';
import type { EvidenceDate, PersonEvent, PersonEventKind, PositionEvidence, UncertainReason } from './events';

/** What is said of the subject: the sentence after `Name: `. */
type Words<Kind extends ChangeKind> = (change: Extract<Change, { kind: Kind }>) => string;

const NO_POSITION = 'no current position';

/** `Acme: 120 → 134 employees (+14)`. */
function countWords(before: number, after: number, by: number, unit: string): string {
  return `${formatWholeNumber(before)} → ${formatWholeNumber(after)} ${unit} (${formatWholeNumber(by, { signed: true })})`;
}

const WORDS: { [Kind in ChangeKind]: Words<Kind> } = {
  job: ({ before, after }) => `${before ?? NO_POSITION} → ${after ?? NO_POSITION}`,
  'position-added': ({ after }) => `now also ${after}`,
  'position-ended': ({ before }) => `no longer ${before}`,
  title: ({ before, after }) => `${before} → ${after}`,
  location: ({ before, after }) => `moved from ${before} to ${after}`,
  headline: ({ before, after }) => `headline “${before}” → “${after}”`,
  employees: ({ before, after, by }) => countWords(before, after, by, after === 1 ? 'employee' : 'employees'),
  followers: ({ before, after, by }) => countWords(before, after, by, after === 1 ? 'follower' : 'followers'),
  name: ({ before, after }) => `renamed from ${before} to ${after}`,
  website: ({ before, after }) => `website ${before} → ${after}`,
};

function predicate(change: Change): string {
  return (WORDS[change.kind] as (change: Change) => string)(change);
}

/** The change in one sentence about its subject (the person's or company's name). */
export function changeWords(subject: string, change: Change): string {
  return `${subject}: ${predicate(change)}`;
}

/**
 * The event in one sentence about the person: its own change, then what rode along, after "also":
 * `Ada Lovelace: Engineer at Analytical Engines → CTO at Difference Co.; also moved from London to Paris`.
 */
export function eventWords(subject: string, event: PersonEvent): string {
  const [own, ...along] = event.changes.map(predicate);
  return along.length > 0 ? `${subject}: ${own}; also ${along.join('; ')}` : `${subject}: ${own}`;
}

/** What kind of event it is, as a heading, a column or a filter names it. */
export const EVENT_KIND_LABELS: Record<PersonEventKind, string> = {
  moved: 'Moved company',
  'new-title': 'New title',
  'added-role': 'Added a role',
  left: 'Left a position',
  'moved-city': 'Moved city',
  headline: 'New headline',
};

/** Why an event may not be what it reads as (./events.ts says when each applies). */
export const UNCERTAIN_WORDS: Record<UncertainReason, string> = {
  'old-position-open':
    'the earlier position has no end date beside the new one: a move whose old position was not closed reads the same',
  'started-before-last-answer': 'the new position starts before the previous answer, which did not list it',
  'vanished-without-end': 'a position held before is no longer listed, and no end date was given',
};

/** The reasons an event is uncertain, in one sentence; null when it is not. */
export function uncertainWords(event: PersonEvent): string | null {
  if (event.uncertain.length === 0) return null;
  const words = event.uncertain.map((reason) => UNCERTAIN_WORDS[reason]).join('; ');
  return `${words[0]!.toUpperCase()}${words.slice(1)}.`;
}

/** A date as the service gave it, most significant part first: `2021-08-01`, `2021-08`, `2021`; `?` without a year. */
export function evidenceDateWords(at: EvidenceDate | null): string {
  if (!at || typeof at.year !== 'number') return '?';
  const two = (part: number) => String(part).padStart(2, '0');
  if (typeof at.month !== 'number') return String(at.year);
  if (typeof at.day !== 'number') return `${at.year}-${two(at.month)}`;
  return `${at.year}-${two(at.month)}-${two(at.day)}`;
}

/** `Co-Founder at Freedom Fund Real Estate (from 2021-08-01, no end date)`. */
export function positionWords(position: PositionEvidence): string {
  const { title, company } = position;
  const what = title && company ? `${title} at ${company}` : (title ?? company ?? '');
  const starts = position.starts_at ? `from ${evidenceDateWords(position.starts_at)}` : 'no start date';
  const ends = position.ends_at ? `to ${evidenceDateWords(position.ends_at)}` : 'no end date';
  return `${what} (${starts}, ${ends})`;
}

/** What kind of change it is, as a column or a filter names it. */
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  job: 'Job change',
  'position-added': 'New position',
  'position-ended': 'Position ended',
  title: 'New title',
  location: 'New location',
  headline: 'New headline',
  employees: 'Employee count',
  followers: 'Follower count',
  name: 'New name',
  website: 'New website',
};
