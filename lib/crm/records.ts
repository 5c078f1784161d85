/**
 * What each place that offers a CRM export hands the presets (lib/crm/presets.ts): a person or
 * company found, its fields, whether emails and numbers were asked for, and its provenance. A
 * list's rows are read in entrypoints/lists/export/list-export.ts; here, a watch list's members
 * and one answer the page holds (the panel's profile, a search result).
 */
import type { EndpointId } from '../api/ids';
import { companyFields, personFields, record } from '../enriched-fields';
import type { EnrichedFields, WatchMemberView } from '../protocol';
import type { CrmKind, CrmRecord } from './presets';

/** Whom an endpoint's answer is about, for the exports; null: neither a person nor a company. */
export function crmKindOf(endpointId: EndpointId): CrmKind | null {
  switch (endpointId) {
    case 'person.profile':
    case 'person.v3':
    case 'person.lookup':
    case 'email.lookup':
      return 'person';
    case 'company.profile':
    case 'company.lookup':
      return 'company';
    default:
      return null;
  }
}

/**
 * A watch list's members, for the CRM exports: each member with an answer, and what its last ask
 * cost. A watch asks no emails or numbers.
 */
export function watchCrmRecords(members: readonly WatchMemberView[]): CrmRecord[] {
  return members.flatMap((member) =>
    member.enriched
      ? [
          {
            kind: member.kind,
            fields: member.enriched,
            contacts: false,
            asked: `Watch · ${member.url}`,
            fetchedAt: member.checkedAt,
            credits: member.credits,
          },
        ]
      : [],
  );
}

export interface HeldAnswer {
  kind: CrmKind;
  /** The answer's data: a person or company profile. */
  data: unknown;
  /** The profile's address, when the page knows it (a search result's, the page's). */
  url?: string;
  /** Emails and numbers were asked for with it. */
  contacts: boolean;
  asked: string;
  fetchedAt: number | null;
  credits: number | null;
}

/** One answer a page holds as a record; null when it holds no field to export. */
export function answerCrmRecord(answer: HeldAnswer): CrmRecord | null {
  const data = record(answer.data);
  const fields: EnrichedFields | null = data
    ? answer.kind === 'person'
      ? personFields(data, answer.url)
      : companyFields(data, answer.url)
    : answer.url
      ? { profileUrl: answer.url }
      : null;
  if (!fields) return null;
  const { data: _data, url: _url, ...provenance } = answer;
  return { ...provenance, fields };
}
