/**
 * The content script: reports what the page shows (its own profile, profile links, emails) to
 * the background, and reports again whenever that changes (DOM changes, single-page navigation).
 * It only reports; it cannot spend. Kept small: no zod, no Preact (see lib/detect.ts).
 */
import { createScanner, type ScanResult } from '@/lib/detect';
import { sendMessage } from '@/lib/messenger';
import { NETWORK_MATCH_PATTERNS } from '@/lib/networks';

export default defineContentScript({
  matches: [...NETWORK_MATCH_PATTERNS],
  runAt: 'document_idle',
  main(ctx) {
    const report = (result: ScanResult) => {
      if (!result.url) return;
      sendMessage('findings.report', {
        pageUrl: result.url,
        page: result.page,
        profiles: result.profiles,
        emails: result.emails,
        scannedAt: Date.now(),
      }).catch(() => {
        // The background may be restarting, or the extension was reloaded: the next change reports again.
      });
    };
    const scanner = createScanner({ onChange: report });
    ctx.onInvalidated(() => scanner.stop());
  },
});
