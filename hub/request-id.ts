/**
 * A member request's id: the `Idempotency-Key` the extension sends with each paid call. The journal
 * answers a request asked again with the same id from what became of it (request-steps.ts), and the
 * request log names the request by it (request-log.ts).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REQUEST_ID_RULE = 'from 1 to 200 printable characters, no spaces';
/** A request id as a member's client makes one (a uuid, or any short printable token). */
const READABLE_ID = /^[\x21-\x7e]{1,200}$/;

/** The request id a member sent: undefined when none; null when what was sent is not one (REQUEST_ID_RULE). */
export function sentRequestId(header: string | undefined): string | null | undefined {
  const given = header?.trim();
  if (!given) return undefined;
  return READABLE_ID.test(given) ? given : null;
}
