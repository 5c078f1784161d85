/**
 * The Watch form (components/watch/WatchForm.tsx with hooks/useWatchForm.ts), as the panel, the lists
 * page and the popup draw it, against a stand-in background: the one quote of a period is the name
 * of the control that starts the watch, each freshness choice shows its price, a new list is created
 * with one start id (the same when confirmed past today's budget), a kept list is added to.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { WatchForm } from '../../../../components/watch/WatchForm';
import { useWatchForm } from '../../../../hooks/useWatchForm';
import type { Ask } from '../../../../lib/ask-background';
import type { WatchQuoteRequest, WatchTarget } from '../../../../lib/protocol';
import {
  buttonNamed,
  buttonNames,
  choose,
  control,
  fakeAsk,
  type Handlers,
  press,
  settingsKeeping,
  settle,
  watchList,
} from '../../../support/watch-pages';

const ADA: WatchTarget = {
  kind: 'person',
  url: 'https://www.linkedin.com/in/ada-lovelace',
  name: 'Ada Lovelace',
};

/** 1 credit a person, +1 at "29 days or less", +9 live: what the background would quote. */
function quoteOf({ targets, freshness }: WatchQuoteRequest) {
  const each = freshness === 'live' ? 10 : 2;
  const people = targets.filter((target) => target.kind === 'person').length;
  const companies = targets.length - people;
  return {
    people,
    companies,
    perPeriod: { min: 0, max: each * targets.length, lines: [] },
    refused: [],
    remainingToday: null,
  };
}

function Harness({ ask, targets }: { ask: Ask; targets: WatchTarget[] }) {
  const form = useWatchForm({ ask, newRequestId: () => 'start-1', targets, defaultName: 'Watched people' });
  return <WatchForm form={form} onOpenChanges={() => {}} />;
}

let root: HTMLElement | undefined;
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = undefined;
});

async function mount(handlers: Handlers, targets: WatchTarget[] = [ADA]) {
  const background = fakeAsk({ 'watch.lists': () => [], 'watch.quote': quoteOf, ...handlers });
  root = document.createElement('div');
  document.body.append(root);
  await act(() => render(<Harness ask={background.ask} targets={targets} />, root!));
  await settle();
  return { root, ...background };
}

