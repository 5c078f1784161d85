/**
 * Which of a page's rows the person's CRM reference holds (lib/background/crm/): asked of the
 * background whenever the rows change; a page never holds the reference itself. Null while it is
 * asked, and when it could not be (the page then quotes every row, as it would with no reference).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Ask } from '@/lib/ask-background';
import type { CrmIdentity, CrmMatchBy } from '@/lib/protocol';

export interface InCrm {
  /** A reference was imported: the page offers to include the rows it holds. */
  reference: boolean;
  /** Per row, in order: how it matched, or null. */
  matches: Array<CrmMatchBy | null>;
  /** How many rows matched. */
  count: number;
}

export function useInCrm(ask: Ask, rows: readonly CrmIdentity[] | null): InCrm | null {
  const [inCrm, setInCrm] = useState<InCrm | null>(null);
  useEffect(() => {
    let current = true;
    setInCrm(null);
    if (!rows || rows.length === 0) return;
    ask('crm.match', { rows: [...rows] }).then(
      ({ reference, matches }) =>
        current && setInCrm({ reference, matches, count: matches.filter((match) => match !== null).length }),
      (failure) => console.warn('Could not ask which rows are in your CRM', failure),
    );
    return () => {
      current = false;
    };
  }, [ask, rows]);
  return inCrm;
}

/** What the mark says. */
export const IN_CRM = 'In your CRM';

/** What the mark says of a row the team's CRM reference holds (team mode: told by the hub's peek). */
export const IN_TEAM_CRM = "In your team's CRM";

/** What it was found by, after the mark: "In your CRM by its profile address". */
export const MATCHED_BY: { readonly [M in CrmMatchBy]: string } = {
  profile: 'by its profile address',
  email: 'by email',
  name: 'by name and company domain',
  company: 'by company domain',
};
