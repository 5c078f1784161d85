/**
 * The options page's "Scan every site I visit" switch: off by default, it asks the browser for
 * the permission to read every site when it is turned on (saying why first), and gives it back
 * when it is turned off. It applies at once; the settings form's Save does not concern it.
 */

import { Toggle } from '@/components/Field';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import type { UserMessage } from '@/lib/api/errors';

export type ScanEverySiteState =
  | { status: 'loading' }
  /** The background could not say whether it is on. */
  | { status: 'unknown'; message: UserMessage }
  /** `changing`: the switch shows what the person asked for while the browser answers. */
  | { status: 'ready'; enabled: boolean; changing: boolean };

export type ScanEverySiteOutcome =
  | { kind: 'turned-on' }
  | { kind: 'turned-off'; apiAccessLost: boolean }
  /** The person did not grant the permission. */
  | { kind: 'denied' }
  | { kind: 'failed'; message: UserMessage };

export interface ScanEverySiteProps {
  state: ScanEverySiteState;
  outcome: ScanEverySiteOutcome | null;
  /** Called from the switch's change, a user gesture: the permission request must start in it. */
  onToggle: (enabled: boolean) => void;
  onRetry: () => void;
}

export const SCAN_EVERY_SITE_LABEL = 'Scan every site I visit';

export function ScanEverySite({ state, outcome, onToggle, onRetry }: ScanEverySiteProps) {
  return (
    <section class="card" aria-labelledby="scan-sites-heading">
      <header>
        <h2 id="scan-sites-heading">Other sites</h2>
        <p class="muted">
          Pages on the supported profile sites are read by themselves. Any other page is read when you press
          Scan this page in the side panel.
        </p>
      </header>
      {state.status === 'loading' && <Busy>Checking…</Busy>}
      {state.status === 'unknown' && <ErrorNotice message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' && (
        <Toggle
          label={SCAN_EVERY_SITE_LABEL}
          hint="Finds profile links and e-mail addresses on any page, such as company sites and search results, served over https (a plain http page is read when you press Scan this page). For that the browser asks you to let the extension read every site; it only reads, and nothing is sent anywhere until you enrich. Turning it off gives the permission back."
          checked={state.enabled}
          disabled={state.changing}
          onToggle={onToggle}
        />
      )}
      {state.status === 'ready' && state.changing && (
        <Busy>{state.enabled ? 'Waiting for your answer to the browser…' : 'Turning it off…'}</Busy>
      )}
      {outcome && <ScanEverySiteStatus outcome={outcome} />}
    </section>
  );
}

function ScanEverySiteStatus({ outcome }: { outcome: ScanEverySiteOutcome }) {
  switch (outcome.kind) {
    case 'turned-on':
      return (
        <Notice tone="success" title="Every site you visit is scanned">
          <p>Pages open already are read when you reload them.</p>
        </Notice>
      );
    case 'turned-off':
      return outcome.apiAccessLost ? (
        <Notice tone="error" title="Turned off, and access to the service's address went with it">
          <p>Press Test connection and choose Allow to connect again.</p>
        </Notice>
      ) : (
        <Notice tone="success" title="Turned off: only the profile sites are read by themselves" />
      );
    case 'denied':
      return (
        <Notice tone="error" title="Not turned on: the browser's permission was not granted">
          <p>
            Other pages are still read when you ask, from the side panel. To scan every site, turn this on
            again and choose Allow.
          </p>
        </Notice>
      );
    case 'failed':
      return <ErrorNotice message={outcome.message} />;
  }
}
