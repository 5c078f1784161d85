/**
 * Findings: what a content script reports of its page, and the person's scans (one tab on request,
 * or every site with the optional permission: lib/scan-permission.ts).
 */
import type { ProfileKind } from '../profiles';
import type { ScanEverySiteChange, ScanTabResult } from '../scan-permission';

/**
 * Bounds of one findings report (validated by the background; the content script trims to them so
 * that a page with endless links still reports its first ones instead of nothing).
 */
export const FINDINGS_LIMITS = { profiles: 5000, emails: 1000 } as const;

export interface ProfileRefMessage {
  kind: ProfileKind;
  id: string;
  url: string;
  label?: string;
}

export interface Findings {
  /** The page the findings are for; a report for a page the tab has left is dropped. */
  pageUrl: string;
  page: ProfileRefMessage | null;
  profiles: ProfileRefMessage[];
  emails: string[];
  scannedAt: number;
}

export interface FindingsMessages {
  'findings.report'(data: Findings): void;
  'findings.get'(data: { tabId: number }): Findings | null;
  /** Read the tab's page once, as the person asked (lib/scan-permission.ts). */
  'tab.scan'(data: { tabId: number }): ScanTabResult;
  'scanEverySite.get'(): { enabled: boolean };
  /** The page asked the browser for the permission first, in the person's click. */
  'scanEverySite.set'(data: { enabled: boolean }): ScanEverySiteChange;
}
