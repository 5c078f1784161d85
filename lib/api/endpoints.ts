/**
 * The endpoint registry: one entry per endpoint of the spec. The client, the credit quote and the
 * sandbox's request validation read this table; nobody re-types a path, a parameter name or a
 * default elsewhere. An entry is the endpoint's plain description (./endpoint-info, which pages
 * may import), its params schema (./params), its response schema (./schemas) and its cost rule
 * (./costs), all keyed by the same id (./ids). Adding an endpoint touches those modules only.
 *
 * This module carries zod: only the background and the sandbox import it.
 */
import type { z } from 'zod';
import { type CostRule, costRules } from './costs';
import { type EndpointInfo, endpointInfo } from './endpoint-info';
import { paramError } from './error-reading';
import type { EndpointId } from './ids';
import { type ParamName, paramSchemas } from './params';
import * as s from './schemas';

export type { EndpointInfo } from './endpoint-info';
export type { ApiVersion, EndpointId } from './ids';

export interface EndpointDef<Id extends EndpointId = EndpointId, Response extends z.ZodType = z.ZodType>
  extends EndpointInfo<Id> {
  /** Validates what a person entered and returns the canonical params (defaults filled in). */
  params: (typeof paramSchemas)[Id];
  /** The 200 answer. */
  response: Response;
  cost: CostRule<ParamName<Id>>;
}

const responses = {
  'person.profile': s.personProfileSchema,
  'company.profile': s.companyProfileSchema,
  'school.profile': s.companyProfileSchema,
  'job.profile': s.jobProfileSchema,
  'job.search': s.jobSearchResponseSchema,
  'role.lookup': s.roleLookupResponseSchema,
  'person.lookup': s.personLookupResponseSchema,
  'email.lookup': s.emailLookupResponseSchema,
  'company.lookup': s.companyLookupResponseSchema,
  'employee.count': s.employeeCountResponseSchema,
  'employee.list': s.employeeListResponseSchema,
  'student.list': s.studentListResponseSchema,
  'person.search': s.personSearchResponseSchema,
  'company.search': s.companySearchResponseSchema,
  'person.v3': s.personV3Schema,
  'company.logo': s.companyLogoResponseSchema,
} satisfies Record<EndpointId, z.ZodType>;

type Endpoints = { [Id in EndpointId]: EndpointDef<Id, (typeof responses)[Id]> };

function entry<Id extends EndpointId>(id: Id): Endpoints[Id] {
  return {
    ...(endpointInfo[id] as EndpointInfo<Id>),
    params: paramSchemas[id],
    response: responses[id],
    cost: costRules[id] as CostRule<ParamName<Id>>,
  } as Endpoints[Id];
}

export const endpoints = Object.fromEntries(
  (Object.keys(endpointInfo) as EndpointId[]).map((id) => [id, entry(id)]),
) as Endpoints;

/**
 * The one parse of what a person entered: the canonical params (defaults filled in), or an
 * `ApiError` of kind 'invalid' naming the parameter, before any request (or credit) is spent.
 */
export function canonicalParams(
  id: EndpointId,
  params: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const parsed = endpoints[id].params.safeParse(params);
  if (!parsed.success) throw paramError(parsed.error, id);
  return parsed.data as Record<string, unknown>;
}

/** The parsed 200 answer of an endpoint. */
export type ResponseOf<Id extends EndpointId> = z.infer<(typeof responses)[Id]>;

/**
 * Not an endpoint of the spec: the provider's live API also answers this, free. A 404 from it
 * means "balance unknown". Kept apart from `endpoints` because no quote or form applies to it.
 */
export const creditBalanceEndpoint = {
  version: 'v2',
  path: '/api/v2/credit-balance',
  response: s.creditBalanceResponseSchema,
} as const;
