/**
 * The fields of a person's or a company's answer that the exports show (EnrichedFields): a
 * person's name (and its first and last parts as the answer gives them), headline, current title
 * and company, place, profile address, personal emails and numbers; a company's name, domain,
 * website, industry, size, place. Read by field names alone, from data the background has
 * validated: a field of another type is left out, not shown. Shared: the background reads a list's
 * answers with it (lib/background/lists/enriched.ts), the panel and the popup their own answers for
 * the CRM exports (lib/crm/).
 */
import { canonicalPersonUrl } from './networks';
import { websiteDomain } from './profile-urls';
import type { EnrichedFields } from './protocol';
import { currentExperiences } from './watch/changes';

type Data = Record<string, unknown>;

export function record(value: unknown): Data | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : null;
}

export function text(value: unknown): string | undefined {
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
export function kept(fields: EnrichedFields): EnrichedFields | null {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as EnrichedFields) : null;
}

/** A person profile (version 2 shape); `url`: the address a lookup answered with. */
export function personFields(profile: Data, url?: string): EnrichedFields | null {
  const experiences = Array.isArray(profile.experiences) ? profile.experiences.map(record) : [];
  const current = currentExperiences(experiences)[0] ?? experiences[0];
  const country = text(profile.country_full_name) ?? text(profile.country);
  const place = [text(profile.city), text(profile.state), country].filter(Boolean).join(', ');
  const identifier = text(profile.public_identifier);
  const firstName = text(profile.first_name);
  const lastName = text(profile.last_name);
  return kept({
    fullName: text(profile.full_name) ?? ([firstName, lastName].filter(Boolean).join(' ') || undefined),
    firstName,
    lastName,
    headline: text(profile.headline) ?? text(profile.occupation),
    title: text(current?.title),
    company: text(current?.company),
    location: text(profile.location_str) ?? (place || undefined),
    city: text(profile.city),
    state: text(profile.state),
    country,
    profileUrl: url ?? (identifier ? canonicalPersonUrl(identifier) : undefined),
    emails: texts(profile.personal_emails),
    phones: texts(profile.personal_numbers),
  });
}

/** The version 3 person shape (camelCase). */
export function personV3Fields(profile: Data): EnrichedFields | null {
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

/** A company (or school) profile; `url`: its address, when the caller knows it. */
export function companyFields(profile: Data, url?: string): EnrichedFields | null {
  const size = Array.isArray(profile.company_size) ? profile.company_size : null;
  const [low, high] = [size?.[0], size?.[1]];
  const onNetwork =
    typeof profile.company_size_on_network === 'number' ? profile.company_size_on_network : undefined;
  const sizeText =
    typeof low === 'number'
      ? typeof high === 'number'
        ? `${low}-${high}`
        : `${low}+`
      : onNetwork !== undefined
        ? String(onNetwork)
        : undefined;
  const hq = record(profile.hq);
  const website = text(profile.website);
  return kept({
    company: text(profile.name),
    headline: text(profile.tagline) ?? text(profile.industry),
    profileUrl: url,
    companyDomain: websiteDomain(website ?? '') ?? undefined,
    companySize: sizeText,
    website,
    industry: text(profile.industry),
    employeeCount: onNetwork ?? (typeof low === 'number' ? low : undefined),
    city: text(hq?.city),
    state: text(hq?.state),
    country: text(hq?.country),
  });
}
