/**
 * The panel's first render waits for the first look's answer, but not for long: it then draws the
 * page's profile at once, and a slow answer still lets it say it is reading the page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  firstLookSettled,
  type StartedFirstLook,
  shownTab,
  startFirstLook,
  takeFirstLook,
} from '../../../../entrypoints/sidepanel/first-look';
import type { PanelOpening } from '../../../../lib/protocol';

const OPENED = { settings: {}, findings: null, pageView: null } as unknown as PanelOpening;

/** Starts a first look on tab 7 whose `panel.open` answers when `answer` is called. */
function started(tab: number | null = 7) {
  let answer!: (opened: PanelOpening) => void;
  let fail!: (error: Error) => void;
  const opening = new Promise<PanelOpening>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  globalThis.panelFirstLook = undefined;
  startFirstLook({ ask: (() => opening) as never, currentTab: async () => tab });
  return { look: takeFirstLook() as StartedFirstLook, answer, fail };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  globalThis.panelFirstLook = undefined;
});

describe('firstLookSettled', () => {
  it('resolves with the answer there, so the first render can draw it', async () => {
    const { look, answer } = started();
    const settled = firstLookSettled(look, 10_000);
    answer(OPENED);
    await settled;
    expect(look.answered).toEqual({ tab: 7, opened: OPENED });
  });

  it('resolves after the wait when no answer has come', async () => {
    vi.useFakeTimers();
    const { look } = started();
    let done = false;
    void firstLookSettled(look, 120).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(119);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(look.answered).toBeNull();
  });

  it('resolves at once when the question failed or there is no tab, and when there is no first look', async () => {
    const failing = started();
    failing.fail(new Error('Could not establish connection'));
    await firstLookSettled(failing.look, 10_000);
    expect(failing.look.answered).toBeNull();
    await firstLookSettled(started(null).look, 10_000);
    await firstLookSettled(undefined, 10_000);
  });
});

describe('shownTab', () => {
  /** A browser's extension API whose active tab is `id`. */
  const api = (id: number) => ({
    runtime: { id: 'extension' },
    tabs: { query: vi.fn(async () => [{ id }]) },
  });

  it('is the pinned tab, asking the browser nothing', async () => {
    const chrome = api(3);
    vi.stubGlobal('chrome', chrome);
    expect(await shownTab(9)).toBe(9);
    expect(chrome.tabs.query).not.toHaveBeenCalled();
  });

  it("is the active tab of the panel's window: Firefox's `browser`, else Chrome's `chrome`", async () => {
    // Chrome has no `browser` (the tests' own fake one is taken away).
    vi.stubGlobal('browser', undefined);
    vi.stubGlobal('chrome', api(3));
    expect(await shownTab(null)).toBe(3);
    const firefox = api(4);
    vi.stubGlobal('browser', firefox);
    expect(await shownTab(null)).toBe(4);
    expect(firefox.tabs.query).toHaveBeenCalledWith({ active: true, currentWindow: true });
  });
});
