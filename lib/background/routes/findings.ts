/**
 * Findings: what a tab's content script reports of its page, kept while the tab shows that page,
 * and the person's scans (one tab on request, or every site with the optional permission).
 */
import { storage } from 'wxt/utils/storage';
import type { PageScanning } from '../../scan-permission';
import { apiOrigins, findingsItemKey, type Settings } from '../../settings';
import { checkFindings } from '../findings-check';
import type { FindingsStore } from '../findings-store';
import type { Handle } from './router';

function stripHash(url: string | undefined): string | undefined {
  return url?.split('#')[0];
}

export interface FindingsRouteDeps {
  findingsStore: FindingsStore;
  pageScanning: PageScanning;
  getSettings: () => Promise<Settings>;
}

export function registerFindingsRoutes(
  handle: Handle,
  { findingsStore, pageScanning, getSettings }: FindingsRouteDeps,
): void {
  handle('findings.report', async (data, sender) => {
    const tabId = sender.tab?.id;
    const findings = checkFindings(data);
    // `sender.url` keeps a document's first URL after same-document navigations; the tab's is current.
    // Only the top frame speaks for its tab, and only about the page it is on: a report about
    // another URL (a late scan after navigation, or a forged one) is dropped, as is one refused whole.
    if (
      findings === null ||
      tabId === undefined ||
      sender.frameId !== 0 ||
      stripHash(sender.tab?.url ?? sender.url) !== stripHash(findings.pageUrl)
    )
      return;
    await findingsStore.save(tabId, findings);
  });

  handle('findings.get', async ({ tabId }) => storage.getItem(findingsItemKey(tabId)));

  // Pages outside the networks' hosts: scanned on request, or always with the optional permission.
  handle('tab.scan', ({ tabId }) => pageScanning.scanTab(tabId));

  handle('scanEverySite.get', async () => ({ enabled: await pageScanning.reconcile() }));

  handle('scanEverySite.set', async (data) => {
    if (data.enabled) {
      // The page asked for the permission in the person's click; this registers the script if granted.
      return { enabled: await pageScanning.reconcile(), apiAccessLost: false };
    }
    return pageScanning.disable(apiOrigins(await getSettings()));
  });
}

/**
 * Registered iff granted: the person may grant or revoke the permission in the browser's own UI,
 * and may have done so while the browser was closed.
 */
async function reconcileEverySite(pageScanning: PageScanning): Promise<void> {
  try {
    await pageScanning.reconcile();
  } catch (error) {
    console.warn('Could not match the every-site content script to its permission', error);
  }
}

/** Keeps the every-site script registered iff its permission is granted, however that changes. */
export function followEverySitePermission(
  permissions: { onAdded: PermissionEvent; onRemoved: PermissionEvent },
  pageScanning: PageScanning,
): void {
  permissions.onAdded.addListener(() => void reconcileEverySite(pageScanning));
  permissions.onRemoved.addListener(() => void reconcileEverySite(pageScanning));
  void reconcileEverySite(pageScanning);
}

interface PermissionEvent {
  addListener(listener: () => void): void;
}

/**
 * A tab's findings belong to the page it showed: forgotten when it navigates away. Same-document
 * navigations (single-page sites) report only `status: loading`, without `change.url`, so the
 * tab's URL is compared with the one the findings were made on.
 */
export async function forgetLeftPage(
  findingsStore: FindingsStore,
  tabId: number,
  change: { url?: string; status?: string },
  tab: { url?: string },
): Promise<void> {
  const url = change.url ?? tab.url;
  if (!url || (!change.url && change.status !== 'loading')) return;
  const findings = await storage.getItem<{ pageUrl: string }>(findingsItemKey(tabId));
  if (findings && stripHash(findings.pageUrl) !== stripHash(url)) await findingsStore.remove(tabId);
}
