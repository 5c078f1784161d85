/**
 * The side panel's views on their own: props in, what a person sees and can operate out. Answers
 * are partial on purpose: every field of the service may be missing, and a missing one is left out.
 */
import type { ComponentChild } from 'preact';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todaySpending } from '../../../../../components/PanelStates';
import { excerpt, formatAgo, formatCompanySize } from '../../../../../components/profile/profile-format';
import { safeHttpUrl } from '../../../../../components/safe-url';
import { AnswerLine, Confirmation, SpendArea } from '../../../../../components/spend/SpendArea';
import {
  PageProfileSection,
  type PageProfileSectionProps,
} from '../../../../../entrypoints/sidepanel/profile/PageProfileSection';
import { remedyFor } from '../../../../../hooks/useQuotedAction';
import type { ActionState, AnswerMeta as Provenance } from '../../../../../lib/action-state';
import { ApiError, userMessage } from '../../../../../lib/api/errors';
import type { InterruptedCall, Quote } from '../../../../../lib/protocol';

let container: HTMLElement | undefined;

afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

function show(view: ComponentChild): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  render(view, container);
  return container;
}

function button(root: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

const DAY = 24 * 60 * 60 * 1000;
const noop = () => {};
/** Handlers for a render whose test presses nothing. */
const IDLE_HANDLERS = { onRun: noop, onConfirm: noop, onCancel: noop, onRetry: noop, onOpenOptions: noop };

/** The spending renderer with an action that is idle or running, as the panel's profile draws it. */
function QuoteAction(props: {
  verb: string;
  quote: Quote | null;
  running: boolean;
  primary: boolean;
  onRun: () => void;
}) {
  return (
    <SpendArea
      verb={props.verb}
      runningText={props.verb === 'Enrich' ? 'Enriching…' : 'Refreshing…'}
      quote={props.quote ? { status: 'ready', quote: props.quote } : { status: 'loading' }}
      action={{ status: props.running ? 'running' : 'idle' }}
      primary={props.primary}
      {...IDLE_HANDLERS}
      onRun={props.onRun}
    />
  );
}

function AnswerMeta({ answer, staleAfterDays }: { answer: Provenance; staleAfterDays: number }) {
  return <AnswerLine meta={answer} staleAfterDays={staleAfterDays} />;
}

/** Every button's accessible name (its text content here: none carries an aria-label). */
function buttonNames(root: HTMLElement): string[] {
  return [...root.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s+/g, ' ').trim() ?? '');
}

describe('safeHttpUrl', () => {
  it('lets absolute http(s) URLs through', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl('  http://Example.com  ')).toBe('http://example.com/');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'blob:https://example.com/1234',
    'file:///etc/passwd',
    'chrome-extension://abc/options.html',
    '/relative/path',
    '//example.com/protocol-relative',
    'not a url',
    '',
  ])('refuses %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
    expect(safeHttpUrl({ href: 'https://example.com' })).toBeNull();
  });
});

