/**
 * What a CRM import read, in a sentence: the lists page's "Your CRM" and the team hub's admin page
 * say it alike. Plain words, no storage: the admin page bundles it.
 */
import type { CrmReferenceSummary } from '../protocol';

const count = (value: number) => value.toLocaleString('en-US');
const rows = (value: number) => `${count(value)} ${value === 1 ? 'row' : 'rows'}`;

/** Read, usable, and why the others match nothing. */
export function summaryWords(summary: Pick<CrmReferenceSummary, 'read' | 'usable' | 'unusable'>): string {
  const unusable = summary.read - summary.usable;
  const why = summary.unusable.map(({ reason, rows: n }) => `${reason}: ${count(n)}`).join('; ');
  return `${rows(summary.read)} read, ${count(summary.usable)} with something to match on${
    unusable > 0 ? `, ${count(unusable)} matched nothing usable (${why})` : ''
  }.`;
}
