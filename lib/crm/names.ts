/**
 * A person's first and last name for a CRM's two columns and a vCard's N: as the answer gives them
 * (first_name, last_name) when it does; otherwise the full name's first word and the rest, which is
 * how most names the service gives without parts read.
 */
import type { EnrichedFields } from '../protocol';

export function nameParts(fields: EnrichedFields): { first: string; last: string } {
  if (fields.firstName || fields.lastName)
    return { first: fields.firstName ?? '', last: fields.lastName ?? '' };
  const [first = '', ...rest] = (fields.fullName ?? '').trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}
