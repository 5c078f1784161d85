/**
 * How a change reads, as a person would say it: `Ada Lovelace: Engineer at Analytical Engines → CTO
 * at Difference Co.`, `Acme: 120 → 134 employees (+14)`. One function a kind; the changes page,
 * the exports and any notice use these words. Plain text, no zod.
 */
import { formatWholeNumber } from '../quote-format';
import type { Change, ChangeKind } from './changes';

type Words<Kind extends ChangeKind> = (subject: string, change: Extract<Change, { kind: Kind }>) => string;

const NO_POSITION = 'no current position';

/** `Acme: 120 → 134 employees (+14)`. */
function countWords(subject: string, before: number, after: number, by: number, unit: string): string {
  return `${subject}: ${formatWholeNumber(before)} → ${formatWholeNumber(after)} ${unit} (${formatWholeNumber(by, { signed: true })})`;
}

const WORDS: { [Kind in ChangeKind]: Words<Kind> } = {
  job: (subject, { before, after }) => `${subject}: ${before ?? NO_POSITION} → ${after ?? NO_POSITION}`,
  'position-added': (subject, { after }) => `${subject}: now also ${after}`,
  'position-ended': (subject, { before }) => `${subject}: no longer ${before}`,
  title: (subject, { before, after }) => `${subject}: ${before} → ${after}`,
  location: (subject, { before, after }) => `${subject}: moved from ${before} to ${after}`,
  headline: (subject, { before, after }) => `${subject}: headline “${before}” → “${after}”`,
  employees: (subject, { before, after, by }) =>
    countWords(subject, before, after, by, after === 1 ? 'employee' : 'employees'),
  followers: (subject, { before, after, by }) =>
    countWords(subject, before, after, by, after === 1 ? 'follower' : 'followers'),
  name: (subject, { before, after }) => `${subject}: renamed from ${before} to ${after}`,
  website: (subject, { before, after }) => `${subject}: website ${before} → ${after}`,
};

/** The change in one sentence about its subject (the person's or company's name). */
export function changeWords(subject: string, change: Change): string {
  return (WORDS[change.kind] as (subject: string, change: Change) => string)(subject, change);
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
