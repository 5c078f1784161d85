/**
 * Which request enriches each row of a list, by the columns' roles: a profile address → the
 * profile; an email → the reverse email lookup; a name with a company → the person lookup; a
 * company's profile address → the company profile; a company domain or name → the company lookup.
 * The first that a row has decides (a row about a person is about that person even if it names
 * their company). A row with none says why, in a person's words. Plain data, no zod: the
 * background validates and canonicalizes what is sent (and refuses what it must, row by row).
 */
import { PARAM_FIELDS } from '@/lib/api/fields';
import type { EndpointId } from '@/lib/api/ids';
import { isEmailAddress } from '@/lib/email-selection';
import { freshnessParams } from '@/lib/freshness';
import { cellsOf } from '@/lib/list-columns';
import { parseProfileUrl, websiteDomain } from '@/lib/profile-urls';
import { enrichRequestOf } from '@/lib/profiles';
import type { ListColumnRole, ListOptions, PeekRequest } from '@/lib/protocol';

export type RowRequest =
  | { endpointId: EndpointId; params: Record<string, string | number>; identity: string }
  | { reason: string };

const PERSON_KINDS = new Set(['person', 'social', 'microblog', 'codehost']);

/** Same params, same identity: what makes two rows ask the same thing. */
function identityOf(endpointId: EndpointId, params: Record<string, string | number>): string {
  return `${endpointId}?${Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&')}`;
}

function request(endpointId: EndpointId, params: Record<string, string | number>): RowRequest {
  return { endpointId, params, identity: identityOf(endpointId, params) };
}

export function rowRequest(
  cells: readonly string[],
  roles: readonly ListColumnRole[],
  options: ListOptions,
): RowRequest {
  const enrich = options.withProfiles ? 'enrich' : 'skip';
  const addresses = [...cellsOf(cells, roles, 'profile_url'), ...cellsOf(cells, roles, 'company_url')];
  const profiles = addresses.map((address) => ({ address, profile: parseProfileUrl(address) }));

  // A person's own address first.
  const person = profiles.find(({ profile }) => profile && PERSON_KINDS.has(profile.kind))?.profile;
  if (person) {
    const enriches = enrichRequestOf(person);
    if (!enriches) return { reason: 'A hashed profile address: the service does not accept it' };
    const extra =
      enriches.endpointId === 'person.profile'
        ? {
            ...freshnessParams(PARAM_FIELDS['person.profile'], options.freshness),
            ...(options.contacts ? { personal_email: 'include', personal_contact_number: 'include' } : {}),
          }
        : {};
    return request(enriches.endpointId, { ...enriches.params, ...extra });
  }

  const emailCell = cellsOf(cells, roles, 'email')[0];
  if (emailCell && isEmailAddress(emailCell)) {
    return request('email.lookup', {
      email: emailCell.toLowerCase(),
      lookup_depth: 'deep',
      enrich_profile: enrich,
    });
  }

  const [first, last] = nameOf(cells, roles);
  const domainCell = cellsOf(cells, roles, 'company_domain')[0];
  const companyName = cellsOf(cells, roles, 'company_name')[0];
  const company = (domainCell && websiteDomain(domainCell)) || companyName;
  if (first && company) {
    return request('person.lookup', {
      first_name: first,
      ...(last ? { last_name: last } : {}),
      company_domain: company,
      enrich_profile: enrich,
    });
  }

  // A company's (or school's, or job's) own profile address.
  const other = profiles.find(({ profile }) => profile && !PERSON_KINDS.has(profile.kind))?.profile;
  if (other) {
    const enriches = enrichRequestOf(other);
    if (enriches) {
      const fields = PARAM_FIELDS[enriches.endpointId];
      return request(enriches.endpointId, {
        ...enriches.params,
        ...freshnessParams(fields, options.freshness),
      });
    }
  }

  const domain = domainCell ? websiteDomain(domainCell) : null;
  if (domain) return request('company.lookup', { company_domain: domain, enrich_profile: enrich });
  if (companyName) return request('company.lookup', { company_name: companyName, enrich_profile: enrich });

  // Nothing to ask: say what is wrong with what is there.
  const unread = profiles.find(({ profile }) => !profile);
  if (unread) return { reason: `“${shorten(unread.address)}” is not a profile address we recognise` };
  if (emailCell) return { reason: `“${shorten(emailCell)}” is not an email address` };
  if (domainCell) return { reason: `“${shorten(domainCell)}” is not a website` };
  if (first) return { reason: 'A name alone: a person is looked up by name and company' };
  return { reason: 'Nothing to look up: no profile address, email, name with company, or company' };
}

/**
 * First and last name: from their own columns, or a full name split at its first space (many more
 * people have two family names, "Luz Carrasco Peña", than two given names).
 */
function nameOf(cells: readonly string[], roles: readonly ListColumnRole[]): [string?, string?] {
  const first = cellsOf(cells, roles, 'first_name')[0];
  const last = cellsOf(cells, roles, 'last_name')[0];
  if (first) return [first, last];
  const full = cellsOf(cells, roles, 'full_name')[0]?.replace(/\s+/g, ' ');
  // A name needs a letter ("-" or "n/a" is no name).
  if (!full || !/\p{L}{2}/u.test(full)) return [];
  const split = full.indexOf(' ');
  return split > 0 ? [full.slice(0, split), full.slice(split + 1)] : [full, last];
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * Every row's request, with the distinct ones once: `targets[i]` is the index in `requests` of
 * row i's request, or why it has none.
 */
export function planRequests(
  rows: readonly string[][],
  roles: readonly ListColumnRole[],
  options: ListOptions,
): { requests: PeekRequest[]; targets: Array<number | { reason: string }> } {
  const requests: PeekRequest[] = [];
  const byIdentity = new Map<string, number>();
  const targets = rows.map((cells) => {
    const asked = rowRequest(cells, roles, options);
    if ('reason' in asked) return { reason: asked.reason };
    const known = byIdentity.get(asked.identity);
    if (known !== undefined) return known;
    byIdentity.set(asked.identity, requests.length);
    requests.push({ endpointId: asked.endpointId, params: asked.params });
    return requests.length - 1;
  });
  return { requests, targets };
}
