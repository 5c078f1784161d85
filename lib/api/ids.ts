/**
 * The endpoint ids of the registry, and nothing else: every module of the registry (params, costs,
 * schemas, endpoint-info) keys its table by these, so it sits below all of them and imports nothing.
 * Ids are stable: tests, the ledger and saved searches name endpoints by them.
 */
export const ENDPOINT_IDS = [
  'person.profile',
  'company.profile',
  'school.profile',
  'job.profile',
  'job.search',
  'role.lookup',
  'person.lookup',
  'email.lookup',
  'company.lookup',
  'employee.count',
  'employee.list',
  'student.list',
  'person.search',
  'company.search',
  'person.v3',
  'company.logo',
] as const;

export type EndpointId = (typeof ENDPOINT_IDS)[number];

export type ApiVersion = 'v2' | 'v3';
