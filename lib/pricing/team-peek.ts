/**
 * The team hub's batch peek (`POST /hub/v1/peek`), as both sides read it: the most requests one post
 * takes, what a member sends for each and what the hub answers. The hub answers (hub/peek.ts); the
 * extension's team connection asks, in posts of at most MAX_PEEK_REQUESTS
 * (lib/background/connection/team-hub.ts). Types and a number only: each side reads the other's
 * JSON with its own checks.
 */
import type { CrmIdentity, CrmMatchBy } from '../protocol';

/** The most requests one batch peek takes (a list's page of them). */
export const MAX_PEEK_REQUESTS = 1_000;

/** One request of a batch peek, as a member sends it. */
export interface PeekRequestBody {
  /** The service's path (`/api/v2/profile`). */
  path: string;
  /** Its canonical parameters, each a text, a number or true/false (the hub refuses others). */
  params: Readonly<Record<string, unknown>>;
  /** The row the request is for, matched against the team's CRM; else what the params name. */
  identity?: CrmIdentity;
}

/** What a request would get from the team. */
export interface PeekAnswer {
  /** The team has an answer a member may be given. */
  cached: boolean;
  /** That answer is fresh enough for the request: it would be served at 0 credits. */
  free: boolean;
  /** How old its data is; null when unknown or not cached. */
  age_seconds: number | null;
  fetched_at: string | null;
  /** The request, its row or the team's answer names a subject on the team's do-not-enrich list. */
  do_not_enrich: boolean;
  /** How the row matches the team's CRM reference (batch only); null: it does not. */
  crm: CrmMatchBy | null;
  /** Why the request is not one the service takes (the hub's 400 or 404 for it); null when it is. */
  invalid: string | null;
}
