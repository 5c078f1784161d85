/**
 * The side panel's view of the context menu's email lookup (entrypoints/sidepanel/email-lookup/),
 * rendered in happy-dom with a stand-in for the background and for session storage: it asks `run`
 * with the click's own request id (so the lookup is paid once), shows the person found, says why
 * nothing was asked for a selection without an address, and confirms past the budget.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailLookupSection } from '../../../../../entrypoints/sidepanel/email-lookup/EmailLookupSection';
import type { WatchEmailLookup } from '../../../../../entrypoints/sidepanel/email-lookup/email-lookup-request';
import type { Ask } from '../../../../../hooks/useQuotedAction';
import { ApiError } from '../../../../../lib/api/errors';
import type { EmailLookupRequest, RunRequest, RunResult, ViewState } from '../../../../../lib/protocol';

const REQUEST: EmailLookupRequest = {
  requestId: 'menu-click-0001',
  email: 'ada@example.com',
  selection: 'Write to Ada <ada@example.com>.',
  params: { lookup_depth: 'deep', enrich_profile: 'enrich', email: 'ada@example.com' },
  at: 1,
};

const FOUND: RunResult = {
  status: 'answer',
  data: {
    url: 'https://www.linkedin.com/in/ada-lovelace',
    profile: { full_name: 'Ada Lovelace', headline: 'Analyst of engines', public_identifier: 'ada-lovelace' },
    last_updated: '2026-01-01T00:00:00Z',
  },
  cached: false,
  fetchedAt: 0,
  ageMs: 0,
  stale: false,
  credits: 4,
  totals: { today: 4, month: 4, dailyBudget: 200, remainingToday: 196, balance: null },
};

let container: HTMLElement | undefined;

afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

/** A stand-in for session storage: the test sets the pending lookup, the section follows it. */
function fakeStore(initial: EmailLookupRequest | null) {
  let value = initial;
  const listeners = new Set<(request: EmailLookupRequest | null) => void>();
  const watch: WatchEmailLookup = (listener) => {
    listeners.add(listener);
    listener(value);
    return () => listeners.delete(listener);
  };
  const set = (next: EmailLookupRequest | null) => {
    value = next;
    for (const listener of listeners) listener(next);
  };
  return { watch, set, dismiss: vi.fn(() => set(null)) };
}

const LOOKUP_QUOTE = { min: 3, max: 4, lines: [] };

/** Every button's name, exactly. */
function buttonNames(root: HTMLElement): string[] {
  return [...root.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s+/g, ' ').trim() ?? '');
}

/** The lookup's view: its price (free to ask, so that a retry is named with it), nothing cached. */
function lookupView(data: unknown): ViewState {
  return {
    ok: true,
    params: (data as { params: Record<string, string> }).params,
    quote: LOOKUP_QUOTE,
    cached: null,
    budget: { remaining: null, needsConfirmation: false },
  };
}

function fakeAsk(results: RunResult[]) {
  const runs: RunRequest[] = [];
  const ask = (async (type: string, data: unknown) => {
    if (type === 'view.open') return lookupView(data);
    if (type !== 'run') throw new Error(`unexpected ${type}`);
    runs.push(data as RunRequest);
    const next = results.shift();
    if (!next) throw new Error('no more answers');
    return next;
  }) as Ask;
  return { ask, runs };
}

async function show(ask: Ask, store: ReturnType<typeof fakeStore>, onSpent = vi.fn()) {
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    render(
      <EmailLookupSection
        ask={ask}
        staleAfterDays={29}
        onSpent={onSpent}
        onOpenOptions={() => {}}
        watch={store.watch}
        dismiss={store.dismiss}
      />,
      container!,
    );
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return container;
}

