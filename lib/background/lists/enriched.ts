/**
 * What a list's output shows of an answer (background only; the answer itself stays in the cache):
 * a person's name, headline, current title and company, location, profile address, personal emails
 * and numbers; a company's name, domain and size. Read by field names alone: the background has
 * validated the answer, and a field of another type is left out, not shown.
 */
import type { EndpointId } from '../../api/ids';
import { canonicalPersonUrl } from '../../networks';
import { websiteDomain } from '../../profile-urls';
import type { EnrichedFields } from '../../protocol';
import { currentExperiences } from '../../watch/changes';

type Data = Record<string, unknown>;

function record(value: unknown): Data | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function texts(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const found = value.flatMap((item) => {
    const one = text(item) ?? text(record(item)?.email) ?? text(record(item)?.number);
    return one ? [one] : [];
  });
  return found.length > 0 ? found : undefined;
}

/** Drops the fields with nothing in them; null when none is left. */
function kept(fields: EnrichedFields): EnrichedFields | null {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as EnrichedFields) : null;
}

function person(profile: Data, url?: string): EnrichedFields | null {
  const experiences = Array.isArray(profile.experiences) ? profile.experiences.map(record) : [];
  const current = currentExperiences(experiences)[0] ?? experiences[0];
  const place = [text(profile.city), text(profile.state), text(profile.country_full_name)]
    .filter(Boolean)
    .join(', ');
  const identifier = text(profile.public_identifier);
  return kept({
    fullName:
      text(profile.full_name) ??
      ([text(profile.first_name), text(profile.last_name)].filter(Boolean).join(' ') || undefined),
    headline: text(profile.headline) ?? text(profile.occupation),
    title: text(current?.title),
    company: text(current?.company),
    location: text(profile.location_str) ?? (place || undefined),
    profileUrl: url ?? (identifier ? canonicalPersonUrl(identifier) : undefined),
    emails: texts(profile.personal_emails),
    phones: texts(profile.personal_numbers),
  });
}

/** The version 3 person shape (camelCase). */
function personV3(profile: Data): EnrichedFields | null {
  const position =
    record(profile.currentPosition) ?? record(Array.isArray(profile.positions) ? profile.positions[0] : null);
  return kept({
    fullName: text(profile.fullName),
    headline: text(profile.headline),
    title: text(profile.jobTitle) ?? text(position?.title),
    company: text(record(position?.company)?.name) ?? text(position?.companyName),
    location: text(profile.location) ?? text(record(profile.location)?.name),
    profileUrl: text(profile.profileUrl),
  });
}

function company(profile: Data, url?: string): EnrichedFields | null {
  const size = Array.isArray(profile.company_size) ? profile.company_size : null;
  const [low, high] = [size?.[0], size?.[1]];
  const sizeText =
    typeof low === 'number'
      ? typeof high === 'number'
        ? `${low}-${high}`
        : `${low}+`
      : typeof profile.company_size_on_network === 'number'
        ? String(profile.company_size_on_network)
        : undefined;
  return kept({
    company: text(profile.name),
    headline: text(profile.tagline) ?? text(profile.industry),
    profileUrl: url,
    companyDomain: websiteDomain(text(profile.website) ?? '') ?? undefined,
    companySize: sizeText,
  });
}

/** The output's fields of an answer, and whether it said that nothing matched. */
export function readEnriched(
  endpointId: EndpointId,
  data: unknown,
): { fields: EnrichedFields | null; noMatch: boolean } {
  const answer = record(data);
  switch (endpointId) {
    case 'person.profile':
      return { fields: answer && person(answer), noMatch: answer === null };
    case 'person.v3':
      return { fields: answer && personV3(answer), noMatch: answer === null };
    case 'company.profile':
    case 'school.profile':
      return { fields: answer && company(answer), noMatch: answer === null };
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
      return { fields: profile ? person(profile, url) : kept({ profileUrl: url }), noMatch: false };
    }
    case 'company.lookup': {
      const url = text(answer?.url);
      const profile = record(answer?.profile);
      if (!url && !profile) return { fields: null, noMatch: true };
      return { fields: profile ? company(profile, url) : kept({ profileUrl: url }), noMatch: false };
    }
    default:
      return { fields: null, noMatch: false };
  }
}
