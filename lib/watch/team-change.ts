/**
 * A change the team's watch found, as the hub keeps and tells it (hub/team-watch.ts, answered at
 * `GET /hub/v1/watch/changes`) and a member's browser reads it (lib/background/watch/team-changes.ts):
 * one declaration for both sides. Numbered, for a sync from a cursor.
 */
import type { PersonEvent } from './events';

export interface TeamChange {
  seq: number;
  /** The person's canonical profile address. */
  person: string;
  name: string | null;
  at: string;
  event: PersonEvent;
  /** The team's lists watching the person (their names). */
  lists: string[];
  /** Whether this member marked it seen. */
  seen: boolean;
}
