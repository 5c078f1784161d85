/**
 * The one place that knows how the extension reaches the service: with the person's own key
 * (./own-key.ts) or through the team's hub (./team-hub.ts). Everything that differs between the two
 * is a member of `Connection`, chosen once from the settings (`connectionFor`); the rest of the
 * background asks the connection and never which mode it is in.
 */
import type { Settings } from '../../settings';
import { ownKey } from './own-key';
import { teamHub } from './team-hub';
import type { Connection } from './types';

export type {
  Connection,
  ConnectionClient,
  PeekAsked,
  PeekMark,
  ServiceAddress,
  TeamWatchAt,
} from './types';

/** The connection the settings choose. */
export function connectionFor(settings: Settings): Connection {
  return settings.connection === 'team-hub' ? teamHub(settings) : ownKey(settings);
}
