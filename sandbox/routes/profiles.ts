/** Person, company, school and job profiles (v2). */
import { parseProfileUrl } from '../../lib/profile-urls';
import { companyProfileCost, JOB_PROFILE_COST, personProfileCost, schoolProfileCost } from '../billing';
import type { SandboxPerson, SandboxQueries } from '../data/types';
import { NOT_FOUND, type RouteAnswer, type RouteInput } from './context';
import { publishedCompany, publishedJob, publishedPerson, publishedSchool } from './published';
import { companyProfile, personProfileWithEnrichment, schoolProfile } from './shape';

const UNAVAILABLE: RouteAnswer = { kind: 'error', status: 503 };

/** The person a Person Profile request names by one of its three URL parameters. */
function personOfRequest(
  queries: SandboxQueries,
  params: RouteInput<'person.profile'>['params'],
): SandboxPerson | undefined {
  if (params.profile_url !== undefined) return queries.personByUrl(params.profile_url);
  const handleUrl = params.social_profile_url ?? params.microblog_profile_url;
  const expected = params.social_profile_url !== undefined ? 'social' : 'microblog';
  const ref = handleUrl === undefined ? null : parseProfileUrl(handleUrl);
  return ref?.kind === expected ? queries.personByHandle(expected, ref.id) : undefined;
}

export function personProfileRoute({
  params,
  queries,
  freshness,
  now,
}: RouteInput<'person.profile'>): RouteAnswer {
  // A published answer's person (published.ts) is served like a person of the dataset.
  const person = publishedPerson(params) ?? personOfRequest(queries, params);
  if (!person) return NOT_FOUND;
  const fresh = freshness.serve('person', person, params, now);
  if (!fresh.served) return UNAVAILABLE;
  const body = personProfileWithEnrichment(person, fresh.lastUpdated, params);
  return { kind: 'json', body, cost: personProfileCost(params, body) };
}

export function companyProfileRoute({
  params,
  queries,
  freshness,
  now,
}: RouteInput<'company.profile'>): RouteAnswer {
  const cost = companyProfileCost(params);
  const company = publishedCompany(params) ?? queries.companyByUrl(params.url);
  if (!company) return NOT_FOUND;
  const fresh = freshness.serve('company', company, params, now);
  if (!fresh.served) return UNAVAILABLE;
  return { kind: 'json', body: companyProfile(company, fresh.lastUpdated, params), cost };
}

export function schoolProfileRoute({
  params,
  queries,
  freshness,
  now,
}: RouteInput<'school.profile'>): RouteAnswer {
  const cost = schoolProfileCost(params);
  const school = publishedSchool(params) ?? queries.schoolByUrl(params.url);
  if (!school) return NOT_FOUND;
  const fresh = freshness.serve('school', school, params, now);
  if (!fresh.served) return UNAVAILABLE;
  return { kind: 'json', body: schoolProfile(school, fresh.lastUpdated), cost };
}

export function jobProfileRoute({ params, queries }: RouteInput<'job.profile'>): RouteAnswer {
  const body = publishedJob(params) ?? queries.jobByUrl(params.url)?.profile;
  return body ? { kind: 'json', body, cost: JOB_PROFILE_COST } : NOT_FOUND;
}