describe('SpendArea: every control that spends carries its price, in every state', () => {
  const quote: Quote = { min: 0, max: 30, lines: [] };
  const failed = (error: ApiError | null, remedy: 'retry' | 'settings' | null): ActionState => ({
    status: 'failed',
    message: userMessage(error ?? new ApiError('network', {})),
    error,
    remedy,
  });
  const interrupted: InterruptedCall = {
    reason: 'worker',
    credits: 3,
    range: { min: 3, max: 3 },
    settled: true,
    quote,
    error: null,
  } as unknown as InterruptedCall;
  const cases: [string, ActionState, string[]][] = [
    ['ready', { status: 'idle' }, ['List employees · up to 30 credits']],
    [
      'over the budget',
      { status: 'confirming', quote, remaining: 3 },
      ['Spend anyway · up to 30 credits', 'Cancel'],
    ],
    [
      'refused for credits',
      failed(new ApiError('credits', { balance: 3, needed: 30 }), 'retry'),
      ['Try again · up to 30 credits'],
    ],
    [
      'a server error',
      failed(new ApiError('server', { status: 503 }), 'retry'),
      ['Try again · up to 30 credits'],
    ],
    ['the background did not answer', failed(null, 'retry'), ['Try again · up to 30 credits']],
    ['the key refused', failed(new ApiError('auth', { status: 401 }), 'settings'), ['Open settings']],
    ['nothing found', failed(new ApiError('not-found', { status: 404 }), null), []],
    ['interrupted', { status: 'interrupted', interrupted }, ['Ask again · up to 30 credits']],
    ['running', { status: 'running' }, []],
  ];
  it.each(cases)('%s', (_label, action, names) => {
    const root = show(
      <SpendArea
        verb="List employees"
        runningText="Listing employees…"
        quote={{ status: 'ready', quote }}
        action={action}
        {...IDLE_HANDLERS}
      />,
    );
    expect(buttonNames(root)).toEqual(names);
  });

  it('a rate limit counts down, and the retry keeps its price while it waits', () => {
    const root = show(
      <SpendArea
        verb="List employees"
        runningText="Listing employees…"
        quote={{ status: 'ready', quote }}
        action={failed(new ApiError('rate-limited', { status: 429, retryAfterSeconds: 30 }), 'retry')}
        {...IDLE_HANDLERS}
      />,
    );
    expect(buttonNames(root)).toEqual(['Try again in 30 s · up to 30 credits']);
    expect(root.querySelector('button')!.disabled).toBe(true);
  });

  it('another way out stands beside the priced retry', () => {
    const root = show(
      <SpendArea
        verb="Enrich"
        runningText="Enriching…"
        quote={{ status: 'ready', quote: { min: 2, max: 2, lines: [] } }}
        action={failed(new ApiError('server', { status: 500 }), 'retry')}
        remedy={<button type="button">Accept the older copy · 2 credits</button>}
        {...IDLE_HANDLERS}
      />,
    );
    expect(buttonNames(root)).toEqual(['Accept the older copy · 2 credits', 'Try again · 2 credits']);
  });
});

describe('remedyFor', () => {
  it('offers no retry where asking again cannot change the answer, a paid do-not-enrich refusal included', () => {
    expect(remedyFor(new ApiError('do-not-enrich', { charged: 2 }))).toBeNull();
    expect(remedyFor(new ApiError('not-found', { status: 404 }))).toBeNull();
    expect(remedyFor(new ApiError('server', { status: 500 }))).toBe('retry');
    expect(remedyFor(new ApiError('auth', { status: 401 }))).toBe('settings');
  });
});

describe('QuoteAction', () => {
  it('labels the action with its quote and lists what the cost is made of', async () => {
    const onRun = vi.fn();
    const root = show(
      <QuoteAction
        verb="Enrich"
        quote={{ min: 2, max: 2, lines: ['Base: 1', 'Cache: +1 (use_cache=if-recent)'] }}
        running={false}
        primary
        onRun={onRun}
      />,
    );
    expect(button(root, 'Enrich · 2 credits').className).toBe('primary');
    const details = root.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe('What this costs');
    expect([...details.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Base: 1',
      'Cache: +1 (use_cache=if-recent)',
    ]);
    await act(() => button(root, 'Enrich · 2 credits').click());
    expect(onRun).toHaveBeenCalledOnce();
  });

  it('words ranges and unpublished prices', () => {
    const range = show(
      <QuoteAction
        verb="Refresh"
        quote={{ min: 0, max: 30, lines: [] }}
        running={false}
        primary={false}
        onRun={() => {}}
      />,
    );
    expect(button(range, 'Refresh · up to 30 credits')).toBeTruthy();
    render(null, range);
    render(
      <QuoteAction
        verb="Enrich"
        quote={{ min: null, max: null, lines: ['v3: not published'] }}
        running={false}
        primary
        onRun={() => {}}
      />,
      range,
    );
    expect(button(range, 'Enrich · cost not published')).toBeTruthy();
  });

  it('offers nothing to click before the quote is known, or while running', () => {
    const pending = show(<QuoteAction verb="Enrich" quote={null} running={false} primary onRun={() => {}} />);
    expect(pending.querySelector('button')).toBeNull();
    expect(pending.textContent).toContain('Working out the cost');
    render(
      <QuoteAction verb="Enrich" quote={{ min: 2, max: 2, lines: [] }} running primary onRun={() => {}} />,
      pending,
    );
    expect(pending.querySelector('button')).toBeNull();
    expect(pending.textContent).toContain('Enriching…');
  });
});

