/**
 * The Changes page follows its watch lists (entrypoints/changes/useChanges.ts) with no reload, against
 * a stand-in background whose lists and changes move as a run would move them: a running list's
 * progress, then the changes it records with their "New" marks and the unseen count; a run that
 * begins on its own (its alarm) while the page is open; nothing read again but the lists while
 * nothing moved; a reading that fails shows no error. And the retention period's warning where a
 * list's period is shown and chosen.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangesApp } from '../../../../entrypoints/changes/App';
import type { ChangesBackend } from '../../../../entrypoints/changes/backend';
import type { WatchChangeView, WatchListSummary } from '../../../../lib/protocol';
import {
  ADA_JOB,
  fakeAsk,
  type Handlers,
  settingsKeeping,
  settle,
  watchList,
} from '../../../support/watch-pages';

let root: HTMLElement | undefined;
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = undefined;
});

/** The background as a run moves it: the test changes `lists` and `changes` between readings. */
function movingBackground(lists: WatchListSummary[], overrides: Handlers = {}) {
  const state = { lists, changes: [] as WatchChangeView[] };
  const unseen = () => state.changes.filter((change) => !change.viewed).length;
  const handlers: Handlers = {
    'watch.lists': () => state.lists,
    'watch.changes': () => ({ changes: state.changes, unseen: unseen() }),
    ...overrides,
  };
  return { state, handlers };
}

async function mount(handlers: Handlers) {
  const background = fakeAsk(handlers);
  const backend: ChangesBackend = {
    ask: background.ask,
    download: () => {},
    saveChanges: async () => {},
    pollMs: { running: 10, idle: 30 },
  };
  root = document.createElement('div');
  document.body.append(root);
  await act(() => render(<ChangesApp backend={backend} />, root!));
  await settle();
  return { root, ...background };
}

/** Waits (a few polls at most) until `shown` holds. */
async function until(shown: () => boolean) {
  for (let i = 0; i < 100 && !shown(); i++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(shown()).toBe(true);
}

const statusOf = (root: HTMLElement) =>
  root.querySelector('li.watch-list [role="status"]')?.textContent ?? '';

describe('the Changes page, while watch lists run', () => {
  it("shows a running list's progress, then the changes it records, marked new and counted, with no reload", async () => {
    const running = watchList({ status: 'running', checkedThisPeriod: 3, nextRunAt: null });
    const { state, handlers } = movingBackground([running]);
    const { root } = await mount(handlers);
    expect(statusOf(root)).toMatch(/^Running: 3 of 40 checked/);
    expect(root.querySelectorAll('ol.changes > li')).toHaveLength(0);

    state.lists = [{ ...running, checkedThisPeriod: 17 }];
    await until(() => statusOf(root).startsWith('Running: 17 of 40 checked'));

    // The run records a job change and ends.
    state.changes = [ADA_JOB];
    state.lists = [watchList({ checkedThisPeriod: 40, unseen: 1 })];
    await until(() => statusOf(root).startsWith('Next run'));
    const [item] = [...root.querySelectorAll<HTMLElement>('ol.changes > li')];
    expect(item?.querySelector('.change-words')?.textContent).toBe(
      'NewNot seen yet:Ada Lovelace: Engineer at Analytical Engines → CTO at Difference Co.; also moved from London, England to Paris, France',
    );
    expect(item?.classList.contains('unseen')).toBe(true);
    expect(root.querySelector('#changes-title')?.textContent).toBe('What changed1 not seen yet');
    expect(root.querySelector('li.watch-list .unseen-count')?.textContent).toBe('1 changes not seen yet');
  });

  it('notices a run that its alarm starts while the page is open and nothing ran', async () => {
    const idle = watchList();
    const { state, handlers } = movingBackground([idle]);
    const { root } = await mount(handlers);
    expect(statusOf(root)).toMatch(/^Next run/);

    state.lists = [{ ...idle, status: 'running', checkedThisPeriod: 1, nextRunAt: null }];
    await until(() => statusOf(root).startsWith('Running: 1 of 40 checked'));
  });

  it('reads only the lists again while nothing moved, and the changes once something did', async () => {
    const running = watchList({ status: 'running', checkedThisPeriod: 3, nextRunAt: null });
    const { state, handlers } = movingBackground([running]);
    const { sentOf } = await mount(handlers);
    await until(() => sentOf('watch.lists').length >= 5);
    expect(sentOf('watch.changes')).toHaveLength(1);

    state.lists = [{ ...running, checkedThisPeriod: 4 }];
    await until(() => sentOf('watch.changes').length === 2);
  });

  it('keeps showing what it read when a reading fails (the worker waking up), and goes on', async () => {
    const running = watchList({ status: 'running', checkedThisPeriod: 3, nextRunAt: null });
    let fail = false;
    const { state, handlers } = movingBackground([running]);
    const { root } = await mount({
      ...handlers,
      'watch.lists': () => {
        if (fail) throw new Error('Could not establish connection. Receiving end does not exist.');
        return state.lists;
      },
    });
    fail = true;
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(statusOf(root)).toMatch(/^Running: 3 of 40 checked/);

    fail = false;
    state.lists = [watchList({ checkedThisPeriod: 40 })];
    await until(() => statusOf(root).startsWith('Next run'));
  });

  it('stops reading once it is closed', async () => {
    const { handlers } = movingBackground([watchList({ status: 'running', nextRunAt: null })]);
    const { sentOf } = await mount(handlers);
    await act(() => render(null, root!));
    const readings = sentOf('watch.lists').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(sentOf('watch.lists')).toHaveLength(readings);
  });
});

describe("a watch list's period and the retention period", () => {
  it('says on the list and in its settings when data about others is not kept long enough to compare', async () => {
    const { handlers } = movingBackground([
      watchList({ name: 'Quarterly', periodDays: 90 }),
      watchList({ id: 'watch-2', name: 'Weekly', periodDays: 7 }),
    ]);
    const { root } = await mount({ ...handlers, 'settings.get': () => settingsKeeping(30) });
    const [quarterly, weekly] = [...root.querySelectorAll<HTMLElement>('li.watch-list')];
    const less =
      'You keep data about others for 30 days, less than this period: each answer is deleted before the next one is asked, so nothing can be compared and no change will be recorded. Choose a shorter period, or keep data longer in Settings.';
    // On the list itself, once: its settings show the saved period's warning no second time.
    expect([...quarterly!.querySelectorAll('.field-warning')].map((each) => each.textContent)).toEqual([
      less,
    ]);
    expect(weekly!.querySelector('.field-warning')).toBeNull();
    // Another period chosen in a list's settings is warned of there, before it is saved.
    const period = weekly!.querySelector<HTMLSelectElement>('select')!;
    await act(async () => {
      period.value = '90';
      period.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect([...weekly!.querySelectorAll('.field-warning')].map((each) => each.textContent)).toEqual([less]);
  });
});
