/**
 * What a list's output shows of an answer (background only; the answer itself stays in the cache),
 * by endpoint: a person's or a company's fields (read by lib/enriched-fields.ts, which the pages
 * share for the panel's and the popup's CRM exports), and whether the answer said nobody matched.
 */
import type { EndpointId } from '../../api/ids';
import { companyFields, kept, personFields, personV3Fields, record, text } from '../../enriched-fields';
import type { EnrichedFields } from '../../protocol';

/** The output's fields of an answer, and whether it said that nothing matched. */
export function readEnriched(
  endpointId: EndpointId,
  data: unknown,
): { fields: EnrichedFields | null; noMatch: boolean } {
  const answer = record(data);
  switch (endpointId) {
    case 'person.profile':
      return { fields: answer && personFields(answer), noMatch: answer === null };
    case 'person.v3':
      return { fields: answer && personV3Fields(answer), noMatch: answer === null };
    case 'company.profile':
    case 'school.profile':
      return { fields: answer && companyFields(answer), noMatch: answer === null };
    case 'job.profile':
      return {
        fields: answer && kept({ title: text(answer.title), company: text(record(answer.company)?.name) }),
        noMatch: answer === null,
      };
    case 'email.lookup':
    case 'person.lookup': {
      const url = text(answer?.url);
      const profile = record(answer?.profile);
      if (!url && !profile) return { fields: null, noMatch: true };
      return { fields: profile ? personFields(profile, url) : kept({ profileUrl: url }), noMatch: false };
    }
    case 'company.lookup': {
      const url = text(answer?.url);
      const profile = record(answer?.profile);
      if (!url && !profile) return { fields: null, noMatch: true };
      return { fields: profile ? companyFields(profile, url) : kept({ profileUrl: url }), noMatch: false };
    }
    default:
      return { fields: null, noMatch: false };
  }
}
