/**
 * A CRM export read as the reference keeps it, on both sides (the browser's, lib/background/crm/
 * reference.ts, and the team hub's, hub/crm.ts): only the rows that give something to match on
 * (lib/matching/crm.ts crmKeys), each with only its identifying cells, and a summary of the rest by
 * why. A row the do-not-enrich list names is not kept (LISTED_REASON): the design's rule for
 * answers about listed people, "never kept", holds for the reference too.
 */
import { crmKeys } from '../matching/crm';
import { listedAmong } from '../pricing/do-not-enrich';
import type { CrmExport, CrmIdentity, CrmReferenceSummary } from '../protocol';

export const LISTED_REASON = 'on your do-not-enrich list, not kept';

/** The texts of a row the do-not-enrich list is matched against. */
export function identityTexts(row: CrmIdentity): string[] {
  return [row.profileUrl, row.email, row.companyDomain].filter((text): text is string => !!text?.trim());
}

/** Only the cells that identify: blank ones left out, the rest trimmed. */
function kept(row: CrmIdentity): CrmIdentity {
  const out: CrmIdentity = {};
  for (const [name, value] of Object.entries(row) as Array<[keyof CrmIdentity, string | undefined]>) {
    const text = value?.trim();
    if (text) out[name] = text;
  }
  return out;
}

/** Reads an export: the rows kept, and what the person is told about the others. */
export function readReference(
  request: CrmExport,
  listed: ReadonlySet<string>,
  now: number,
): { summary: CrmReferenceSummary; rows: CrmIdentity[] } {
  const rows: CrmIdentity[] = [];
  const reasons = new Map<string, number>();
  for (const row of request.rows) {
    const why = listedAmong(listed, identityTexts(row)) ? LISTED_REASON : crmKeys(row).unusable;
    if (why) reasons.set(why, (reasons.get(why) ?? 0) + 1);
    else rows.push(kept(row));
  }
  const summary: CrmReferenceSummary = {
    name: request.name,
    shape: request.shape,
    importedAt: now,
    read: request.rows.length,
    usable: rows.length,
    unusable: [...reasons]
      .map(([reason, count]) => ({ reason, rows: count }))
      .sort((a, b) => b.rows - a.rows),
  };
  return { summary, rows };
}