/** A button by its exact name. */
function button(root: HTMLElement, text: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find(
    (b) => b.textContent?.replace(/\s+/g, ' ').trim() === text,
  );
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

describe('the email lookup in the side panel', () => {
  it("never shows the click's own answer as a free cached copy while joining its run", async () => {
    // The run finished (and filled the cache) before the panel opened the view; joining it is slow.
    let answerRun: (result: RunResult) => void = () => {};
    const ask = (async (type: string, data: unknown) => {
      if (type === 'view.open')
        return {
          ...lookupView(data),
          cached: {
            data: FOUND.status === 'answer' ? FOUND.data : null,
            fetchedAt: 0,
            ageMs: 0,
            stale: false,
          },
        };
      return new Promise<RunResult>((resolve) => {
        answerRun = resolve;
      });
    }) as Ask;
    const root = await show(ask, fakeStore(REQUEST));
    expect(root.textContent).not.toContain('cached');
    expect(root.textContent).not.toContain('0 credits');
    // Meanwhile it says it is looking the address up.
    expect(root.querySelector('.status-line[role=status]')?.textContent).toBeTruthy();
    await act(async () => answerRun(FOUND));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(root.querySelector('.answer-meta')!.textContent).toContain('fetched just now · 4 credits');
  });

  it('shows nothing when no lookup is pending', async () => {
    const { ask, runs } = fakeAsk([]);
    const root = await show(ask, fakeStore(null));
    expect(root.textContent).toBe('');
    expect(runs).toEqual([]);
  });

  it('asks with the click’s request id and shows the person found, with what it cost', async () => {
    const { ask, runs } = fakeAsk([FOUND]);
    const onSpent = vi.fn();
    const store = fakeStore(REQUEST);
    const root = await show(ask, store, onSpent);
    // A replay: the background joins the menu's call or reads what became of it, never sends it again.
    expect(runs).toEqual([
      {
        requestId: 'menu-click-0001',
        endpointId: 'email.lookup',
        params: REQUEST.params,
        policy: 'cache-first',
        replay: true,
      },
    ]);
    expect(root.querySelector('h2')!.textContent).toBe('Email lookup');
    expect([...root.querySelectorAll('h3')].map((h) => h.textContent)).toContain('Ada Lovelace');
    expect(root.textContent).toContain('ada@example.com');
    expect(root.querySelector('.answer-meta')!.textContent).toContain('fetched just now · 4 credits');
    expect(onSpent).toHaveBeenCalledTimes(1);

    await act(async () => {
      button(root, 'Dismiss').click();
    });
    expect(store.dismiss).toHaveBeenCalledTimes(1);
    expect(root.textContent).toBe('');
  });

  it('says nobody was found when the answer holds no match', async () => {
    const { ask } = fakeAsk([
      { ...FOUND, data: { url: null, profile: null, last_updated: null }, credits: 3 },
    ]);
    const root = await show(ask, fakeStore(REQUEST));
    expect(root.textContent).toContain('No person was found for this address.');
    expect(root.querySelector('.answer-meta')!.textContent).toContain('3 credits');
  });

  it('asks nothing for a selection without an address, and says why', async () => {
    const { ask, runs } = fakeAsk([]);
    const root = await show(
      ask,
      fakeStore({ ...REQUEST, email: null, params: null, selection: 'Call me at the office' }),
    );
    expect(runs).toEqual([]);
    expect(root.textContent).toContain('No email address in what you selected');
    expect(root.textContent).toContain('“Call me at the office”');
    expect(root.textContent).toContain('Nothing was charged.');
  });

  it('asks nothing when the click named two addresses, and names both', async () => {
    const { ask, runs } = fakeAsk([]);
    const root = await show(
      ask,
      fakeStore({
        ...REQUEST,
        email: null,
        params: null,
        selection: 'mailto:ada@example.com',
        several: ['ada@example.com', 'bob@example.com'],
      }),
    );
    expect(runs).toEqual([]);
    expect(root.textContent).toContain('More than one email address in what you clicked');
    expect([...root.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
    expect(root.textContent).toContain('nothing was charged');
    expect(buttonNames(root)).toEqual(['Dismiss']);
  });

  it('past the budget, spends only once the person confirms, with the same request id', async () => {
    const { ask, runs } = fakeAsk([
      { status: 'needs-confirmation', quote: { min: 3, max: 4, lines: [] }, remaining: 2 },
      FOUND,
    ]);
    const root = await show(ask, fakeStore(REQUEST));
    expect(root.textContent).toContain("This may cost up to 4 credits; 2 left in today's budget.");
    await act(async () => {
      button(root, 'Spend anyway · 3–4 credits').click();
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(runs.map((run) => [run.requestId, run.confirmed, run.replay])).toEqual([
      ['menu-click-0001', undefined, true],
      ['menu-click-0001', true, undefined],
    ]);
    expect([...root.querySelectorAll('h3')].map((h) => h.textContent)).toContain('Ada Lovelace');
  });

  it('names every control that would spend again with its price: a declined lookup, a failed one', async () => {
    const declined = fakeAsk([{ status: 'needs-confirmation', quote: LOOKUP_QUOTE, remaining: 2 }]);
    const root = await show(declined.ask, fakeStore(REQUEST));
    expect(buttonNames(root)).toEqual(['Spend anyway · 3–4 credits', 'Cancel', 'Dismiss']);
    await act(async () => {
      button(root, 'Cancel').click();
    });
    expect(root.textContent).toContain('was not looked up; nothing was spent.');
    expect(buttonNames(root)).toEqual(['Look it up after all · 3–4 credits', 'Dismiss']);
    render(null, root);

    const failed = fakeAsk([{ status: 'error', error: new ApiError('server', { status: 503 }).toJSON() }]);
    const again = await show(failed.ask, fakeStore(REQUEST));
    expect(buttonNames(again)).toEqual(['Try again · 3–4 credits', 'Dismiss']);
  });

  it('sends a failed lookup again under the click’s id, and a declined one as a new lookup', async () => {
    const failed = fakeAsk([
      { status: 'error', error: new ApiError('server', { status: 503 }).toJSON() },
      FOUND,
    ]);
    const root = await show(failed.ask, fakeStore(REQUEST));
    await act(async () => {
      button(root, 'Try again · 3–4 credits').click();
    });
    expect([...root.querySelectorAll('h3')].map((h) => h.textContent)).toContain('Ada Lovelace');
    // Sent, not joined: a failed call is read as failed when joined. The same id: never paid twice.
    expect(failed.runs.map((run) => [run.requestId, run.replay])).toEqual([
      ['menu-click-0001', true],
      ['menu-click-0001', undefined],
    ]);
    render(null, root);

    const declined = fakeAsk([{ status: 'needs-confirmation', quote: LOOKUP_QUOTE, remaining: 2 }, FOUND]);
    const again = await show(declined.ask, fakeStore(REQUEST));
    await act(async () => {
      button(again, 'Cancel').click();
    });
    await act(async () => {
      button(again, 'Look it up after all · 3–4 credits').click();
    });
    expect([...again.querySelectorAll('h3')].map((h) => h.textContent)).toContain('Ada Lovelace');
    expect(declined.runs[1]!.requestId).not.toBe('menu-click-0001');
    expect(declined.runs[1]!.replay).toBeUndefined();
  });

  it('says when the lookup’s answer is no longer kept, and asks again only as a new, priced lookup', async () => {
    const gone: RunResult = {
      status: 'answer-gone',
      credits: 4,
      at: Date.now() - 5 * 60_000,
      quote: LOOKUP_QUOTE,
      totals: { today: 4, month: 4, dailyBudget: null, remainingToday: null, balance: null },
    };
    const { ask, runs } = fakeAsk([gone, FOUND]);
    const root = await show(ask, fakeStore(REQUEST));
    expect(root.textContent).toContain('The answer is no longer kept');
    expect(root.textContent).toContain('it cost 4 credits');
    expect(buttonNames(root)).toEqual(['Look it up again · 3–4 credits', 'Dismiss']);
    // Opening it sent nothing again: one replay of the click's id.
    expect(runs.map((run) => [run.requestId, run.replay])).toEqual([['menu-click-0001', true]]);

    await act(async () => {
      button(root, 'Look it up again · 3–4 credits').click();
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(runs).toHaveLength(2);
    expect(runs[1]!.requestId).not.toBe('menu-click-0001');
    expect(runs[1]!.replay).toBeUndefined();
    expect([...root.querySelectorAll('h3')].map((h) => h.textContent)).toContain('Ada Lovelace');
  });

  it('follows a newer right-click, and drops the answer of the older one', async () => {
    let release: (result: RunResult) => void = () => {};
    const runs: RunRequest[] = [];
    const ask = (async (type: string, data: unknown) => {
      if (type === 'view.open') return lookupView(data);
      runs.push(data as RunRequest);
      if (runs.length === 1) return new Promise<RunResult>((resolve) => (release = resolve));
      return {
        ...FOUND,
        data: { url: 'https://www.linkedin.com/in/bob', profile: null, last_updated: null },
      };
    }) as Ask;
    const store = fakeStore(REQUEST);
    const root = await show(ask, store);
    await act(async () => {
      store.set({
        ...REQUEST,
        requestId: 'menu-click-0002',
        email: 'bob@example.com',
        params: { email: 'bob@example.com' },
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await act(async () => {
      release(FOUND);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(root.textContent).toContain('bob@example.com');
    expect(root.textContent).not.toContain('Ada Lovelace');
  });
});