describe('the Watch form', () => {
  it('names its control with the one quote of a period, following the period, freshness and cap', async () => {
    const { root, sentOf } = await mount({});
    expect(buttonNamed(root, 'Watch 1 person every 30 days · up to 2 credits a period')).toBeTruthy();
    expect(sentOf('watch.quote').at(-1)).toEqual({ targets: [ADA], periodDays: 30, freshness: 'if-recent' });

    const freshness = [...(control(root, 'Freshness') as HTMLSelectElement).options].map(
      (o) => o.textContent,
    );
    expect(freshness).toEqual(['29 days or less · +1 credit', 'Live now · +9 credits']);

    await choose(root, 'Freshness', 'live');
    await choose(root, 'How often', '7');
    expect(buttonNamed(root, 'Watch 1 person every 7 days · up to 10 credits a period')).toBeTruthy();
    await choose(root, 'Cap a period (credits, optional)', '4');
    expect(buttonNamed(root, 'Watch 1 person every 7 days · up to 4 credits a period')).toBeTruthy();
  });

  it('says plainly when the retention period is too short for the period chosen, every period still a choice', async () => {
    const { root } = await mount({ 'settings.get': () => settingsKeeping(30) });
    const period = control(root, 'How often') as HTMLSelectElement;
    const warning = () => root.querySelector('.field-warning')?.textContent ?? null;
    // Every 30 days, kept 30 days: the default period, at the edge.
    expect(warning()).toBe(
      'You keep data about others for 30 days, as long as this period: an answer may be deleted just before the next one is asked, and a change missed. Choose a shorter period, or keep data longer in Settings.',
    );
    await choose(root, 'How often', '90');
    expect(warning()).toBe(
      'You keep data about others for 30 days, less than this period: each answer is deleted before the next one is asked, so nothing can be compared and no change will be recorded. Choose a shorter period, or keep data longer in Settings.',
    );
    // Said with the field, and nothing taken away: the person may still start it.
    expect(root.querySelector(`#${period.getAttribute('aria-describedby')}`)?.textContent).toBe(warning());
    expect([...period.options].map((option) => [option.value, option.disabled])).toEqual([
      ['7', false],
      ['30', false],
      ['90', false],
    ]);
    expect(buttonNamed(root, 'Watch 1 person every 90 days · up to 2 credits a period').disabled).toBe(false);
    await choose(root, 'How often', '7');
    expect(warning()).toBeNull();
    expect(period.hasAttribute('aria-describedby')).toBe(false);
  });

  it("warns of a kept list's own period too", async () => {
    const { root } = await mount({
      'settings.get': () => settingsKeeping(30),
      'watch.lists': () => [watchList({ name: 'Quarterly', periodDays: 90 })],
    });
    await choose(root, 'Watch list', 'watch-1');
    expect(root.textContent).toContain('Asked every 90 days');
    expect(root.querySelector('.field-warning')?.textContent).toMatch(
      /^You keep data about others for 30 days, less than this period/,
    );
  });

  it('counts people and companies apart', async () => {
    const acme: WatchTarget = { kind: 'company', url: 'https://www.linkedin.com/company/acme' };
    const { root } = await mount({}, [ADA, { ...ADA, url: `${ADA.url}-2` }, acme]);
    expect(
      buttonNamed(root, 'Watch 2 people and 1 company every 30 days · up to 6 credits a period'),
    ).toBeTruthy();
  });

  it('creates a new list with one start id, asked again with it once confirmed past the budget', async () => {
    let confirmed = false;
    const { root, sentOf } = await mount({
      'watch.create': (request) => {
        if (!request.confirmed)
          return {
            status: 'needs-confirmation',
            quote: { min: 0, max: 2, lines: [] },
            remaining: 1,
          };
        confirmed = true;
        return { status: 'started', list: watchList({ name: request.name, people: 1 }) };
      },
    });
    await choose(root, 'Watch list', 'Ada and friends');
    await press(root, 'Watch 1 person every 30 days · up to 2 credits a period');
    expect(root.textContent).toContain("1 left in today's budget");
    await press(root, 'Spend anyway · up to 2 credits');
    expect(confirmed).toBe(true);
    expect(sentOf('watch.create')).toEqual([
      {
        startId: 'start-1',
        name: 'Ada and friends',
        targets: [ADA],
        periodDays: 30,
        freshness: 'if-recent',
        cap: null,
      },
      {
        startId: 'start-1',
        name: 'Ada and friends',
        targets: [ADA],
        periodDays: 30,
        freshness: 'if-recent',
        cap: null,
        confirmed: true,
      },
    ]);
    expect(root.textContent).toContain('Watching · every 30 days in Ada and friends');
    expect(buttonNames(root)).toContain('See changes');
  });

  it("offers the team's list where the team's hub can run it: people only, from the team's watch budget", async () => {
    const { root: own } = await mount({});
    expect(own.textContent).not.toContain("The team's list");
    render(null, own);
    own.remove();

    const { root, sentOf } = await mount({
      'watch.quote': (request) => ({ ...quoteOf(request), team: true }),
      'watch.create': (request) => ({
        status: 'team-started',
        made: { name: request.name, people: 1, refused: [] },
      }),
    });
    const teamChoice = [...root.querySelectorAll('label')]
      .find((label) => label.textContent?.includes("The team's list"))
      ?.querySelector('input');
    expect(teamChoice).toBeTruthy();
    await act(() => teamChoice!.click());
    await settle();
    // The hub asks at 29 days or less and the team's budget caps it: neither is chosen here.
    expect(root.textContent).not.toContain('Freshness');
    expect(root.textContent).not.toContain('Cap a period');
    await press(
      root,
      "Watch 1 person for the team every 30 days · up to 2 credits a period from the team's watch budget",
    );
    expect(sentOf('watch.create')).toEqual([
      {
        startId: 'start-1',
        name: 'Watched people',
        targets: [ADA],
        periodDays: 30,
        freshness: 'if-recent',
        cap: null,
        team: true,
      },
    ]);
    expect(root.textContent).toContain('Watching 1 person for the team in Watched people');
    expect(buttonNames(root)).toContain('See changes');
  });

  it('adds to a kept list at its own period and freshness, quoting only who is new to it', async () => {
    const kept = watchList({ id: 'watch-7', name: 'Champions', periodDays: 90, freshness: 'live' });
    const { root, sentOf } = await mount({
      'watch.lists': () => [kept],
      'watch.add': () => ({ status: 'started', list: kept }),
    });
    await choose(root, 'Watch list', 'watch-7');
    expect(sentOf('watch.quote').at(-1)).toEqual({
      targets: [ADA],
      periodDays: 90,
      freshness: 'live',
      listId: 'watch-7',
    });
    expect(root.textContent).toContain('Asked every 90 days at Live now, as this list is.');
    await press(root, 'Watch 1 person every 90 days · up to 10 credits a period');
    expect(sentOf('watch.add')).toEqual([{ listId: 'watch-7', targets: [ADA] }]);
    expect(sentOf('watch.create')).toEqual([]);
  });

  it('refuses an empty name or a cap that is not a whole number before anything is sent', async () => {
    const { root, sentOf } = await mount({
      'watch.create': () => ({ status: 'started', list: watchList() }),
    });
    await choose(root, 'Watch list', '  ');
    expect(root.textContent).toContain('Name the watch list');
    expect(buttonNamed(root, /^Watch 1 person/).disabled).toBe(true);
    await choose(root, 'Watch list', 'Watched people');
    await choose(root, 'Cap a period (credits, optional)', '2.5');
    expect(root.textContent).toContain('A whole number of credits');
    await act(() => root.querySelector('form')!.requestSubmit());
    await settle();
    expect(sentOf('watch.create')).toEqual([]);
  });

  it('says who is left out and why, and offers nothing when nobody can be watched', async () => {
    const { root } = await mount({
      'watch.quote': () => ({
        people: 0,
        companies: 0,
        perPeriod: { min: 0, max: 0, lines: [] },
        refused: [{ url: ADA.url, reason: 'On your do-not-enrich list' }],
        remainingToday: 12,
      }),
    });
    expect(root.textContent).toContain('Nobody here can be watched');
    expect(root.textContent).toContain('1 left out');
    expect(root.textContent).toContain(`${ADA.url}: On your do-not-enrich list`);
    expect(buttonNames(root).some((name) => name.startsWith('Watch'))).toBe(false);
  });
});
