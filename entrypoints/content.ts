/**
 * The content script: reports what the page shows (its own profile, profile links, emails) to
 * the background, and reports again whenever that changes (DOM changes, single-page navigation).
 * It only reports; it cannot spend. Kept small: no zod, no Preact (the scan is lib/page-scan.ts; its size is checked by scripts/page-sizes.ts).
 *
 * The manifest runs it on the networks' hosts; the same file is injected into other pages when
 * the person asks, or registered for every site (lib/scan-permission.ts).
 */

import { FINDINGS_LIMITS, sendMessage } from '@/lib/messenger';
import { NETWORK_MATCH_PATTERNS } from '@/lib/networks';
import { createScanner, type Scanner, type ScanResult } from '@/lib/page-scan';

/**
 * Where the scanner running in this page lives. Every copy of this script injected into a page
 * shares the extension's isolated world, so its global is where one copy finds another's.
 */
const RUNNING_SCANNER = Symbol.for('profile-enrichment:scanner');
type ScannerSlot = { [RUNNING_SCANNER]?: Scanner };

export default defineContentScript({
  matches: [...NETWORK_MATCH_PATTERNS],
  runAt: 'document_idle',
  main(ctx) {
    const report = (result: ScanResult) => {
      if (!result.url) return;
      sendMessage('findings.report', {
        pageUrl: result.url,
        page: result.page,
        profiles: result.profiles.slice(0, FINDINGS_LIMITS.profiles),
        emails: result.emails.slice(0, FINDINGS_LIMITS.emails),
        scannedAt: Date.now(),
      }).catch(() => {
        // The background may be restarting, or the extension was reloaded: the next change reports again.
      });
    };
    // The script may run in a page more than once (a scan asked for again, or asked for where it
    // already runs): the newest copy replaces the scanner already there, so one scanner runs and a
    // scan asked for reads the page afresh. (WXT's context also stops an older copy of the script.)
    const slot = globalThis as ScannerSlot;
    slot[RUNNING_SCANNER]?.stop();
    const scanner = createScanner({ onChange: report });
    slot[RUNNING_SCANNER] = scanner;
    ctx.onInvalidated(() => {
      scanner.stop();
      if (slot[RUNNING_SCANNER] === scanner) delete slot[RUNNING_SCANNER];
    });
  },
});
