/**
 * An employee count in the spec's terms, whichever shape the service answered with. Plain (no
 * zod): the panel draws it, and the sandbox serves published answers through it.
 */

/** The four fields an employee count answer may carry (./schemas validates the answer). */
export interface EmployeeCountFields {
  verified_employee_count?: number | null;
  estimated_employee_count?: number | null;
  linkdb_employee_count?: number | null;
  network_employee_count?: number | null;
}

export interface EmployeeCount {
  /** Employees the provider verified in its own dataset. */
  verified: number | null;
  /** The wider estimate; null when not requested. */
  estimated: number | null;
}

/**
 * Maps both shapes to the spec's terms. The old shape maps as the provider's own migration did:
 * `linkdb_employee_count` (counted from profiles in its dataset) is the verified count, and
 * `network_employee_count` (the network's page figure, the one the old `..._employee_count=include`
 * parameter added for a credit, as `estimated_employee_count=include` does now) is the estimate.
 * The spec's fields win when an answer carries both shapes.
 */
export function normalizeEmployeeCount(answer: EmployeeCountFields): EmployeeCount {
  return {
    verified: answer.verified_employee_count ?? answer.linkdb_employee_count ?? null,
    estimated: answer.estimated_employee_count ?? answer.network_employee_count ?? null,
  };
}
