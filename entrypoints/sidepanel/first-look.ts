/**
 * The side panel's first question: which tab it shows, and that tab's `panel.open` (settings,
 * findings and the page profile's view in one answer).
 *
 * It leaves before the panel's views have loaded: sidepanel.html first runs a small script of its
 * own (entrypoints/panel-opening.ts, loaded `async`), which asks it and leaves the answer under way
 * on the page's global object; ./main.tsx takes it from there. The two are separate bundles, so the
 * page's global object is where they meet. App.tsx asks it itself when there is none (the tests).
 */
import type { Ask } from '@/hooks/useQuotedAction';
import type { PanelOpening } from '@/lib/protocol';

export interface FirstLook {
  /** The tab shown: the pinned one or the active tab of the panel's window; null if none. */
  tab: number | null;
  /** Its `panel.open`, under way (already handled, so a failure is not reported as unhandled). */
  opening: Promise<PanelOpening> | null;
}

/**
 * `sidepanel.html?tab=<id>` pins the panel to one tab (the end-to-end tests and the demo open it
 * as a page of its own, where "the active tab of this window" would be the panel itself).
 */
export function pinnedTab(): number | null {
  const value = new URLSearchParams(location.search).get('tab');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * The browser's own extension API, not `wxt/browser`: this module is most of the panel's first
 * script (entrypoints/panel-opening.ts), which webextension-polyfill would make several times
 * larger and slower to start. Firefox's `browser` and Chrome's `chrome` both answer with promises
 * what is asked here.
 */
function nativeTabs(): Pick<typeof chrome.tabs, 'query'> {
  const firefox = (globalThis as { browser?: typeof chrome }).browser;
  return (firefox?.runtime?.id ? firefox : chrome).tabs;
}

/** The tab to show now: the pinned one, or the active tab of the panel's window; null if none. */
export async function shownTab(pinned: number | null): Promise<number | null> {
  if (pinned !== null) return pinned;
  const [tab] = await nativeTabs().query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** `backend`: App.tsx `PanelBackend`, of which this needs two things. */
export async function askFirstLook(backend: {
  ask: Ask;
  currentTab: () => Promise<number | null>;
}): Promise<FirstLook> {
  let tab: number | null;
  try {
    tab = await backend.currentTab();
  } catch {
    tab = null;
  }
  if (tab === null) return { tab, opening: null };
  const opening = backend.ask('panel.open', { tabId: tab });
  opening.catch(() => {});
  return { tab, opening };
}

/** A first look as the panel takes it: under way, and its answer if that came first. */
export interface StartedFirstLook {
  look: Promise<FirstLook>;
  /**
   * Its answer, once it has come. Usually it comes while the panel's script still loads: the
   * panel then draws it in its first render, without waiting a turn for the promise.
   */
  answered: { tab: number; opened: PanelOpening } | null;
}

declare global {
  /** The first look asked by entrypoints/panel-opening.ts; `null` once ./main.tsx has taken it. */
  var panelFirstLook: StartedFirstLook | null | undefined;
}

/** Asks the first look, unless the panel has already started without it. */
export function startFirstLook(backend: Parameters<typeof askFirstLook>[0]): void {
  if (globalThis.panelFirstLook !== undefined) return;
  const started: StartedFirstLook = { look: askFirstLook(backend), answered: null };
  globalThis.panelFirstLook = started;
  void started.look.then(({ tab, opening }) => {
    if (tab === null || opening === null) return;
    opening.then(
      (opened) => {
        started.answered = { tab, opened };
      },
      () => {},
    );
  });
}

/**
 * Resolves once the first look has its answer (or failed, or has no tab), or after `waitMs`. The
 * panel renders first then: with the answer, its first render is the page's profile, rather than a
 * "reading this page" state drawn, laid out and painted a few milliseconds before the profile
 * replaces it. A slow answer (a worker waking up) still shows that state after `waitMs`.
 */
export function firstLookSettled(started: StartedFirstLook | undefined, waitMs: number): Promise<void> {
  if (!started || started.answered) return Promise.resolve();
  // Handlers run in the order they were added: `answered` is set before this resolves.
  const settled = started.look
    .then(({ opening }) => opening)
    .then(
      () => {},
      () => {},
    );
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}

/** The first look under way, once; the panel asks its own when there is none. */
export function takeFirstLook(): StartedFirstLook | undefined {
  const taken = globalThis.panelFirstLook ?? undefined;
  globalThis.panelFirstLook = null;
  return taken;
}
