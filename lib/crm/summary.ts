/**
 * What a CRM import read, in words: the lists page's "Your CRM" and the team hub's admin page say
 * it alike. Plain words, no storage and no file reading: the admin page bundles it.
 */
import type { CrmReferenceSummary, CrmShape } from '../protocol';

/** Each export's shape (lib/crm/shapes.ts recognises it), as a person reads it. */
export const SHAPE_LABELS: { readonly [S in CrmShape]: string } = {
  'hubspot-contacts': 'a HubSpot contacts export',
  'hubspot-companies': 'a HubSpot companies export',
  salesforce: 'a Salesforce leads or contacts report',
  'pipedrive-people': 'a Pipedrive people export',
  mapped: 'a CSV file, read by its columns',
};

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
