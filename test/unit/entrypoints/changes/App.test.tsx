/**
 * The Changes page (entrypoints/changes) as a person uses it, against a stand-in background: what
 * is shown with no watch list yet, one entry a person's event (its kind as a heading, its sentence,
 * its evidence with dates, an uncertain one marked with why) or a company's change (before and after),
 * its profile linked, the unseen ones marked in sight and in words, "Mark all seen", the exports
 * (changes and a list's members), and every control of a watch list, the spending ones named with
 * their price exactly.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangesApp } from '../../../../entrypoints/changes/App';
import type { ChangesBackend } from '../../../../entrypoints/changes/backend';
import { TEAM_LIST_ID, type WatchListDetail } from '../../../../lib/protocol';
import type { RecordedChange } from '../../../../lib/watch/change-export';
import {
  ACME_GREW,
  ADA_JOB,
  buttonNamed,
  buttonNames,
  choose,
  control,
  fakeAsk,
  GRACE_ADDED,
  type Handlers,
  press,
  settle,
  watchList,
} from '../../../support/watch-pages';

let root: HTMLElement | undefined;
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = undefined;
});

const PEOPLE = watchList({ unseen: 1 });
const COMPANIES = watchList({ id: 'watch-2', name: 'Watched companies', people: 0, companies: 5 });

function everyHandler(overrides: Handlers = {}): Handlers {
  return {
    'watch.lists': () => [PEOPLE, COMPANIES],
    'watch.changes': ({ listId }) => {
      const changes = [ADA_JOB, ACME_GREW].filter((change) => !listId || change.listId === listId);
      return { changes, unseen: 1 };
    },
    'watch.seen': () => ({ unseen: 0 }),
    ...overrides,
  };
}

async function mount(handlers: Handlers) {
  const background = fakeAsk(handlers);
  const saved: { format: string; changes: readonly RecordedChange[] }[] = [];
  const downloads: { fileName: string; text: string }[] = [];
  const backend: ChangesBackend = {
    ask: background.ask,
    download: (fileName, parts) => downloads.push({ fileName, text: parts.map(String).join('') }),
    saveChanges: async (format, changes) => {
      saved.push({ format, changes });
    },
  };
  root = document.createElement('div');
  document.body.append(root);
  await act(() => render(<ChangesApp backend={backend} />, root!));
  await settle();
  return { root, saved, downloads, ...background };
}

describe('the Changes page', () => {
  it('explains how to watch someone when there is no watch list yet', async () => {
    const { root } = await mount({
      'watch.lists': () => [],
      'watch.changes': () => ({ changes: [], unseen: 0 }),
    });
    expect(root.querySelector('h2')?.textContent).toBe('No watch list yet');
    expect(root.textContent).toContain('open the side panel and choose Watch');
    expect(root.textContent).toContain("watch a finished list's people");
  });

  it("shows the team's changes to a member with no watch list of their own, and Team as a list to choose", async () => {
    const teamChange = { ...ADA_JOB, id: 'team:7', listId: TEAM_LIST_ID, watchList: 'Team · Accounts' };
    const { root, sentOf } = await mount({
      'watch.lists': () => [],
      'watch.changes': ({ listId }) => ({
        changes: !listId || listId === TEAM_LIST_ID ? [teamChange] : [],
        unseen: 1,
      }),
    });
    expect(root.textContent).not.toContain('No watch list yet');
    expect(root.querySelector('.page-header p')?.textContent).toContain(
      "the team's lists (Team) by the team hub, within the team's watch budget.",
    );
    const items = [...root.querySelectorAll('ol.changes > li')];
    expect(items).toHaveLength(1);
    expect(items[0]!.querySelector('.change-meta')?.textContent).toMatch(/^Seen .+ · Team · Accounts$/);
    expect(items[0]!.querySelector('dl[aria-label="Evidence"]')).not.toBeNull();
    // No list of this browser's: no list's controls, and the filter offers the team's list.
    expect(root.querySelector('li.watch-list')).toBeNull();
    const filter = control(root, 'Watch list') as HTMLSelectElement;
    expect([...filter.options].map((option) => option.textContent)).toEqual(['All watch lists', 'Team']);
    await choose(root, 'Watch list', TEAM_LIST_ID);
    expect(sentOf('watch.changes').at(-1)).toEqual({ listId: TEAM_LIST_ID });
    expect(root.querySelectorAll('ol.changes > li')).toHaveLength(1);
  });

  it('says when the background cannot be read, and reads again on request', async () => {
    let fail = true;
    const { root } = await mount(
      everyHandler({
        'watch.lists': () => {
          if (fail) throw new Error('No response');
          return [PEOPLE];
        },
      }),
    );
    expect(root.querySelector('[role="alert"]')?.textContent).toContain(
      "The extension's background could not do this",
    );
    fail = false;
    await press(root, 'Try again');
    expect(root.textContent).toContain('Watch lists');
  });

  it('shows each change in words, newest first, its profile linked and the unseen one marked', async () => {
    const { root } = await mount(everyHandler());
    const items = [...root.querySelectorAll('ol.changes > li')];
    expect(items.map((item) => item.querySelector('.change-words')?.textContent)).toEqual([
      'NewNot seen yet:Ada Lovelace: Engineer at Analytical Engines → CTO at Difference Co.; also moved from London, England to Paris, France',
      'Acme: 120 → 134 employees (+14)',
    ]);
    const [ada, acme] = items as HTMLElement[];
    expect(ada!.classList.contains('unseen')).toBe(true);
    expect(ada!.querySelector('.visually-hidden')?.textContent).toBe('Not seen yet:');
    expect(acme!.classList.contains('unseen')).toBe(false);
    expect(ada!.querySelector('a')?.getAttribute('href')).toBe('https://www.linkedin.com/in/ada-lovelace');
    // The event's kind is the entry's heading; a company's change is headed by its own.
    expect([...root.querySelectorAll('ol.changes h3')].map((heading) => heading.textContent)).toEqual([
      'Moved company',
      'Employee count',
    ]);
    expect(ada!.querySelector('.change-meta')?.textContent).toMatch(/^Seen .+ · Watched people$/);
    expect(ada!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-27T09:15:00.000Z');
    // The evidence: the positions with their dates as the service gave them, and the place.
    const evidence = ada!.querySelector('dl[aria-label="Evidence"]')!;
    expect([...evidence.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Positions before',
      'Positions after',
      'Location',
    ]);
    expect([...evidence.querySelectorAll('li')].map((position) => position.textContent)).toEqual([
      'Engineer at Analytical Engines (from 2019-03-01, no end date)',
      'Engineer at Analytical Engines (from 2019-03-01, to 2026-10-31)',
      'CTO at Difference Co. (from 2026-11-01, no end date)',
    ]);
    expect(ada!.querySelector('.change-uncertain')).toBeNull();
    expect(acme!.querySelector('.change-parts')?.textContent).toBe('Before120After134');
    expect(root.querySelector('#changes-title')?.textContent).toBe('What changed1 not seen yet');
  });

  it('marks an uncertain event, in its heading and with the reason in words', async () => {
    const { root } = await mount(
      everyHandler({ 'watch.changes': () => ({ changes: [GRACE_ADDED], unseen: 0 }) }),
    );
    const [grace] = [...root.querySelectorAll<HTMLElement>('ol.changes > li')];
    expect(grace!.querySelector('h3')?.textContent).toBe('Added a role, uncertain');
    expect(grace!.querySelector('.change-words')?.textContent).toBe(
      'Grace Hopper: now also Advisor at Eckert-Mauchly',
    );
    expect(grace!.querySelector('.change-uncertain')?.textContent).toBe(
      'Uncertain: The earlier position has no end date beside the new one: a move whose old position was not closed reads the same.',
    );
    expect([...grace!.querySelectorAll('dl li')].map((position) => position.textContent)).toEqual([
      'Rear Admiral at US Navy (from 1943, no end date)',
      'Rear Admiral at US Navy (from 1943, no end date)',
      'Advisor at Eckert-Mauchly (from 2026-11, no end date)',
    ]);
  });

  it('filters by watch list, and marks seen what it shows', async () => {
    const { root, sentOf } = await mount(everyHandler());
    await choose(root, 'Watch list', 'watch-1');
    expect(sentOf('watch.changes').at(-1)).toEqual({ listId: 'watch-1' });
    expect(root.querySelectorAll('ol.changes > li')).toHaveLength(1);
    await press(root, 'Mark all seen');
    expect(sentOf('watch.seen')).toEqual([{ ids: ['change-1'] }]);

    await choose(root, 'Watch list', '');
    await press(root, 'Mark all seen');
    expect(sentOf('watch.seen').at(-1)).toEqual({});
  });

  it('exports the changes shown as the change export reads them', async () => {
    const { root, saved } = await mount(everyHandler());
    await press(root, 'Export CSV');
    await press(root, 'Export JSON');
    const recorded = (view: typeof ADA_JOB) => ({
      name: view.name,
      url: view.url,
      watchList: view.watchList,
      seenAt: view.seenAt,
      change: view.change,
      event: view.event,
    });
    expect(saved).toEqual([
      { format: 'csv', changes: [recorded(ADA_JOB), recorded(ACME_GREW)] },
      { format: 'json', changes: [recorded(ADA_JOB), recorded(ACME_GREW)] },
    ]);
  });

  it('names each spending control with what it may cost, exactly', async () => {
    // What the background says a run may spend: a cap of 50 with 20 spent this period leaves 30.
    const capped = watchList({ cap: 50, spentThisPeriod: 20, runQuote: { min: 0, max: 30, lines: [] } });
    const { root, sentOf } = await mount(
      everyHandler({
        'watch.lists': () => [PEOPLE, capped, watchList({ id: 'watch-3', name: 'Paused', status: 'paused' })],
        'watch.control': ({ id }) => ({ status: 'started', list: watchList({ id }) }),
      }),
    );
    const names = buttonNames(root);
    expect(names).toContain('Run now · up to 80 credits');
    expect(names).toContain('Run now · up to 30 credits');
    expect(names).toContain('Resume · up to 80 credits');
    await act(() => buttonNamed(root, 'Run now · up to 80 credits').click());
    await settle();
    expect(sentOf('watch.control')[0]).toEqual({ id: 'watch-1', control: { action: 'run' } });
  });

  it("asks the person to confirm a run past today's budget, then runs it confirmed", async () => {
    const { root, sentOf } = await mount(
      everyHandler({
        'watch.lists': () => [PEOPLE],
        'watch.control': ({ control }) =>
          control.action === 'run' && control.confirmed
            ? { status: 'started', list: PEOPLE }
            : { status: 'needs-confirmation', quote: { min: 0, max: 80, lines: [] }, remaining: 10 },
      }),
    );
    await press(root, 'Run now · up to 80 credits');
    expect(root.textContent).toContain("10 left in today's budget");
    await press(root, 'Spend anyway · up to 80 credits');
    expect(sentOf('watch.control').map((message) => message.control)).toEqual([
      { action: 'run' },
      { action: 'run', confirmed: true },
    ]);
  });

  it('pauses, changes the period, cap and name, and deletes a list only once asked again', async () => {
    const { root, sentOf } = await mount(
      everyHandler({
        'watch.lists': () => [PEOPLE],
        'watch.control': () => ({ status: 'started', list: PEOPLE }),
        'watch.delete': () => ({ ok: true }),
      }),
    );
    await press(root, 'Pause Watched people');
    await choose(root, 'How often', '90');
    await choose(root, 'Cap a period (credits, optional)', '60');
    await choose(root, 'Name', 'Champions');
    await press(root, 'Save settings');
    expect(sentOf('watch.control')).toEqual([
      { id: 'watch-1', control: { action: 'pause' } },
      { id: 'watch-1', control: { action: 'settings', name: 'Champions', periodDays: 90, cap: 60 } },
    ]);
    await press(root, 'Delete Watched people');
    expect(sentOf('watch.delete')).toEqual([]);
    await press(root, 'Delete Watched people and its changes');
    expect(sentOf('watch.delete')).toEqual([{ id: 'watch-1' }]);
  });

  it("lists a watch list's members, removes one, and exports them as the lists page exports a list, with what each cost", async () => {
    const detail: WatchListDetail = {
      summary: PEOPLE,
      members: [
        {
          key: 'https://www.linkedin.com/in/ada-lovelace',
          kind: 'person',
          url: 'https://www.linkedin.com/in/ada-lovelace',
          name: 'Ada Lovelace',
          checkedAt: Date.parse('2026-11-27T09:15:00Z'),
          enriched: { fullName: 'Ada Lovelace', title: 'CTO', company: 'Difference Co.' },
          credits: 2,
          error: null,
        },
      ],
    };
    const { root, sentOf, downloads } = await mount(
      everyHandler({
        'watch.lists': () => [PEOPLE],
        'watch.list': () => detail,
        'watch.remove': () => PEOPLE,
      }),
    );
    const members = root.querySelector('details.watch-members-box') as HTMLDetailsElement;
    await act(() => {
      members.open = true;
      members.dispatchEvent(new Event('toggle'));
    });
    await settle();
    expect(members.querySelector('tbody th')?.textContent).toBe('Ada Lovelace');
    await press(root, 'Export members (CSV)');
    // The CSV writer is loaded on first use.
    for (let i = 0; i < 100 && downloads.length === 0; i++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    const [csv] = downloads;
    expect(csv?.fileName).toMatch(/^watched-people-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const lines = csv!.text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toContain('Profile URL,Name,Kind,Full name');
    expect(lines[1]).toContain('https://www.linkedin.com/in/ada-lovelace,Ada Lovelace,person,Ada Lovelace');
    // What its last ask cost, in the Credits column.
    const header = lines[0]!.split(',');
    expect(lines[1]!.split(',')[header.indexOf('Credits')]).toBe('2');
    expect(csv!.text.startsWith('\uFEFF')).toBe(true);
    await press(root, 'Remove Ada Lovelace');
    expect(sentOf('watch.remove')).toEqual([
      { id: 'watch-1', key: 'https://www.linkedin.com/in/ada-lovelace' },
    ]);
  });
});
