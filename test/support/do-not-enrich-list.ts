/**
 * A do-not-enrich list over the unit tests' dataset, and the requests it names: every endpoint's
 * forms of asking about a listed subject (each must be refused before anything is sent) and forms
 * that name none. Read by the matching's tests (test/unit/lib/pricing/do-not-enrich.test.ts) and the
 * background's against the sandbox (test/unit/lib/background/do-not-enrich.test.ts).
 */
import type { EndpointId } from '../../lib/api/ids';
import { readList } from '../../lib/pricing/do-not-enrich';
import type { RawParamsMessage } from '../../lib/protocol';
import { unitDataset } from './sandbox-service';

export const dataset = unitDataset();
/** A listed person (a non-Latin public identifier: the URL is percent-encoded). */
export const person = dataset.people[7]!;
export const {
  public_identifier: publicIdentifier,
  first_name: firstName,
  last_name: lastName,
  full_name: fullName,
} = person.profile as Record<'public_identifier' | 'first_name' | 'last_name' | 'full_name', string>;
const currentStint = dataset.employments.find((s) => s.personIndex === person.index && s.end === null)!;
/** Where the listed person works now: not listed itself. */
export const employer = dataset.companies[currentStint.companyIndex]!;
export const company = dataset.companies[0]!;
const school = dataset.schools[0]!;
const job = dataset.jobs.find((j) => j.companyIndex !== company.index)!;

export const LIST = [
  person.url,
  'ada@example.com',
  'grace+news@example.org',
  '@customer.com',
  'acme.com',
  company.url,
  school.url,
  job.url,
  'https://github.com/ada-codes',
  'https://x.com/ada_tweets',
  'https://www.facebook.com/ada.social',
].join('\n');

export const listedKeySet = () => new Set(readList(LIST).entries.map((entry) => entry.key));

/**
 * For every endpoint, the forms of a request that name a listed subject. Each must be refused before
 * anything is sent. (A Record over every endpoint id: a new endpoint fails the typecheck until it is here.)
 */
export const REFUSED: Record<EndpointId, RawParamsMessage[]> = {
  'person.profile': [
    { profile_url: person.url },
    { profile_url: `linkedin.com/in/${decodeURIComponent(person.url.split('/in/')[1]!)}/?trk=x` },
    { social_profile_url: 'https://www.facebook.com/Ada.Social' },
    { microblog_profile_url: 'https://twitter.com/ada_tweets' },
  ],
  'company.profile': [{ url: company.url }, { url: `${company.url}/about/` }],
  'school.profile': [{ url: school.url }],
  'job.profile': [{ url: job.url }],
  'job.search': [{ keyword: 'acme.com' }],
  'role.lookup': [
    { role: 'CEO', company_name: 'acme.com' },
    { role: 'CEO', company_name: 'https://www.Acme.com/about' },
    { role: 'CEO', company_name: company.url },
  ],
  'person.lookup': [
    { first_name: 'Bob', company_domain: 'acme.com/about' },
    { first_name: 'Bob', company_domain: 'WWW.ACME.COM' },
    { first_name: 'Bob', company_domain: 'https://shop.acme.com/' },
  ],
  'email.lookup': [
    { email: 'ada+x@example.com' },
    { email: 'ADA@Example.com' },
    { email: 'grace@example.org' },
    { email: 'grace+other@example.org' },
    { email: 'bob@mail.customer.com' },
  ],
  'company.lookup': [
    { company_name: 'Acme.com' },
    { company_domain: 'acme.com/about' },
    { company_name: 'Acme', company_domain: 'https://www.acme.com/contact' },
  ],
  'employee.count': [{ url: company.url }],
  'employee.list': [{ url: company.url }, { url: `${company.url}/people/` }],
  'student.list': [{ school_url: school.url }],
  'person.search': [
    { public_identifier_in_list: `someone-else,${publicIdentifier}` },
    { public_identifier_in_list: `someone-else, ${encodeURIComponent(publicIdentifier)}` },
    { public_identifier_in_list: person.url },
    { current_company_profile_url: company.url },
    { past_company_profile_url: company.url },
    { education_school_profile_url: school.url },
    { current_company_domain_name: 'beta.io OR acme.com' },
    { current_company_name: 'Acme.com' },
  ],
  'company.search': [
    { public_identifier_in_list: `other,${company.url.split('/company/')[1]}` },
    { domain_name: 'acme.com' },
    { name: 'acme.com' },
  ],
  'person.v3': [
    { profile: publicIdentifier },
    { profile: person.url },
    { codehost: 'Ada-Codes' },
    { microblog: '@ada_tweets' },
    { social: 'ada.social' },
    { email: 'ada+v3@example.com' },
  ],
  'company.logo': [{ q: 'acme.com' }, { q: 'https://www.acme.com' }, { q: 'shop.acme.com/about' }],
};

/** Forms that name no listed subject, or leave one out of a search: asked as usual. */
export const ASKED: [EndpointId, RawParamsMessage][] = [
  ['person.search', { public_identifier_not_in_list: publicIdentifier, country: 'US' }],
  ['company.logo', { q: 'Acme' }],
  ['email.lookup', { email: 'adam@example.com' }],
  ['email.lookup', { email: 'grace@example.com' }],
  ['person.lookup', { first_name: 'Ada', company_domain: 'acme.org' }],
  ['person.lookup', { first_name: 'Ada', company_domain: 'notacme.com' }],
  ['role.lookup', { role: 'CEO', company_name: 'Acme Inc.' }],
  ['company.search', { name: 'Acme' }],
  ['person.v3', { profile: 'ada-lovelace' }],
];
