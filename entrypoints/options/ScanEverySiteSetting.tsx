/**
 * "Scan every site I visit": asks the browser for the permission inside the person's click, then
 * the background for the content script that goes with it; turning it off gives both back.
 */
import { useEffect, useState } from 'preact/hooks';
import { backgroundFailure } from '@/lib/ask-background';
import { SCAN_EVERY_SITE_ORIGINS } from '@/lib/scan-permission';
import { requestAccess } from './access';
import type { OptionsBackend } from './backend';
import { ScanEverySite, type ScanEverySiteOutcome, type ScanEverySiteState } from './ScanEverySite';

export function ScanEverySiteSetting({ backend }: { backend: OptionsBackend }) {
  const [state, setState] = useState<ScanEverySiteState>({ status: 'loading' });
  const [outcome, setOutcome] = useState<ScanEverySiteOutcome | null>(null);

  async function load() {
    setState({ status: 'loading' });
    try {
      const { enabled } = await backend.ask('scanEverySite.get', undefined);
      setState({ status: 'ready', enabled, changing: false });
    } catch (error) {
      setState({ status: 'unknown', message: backgroundFailure(error) });
    }
  }

  // Once, when the view opens.
  useEffect(() => {
    void load();
  }, []);

  async function toggle(enabled: boolean) {
    setOutcome(null);
    setState({ status: 'ready', enabled, changing: true });
    const settle = (now: boolean, result: ScanEverySiteOutcome) => {
      setState({ status: 'ready', enabled: now, changing: false });
      setOutcome(result);
    };
    if (enabled) {
      // First, before any await: the browser only prompts inside the click.
      const access = await requestAccess(backend, [...SCAN_EVERY_SITE_ORIGINS]);
      if (access.kind !== 'granted') {
        settle(false, access);
        return;
      }
    }
    try {
      const result = await backend.ask('scanEverySite.set', { enabled });
      if (result.enabled === enabled) {
        settle(
          enabled,
          enabled ? { kind: 'turned-on' } : { kind: 'turned-off', apiAccessLost: result.apiAccessLost },
        );
      } else {
        settle(result.enabled, {
          kind: 'failed',
          message: {
            title: enabled ? 'The browser did not grant the permission' : 'The browser kept the permission',
            action: "Try again; the extension's site access can also be changed on the Extensions page",
          },
        });
      }
    } catch (error) {
      settle(!enabled, { kind: 'failed', message: backgroundFailure(error) });
    }
  }

  return <ScanEverySite state={state} outcome={outcome} onToggle={toggle} onRetry={load} />;
}
