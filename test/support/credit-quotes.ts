/**
 * Quotes and reconciliations as the credit tests ask for them: each endpoint's required params
 * filled in, so a test only spells out what it varies, and the answers it reconciles against.
 */
import type { EndpointId } from '../../lib/api/endpoints';
import type { CreditQuote, Plan } from '../../lib/pricing/credits';
import { quoteRaw, reconcileRaw } from './raw-params';

export type RawParams = Record<string, string | number>;

/** The parameters each endpoint requires, so a test only spells out what it varies. */
export const REQUIRED: Record<EndpointId, RawParams> = {
  'person.profile': { profile_url: 'https://www.linkedin.com/in/johnrmarty/' },
  'company.profile': { url: 'https://www.linkedin.com/company/google/' },
  'school.profile': { url: 'https://www.linkedin.com/school/national-university-of-singapore/' },
  'job.profile': { url: 'https://www.linkedin.com/jobs/view/content-strategist-at-microsoft-3257696537/' },
  'job.search': { search_id: '1035' },
  'role.lookup': { role: 'ceo', company_name: 'Nubela' },
  'person.lookup': { first_name: 'Bill', company_domain: 'gatesfoundation.org' },
  'email.lookup': { email: 'robin@example.com' },
  'company.lookup': { company_domain: 'accenture.com' },
  'employee.count': { url: 'https://www.linkedin.com/company/apple/' },
  'employee.list': { url: 'https://www.linkedin.com/company/microsoft/' },
  'student.list': { school_url: 'https://www.linkedin.com/school/stanford-university/' },
  'person.search': { country: 'US' },
  'company.search': { country: 'US' },
  'person.v3': { profile: 'https://www.linkedin.com/in/johnrmarty/' },
  'company.logo': { q: 'nubela' },
};

export const quote = (id: EndpointId, params: RawParams = {}, plan: Plan = 'growth') =>
  quoteRaw(id, { ...REQUIRED[id], ...params }, { plan });

export const reconcile = (id: EndpointId, params: RawParams, response: unknown, plan: Plan = 'growth') =>
  reconcileRaw(id, { ...REQUIRED[id], ...params }, response, { plan });

export const range = ({ min, max }: CreditQuote) => ({ min, max });

/** A listing or search page holding `count` results. */
export function page(key: 'employees' | 'students' | 'results' | 'job', count: number, enriched = false) {
  const results = Array.from({ length: count }, (_, i) => ({
    profile_url: `https://www.linkedin.com/in/person-${i}`,
    network_profile_url: `https://www.linkedin.com/in/person-${i}`,
    profile: enriched ? { public_identifier: `person-${i}` } : null,
    last_updated: '2025-01-01T00:00:00Z',
  }));
  return { [key]: results, next_page: null };
}

/** A person profile with the optional fields given; the rest absent. */
export const person = (optional: Record<string, unknown> = {}) => ({
  public_identifier: 'johnrmarty',
  ...optional,
});

export const NULL_LOOKUP = { url: null, profile: null, last_updated: null };