describe('Confirmation', () => {
  it('says what it may cost and what is left, and spends only when told to', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const root = show(
      <Confirmation
        quote={{ min: 0, max: 30, lines: [] }}
        remaining={12}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(root.querySelector('p')?.textContent).toBe(
      "This may cost up to 30 credits; 12 left in today's budget. Spend anyway?",
    );
    await act(() => button(root, 'Cancel').click());
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    // Spending is quoted on the button that spends.
    await act(() => button(root, 'Spend anyway · up to 30 credits').click());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('words a quote without an upper bound', () => {
    const root = show(
      <Confirmation
        quote={{ min: 1, max: null, lines: [] }}
        remaining={0}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(root.textContent).toContain('This may cost 1 credit or more; 0 left');
  });
});

describe('AnswerMeta', () => {
  it('says a cached answer is free and how old it is', () => {
    const root = show(
      <AnswerMeta
        answer={{ cached: true, ageMs: 3 * DAY + 5000, stale: false, credits: 0 }}
        staleAfterDays={29}
      />,
    );
    expect(root.textContent).toBe('cached 3 days ago · 0 credits');
  });

  it('marks a stale answer and says what stale means', () => {
    const root = show(
      <AnswerMeta answer={{ cached: true, ageMs: 40 * DAY, stale: true, credits: 0 }} staleAfterDays={29} />,
    );
    expect(root.querySelector('.badge')?.textContent).toBe('stale');
    expect(root.textContent).toContain('1 month ago');
    expect(root.textContent).toContain('Older than 29 days');
  });

  it('says what a fresh answer cost, or that the price is not published', () => {
    const fresh = show(
      <AnswerMeta answer={{ cached: false, ageMs: 10, stale: false, credits: 2 }} staleAfterDays={29} />,
    );
    expect(fresh.textContent).toBe('fetched just now · 2 credits');
    render(
      <AnswerMeta answer={{ cached: false, ageMs: 10, stale: false, credits: null }} staleAfterDays={29} />,
      fresh,
    );
    expect(fresh.textContent).toBe('fetched just now · cost not published');
  });
});

describe('PageProfileSection', () => {
  const base: PageProfileSectionProps = {
    title: 'Company on this page',
    idLabel: 'acme',
    answer: null,
    quote: { status: 'ready', quote: { min: 1, max: 1, lines: ['Base: 1'] } },
    action: { status: 'idle' },
    verb: 'Enrich',
    staleAfterDays: 29,
    onRun: () => {},
    onConfirm: () => {},
    onCancel: () => {},
    onRetry: () => {},
    onOpenOptions: () => {},
  };

  it('names the kind and id of the page profile and offers to enrich it', () => {
    const root = show(<PageProfileSection {...base} />);
    expect(root.querySelector('h1')?.textContent).toBe('Company on this page');
    expect(root.querySelector('section')?.getAttribute('aria-labelledby')).toBe(root.querySelector('h1')?.id);
    expect(root.querySelector('.profile-id')?.textContent).toBe('acme');
    expect(button(root, 'Enrich · 1 credit').className).toBe('primary');
  });

  it('draws the answer it is given, with its age and cost, a quoted refresh and "Copy as JSON"', async () => {
    const onCopy = vi.fn(async () => {});
    const root = show(
      <PageProfileSection
        {...base}
        verb="Refresh"
        answer={{ cached: true, ageMs: DAY, stale: false, credits: 0 }}
        onCopy={onCopy}
      >
        <h2>Acme</h2>
      </PageProfileSection>,
    );
    expect(root.querySelector('h2')?.textContent).toBe('Acme');
    expect(root.querySelector('.profile-id')).toBeNull();
    expect(root.querySelector('.answer-meta p')?.textContent).toBe('cached 1 day ago · 0 credits');
    expect(button(root, 'Refresh · 1 credit').className).not.toContain('primary');
    await act(() => button(root, 'Copy as JSON').click());
    await act(async () => {});
    expect(onCopy).toHaveBeenCalledOnce();
    expect(root.querySelector('.copy-json [role="status"]')?.textContent).toBe('Copied');
  });

  it('says when copying failed', async () => {
    const root = show(
      <PageProfileSection
        {...base}
        answer={{ cached: false, ageMs: 0, stale: false, credits: 1 }}
        onCopy={() => Promise.reject(new Error('denied'))}
      />,
    );
    await act(() => button(root, 'Copy as JSON').click());
    await act(async () => {});
    expect(root.querySelector('.copy-json [role="status"]')?.textContent).toBe('Could not copy');
  });

  it('says when the answer shown was asked with other options', () => {
    const root = show(
      <PageProfileSection
        {...base}
        answer={{ cached: true, ageMs: 0, stale: false, credits: 0 }}
        answerForOtherOptions
      >
        <h2>Acme</h2>
      </PageProfileSection>,
    );
    expect(root.textContent).toContain('Shown: the answer without the options chosen below.');
    expect(button(root, 'Enrich · 1 credit')).toBeTruthy();
  });

  it('shows an error with what to do, and a retry when trying again can help', async () => {
    const onRetry = vi.fn();
    const root = show(
      <PageProfileSection
        {...base}
        onRetry={onRetry}
        action={{
          status: 'failed',
          message: { title: 'The service had an internal error', action: 'Try again in a moment' },
          error: null,
          remedy: 'retry',
        }}
      />,
    );
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('The service had an internal error');
    expect(alert.textContent).toContain('Try again in a moment.');
    expect(root.textContent).not.toContain('Enrich ·');
    // Trying again may spend: it carries the quote.
    await act(() => button(root, 'Try again · 1 credit').click());
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers a remedy of its own beside the retry', () => {
    const root = show(
      <PageProfileSection
        {...base}
        remedy={<button type="button">Accept a copy 40 days old · cost not published</button>}
        action={{
          status: 'failed',
          message: { title: 'Only a copy of this profile 40 days old is available', action: 'Raise the age' },
          error: null,
          remedy: 'retry',
        }}
      />,
    );
    const alert = root.querySelector('[role="alert"]') as HTMLElement;
    expect([...alert.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Accept a copy 40 days old · cost not published',
      'Try again · 1 credit',
    ]);
  });

  it('sends a refused key to the settings, and offers nothing for an answer that cannot change', async () => {
    const onOpenOptions = vi.fn();
    const auth = show(
      <PageProfileSection
        {...base}
        onOpenOptions={onOpenOptions}
        action={{
          status: 'failed',
          message: { title: 'The service refused the API key', action: 'Check it' },
          error: null,
          remedy: 'settings',
        }}
      />,
    );
    await act(() => button(auth, 'Open settings').click());
    expect(onOpenOptions).toHaveBeenCalledOnce();
    render(
      <PageProfileSection
        {...base}
        action={{
          status: 'failed',
          message: { title: 'Nothing was found', action: 'Check the address' },
          error: null,
          remedy: null,
        }}
      />,
      auth,
    );
    expect(auth.querySelectorAll('button')).toHaveLength(0);
  });

  it('shows the confirmation in place of the action', () => {
    const root = show(
      <PageProfileSection
        {...base}
        action={{ status: 'confirming', quote: { min: 0, max: 30, lines: [] }, remaining: 12 }}
      />,
    );
    expect(root.textContent).toContain("12 left in today's budget");
    expect(root.textContent).not.toContain('Enrich ·');
  });
});

describe('panel wording', () => {
  it('words ages, sizes, excerpts and spending', () => {
    expect(formatAgo(30_000)).toBe('just now');
    expect(formatAgo(5 * 60_000)).toBe('5 minutes ago');
    expect(formatAgo(DAY)).toBe('1 day ago');
    expect(formatAgo(400 * DAY)).toBe('1 year ago');
    expect(formatCompanySize([51, 200])).toBe('51–200 employees');
    expect(excerpt('short text', 50)).toBe('short text');
    expect(excerpt('one two three four five', 16)).toBe('one two three…');
    expect(todaySpending({ today: 12, dailyBudget: 200 })).toBe('Today: 12 of 200 credits');
    expect(todaySpending({ today: 1, dailyBudget: null })).toBe('Today: 1 credit · no daily budget');
  });
});
