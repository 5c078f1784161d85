/**
 * Whole-page states shared by the extension's pages: loading, and the background not answering.
 */
import { Busy, Notice } from '@/components/Notice';

export function LoadingPage({ what }: { what: string }) {
  return (
    <main class="page" aria-busy="true">
      <div class="narrow card">
        <Busy>Loading {what}…</Busy>
      </div>
    </main>
  );
}

export interface UnreachablePageProps {
  /** The error the messenger reported, shown as detail. */
  detail: string;
  onRetry: () => void;
}

/** The background service worker did not answer: nothing can be read or saved until it does. */
export function UnreachablePage({ detail, onRetry }: UnreachablePageProps) {
  return (
    <main class="page">
      <div class="narrow card">
        <Notice tone="error" title="The extension's background did not answer">
          <p>
            Settings cannot be read or saved until it does. Try again; if it keeps failing, reload the
            extension on the browser's Extensions page.
          </p>
          <p class="notice-detail">{detail}</p>
        </Notice>
        <div class="row">
          <button type="button" class="primary" onClick={onRetry}>
            Try again
          </button>
        </div>
      </div>
    </main>
  );
}
