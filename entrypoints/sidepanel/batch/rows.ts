/**
 * What "Found on this page" lists, as rows with the request each one would send: profiles by kind
 * (the request from the one table of kinds, lib/profiles.ts), e-mail addresses (a reverse email
 * lookup), and, on a company's own website with no profile links, the company looked up by its
 * domain (company lookup and logo search). Pure: the hook asks, the views draw.
 */

import { PARAM_FIELDS } from '@/lib/api/fields';
import { DEFAULT_FRESHNESS, type Freshness, freshnessParams } from '@/lib/freshness';
import { enrichRequestOf, PROFILE_KIND_INFO, PROFILE_KINDS } from '@/lib/profiles';
import type { Findings, PeekRequest } from '@/lib/protocol';

export interface FoundItem {
  /** Unique in the page's list: "person:ada", "email:ada@example.com", "site:company.lookup". */
  key: string;
  /** The group it is listed in (a profile kind, "email" or "site"). */
  group: string;
  label: string;
  /** The id or address beside the label. */
  detail?: string;
  href?: string;
  /** What enriching it asks; null when the service would refuse its address. */
  request: PeekRequest | null;
  /** Why it cannot be enriched, when `request` is null. */
  refusal?: string;
  /** Can be put in a batch. */
  batchable: boolean;
}

export interface FoundGroupInfo {
  id: string;
  title: string;
}

/** The groups in the order the panel lists them. */
export const GROUPS: readonly FoundGroupInfo[] = [
  ...PROFILE_KINDS.map((kind) => ({ id: kind, title: PROFILE_KIND_INFO[kind].many })),
  { id: 'email', title: 'E-mail addresses' },
];

/**
 * Every profile the page links to (but its own) and every e-mail address in it. Profiles are asked
 * with the person's freshness (sent explicitly, lib/freshness.ts), as the page's own profile is.
 */
export function foundItems(findings: Findings, freshness: Freshness = DEFAULT_FRESHNESS): FoundItem[] {
  const own = findings.page;
  const items: FoundItem[] = [];
  const seen = new Set<string>();
  for (const profile of findings.profiles) {
    if (own && profile.kind === own.kind && profile.id === own.id) continue;
    const key = `${profile.kind}:${profile.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const enrich = enrichRequestOf(profile);
    const request = enrich && {
      endpointId: enrich.endpointId,
      params: { ...enrich.params, ...freshnessParams(PARAM_FIELDS[enrich.endpointId], freshness) },
    };
    items.push({
      key,
      group: profile.kind,
      label: profile.label ?? profile.id,
      detail: profile.label ? profile.id : undefined,
      href: profile.url,
      request,
      refusal: request ? undefined : 'Its address does not name a public profile: the service refuses it',
      batchable: request !== null,
    });
  }
  for (const email of findings.emails) {
    const key = `email:${email.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({
      key,
      group: 'email',
      label: email,
      request: { endpointId: 'email.lookup', params: { email } },
      batchable: true,
    });
  }
  return items;
}

const IP_ADDRESS = /^(\d{1,3}\.){3}\d{1,3}$|^\[?[0-9a-f:]+\]?$/i;

/**
 * The domain of a company's own website, when the page is one: an http(s) page that is no profile
 * and links to none. Null otherwise (or when its host is an address, not a domain).
 */
export function companySiteDomain(findings: Findings): string | null {
  if (findings.page !== null || findings.profiles.length > 0) return null;
  let url: URL;
  try {
    url = new URL(findings.pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^www\./, '');
  if (!host.includes('.') || IP_ADDRESS.test(host)) return null;
  return host;
}

/** "Look up this company" by its domain: the company lookup and the logo search, each quoted. */
export function siteItems(domain: string): FoundItem[] {
  return [
    {
      key: 'site:company.lookup',
      group: 'site',
      label: `Company profile for ${domain}`,
      request: { endpointId: 'company.lookup', params: { company_domain: domain } },
      batchable: false,
    },
    {
      key: 'site:company.logo',
      group: 'site',
      label: `Logo search for ${domain}`,
      request: { endpointId: 'company.logo', params: { q: domain } },
      batchable: false,
    },
  ];
}
