/**
 * The rate limit's retry: named with its price and the seconds left in every state, and offered
 * again once the service's wait has passed, not a second later.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpendArea } from '../../../../components/spend/SpendArea';
import type { ActionState } from '../../../../lib/action-state';
import type { Quote } from '../../../../lib/protocol';

const TWO: Quote = { min: 2, max: 2, lines: ['Person profile: 1', 'use_cache=if-recent: +1'] };

const RATE_LIMITED: ActionState = {
  status: 'failed',
  message: { title: 'Too many requests in a short time', action: 'Wait, then try again' },
  error: { kind: 'rate-limited', retryAfterSeconds: 3 },
  remedy: 'retry',
};

let container: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  render(null, container);
  container.remove();
  vi.useRealTimers();
});

/** A control found by its whole name: what it does, the seconds left, and its price. */
function buttonNamed(name: string): HTMLButtonElement {
  const buttons = [...container.querySelectorAll('button')];
  const found = buttons.find((button) => button.textContent === name);
  if (!found) throw new Error(`no button "${name}" in: ${buttons.map((b) => b.textContent).join(' | ')}`);
  return found;
}

async function advance(ms: number) {
  await act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function mount(onRetry = () => {}) {
  return act(() =>
    render(
      <SpendArea
        verb="Enrich"
        runningText="Enriching…"
        quote={{ status: 'ready', quote: TWO }}
        action={RATE_LIMITED}
        onRun={() => {}}
        onConfirm={() => {}}
        onCancel={() => {}}
        onRetry={onRetry}
        onOpenOptions={() => {}}
      />,
      container,
    ),
  );
}

describe('a rate-limited action', () => {
  it('counts the wait down by the second, then offers the retry at its price', async () => {
    const onRetry = vi.fn();
    await mount(onRetry);
    expect(buttonNamed('Try again in 3 s · 2 credits').disabled).toBe(true);
    await advance(999);
    expect(buttonNamed('Try again in 3 s · 2 credits').disabled).toBe(true);
    await advance(1);
    expect(buttonNamed('Try again in 2 s · 2 credits').disabled).toBe(true);
    await advance(1_000);
    expect(buttonNamed('Try again in 1 s · 2 credits').disabled).toBe(true);
    await advance(1_000);
    expect(buttonNamed('Try again · 2 credits').disabled).toBe(false);
    buttonNamed('Try again · 2 credits').click();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the right second when a timer fires a millisecond before the clock says it is due', async () => {
    await mount();
    // The clock reads a millisecond behind the timers from now on.
    vi.setSystemTime(Date.now() - 1);
    await advance(1_000);
    expect(buttonNamed('Try again in 3 s · 2 credits').disabled).toBe(true);
    await advance(1);
    expect(buttonNamed('Try again in 2 s · 2 credits').disabled).toBe(true);
    await advance(2_000);
    expect(buttonNamed('Try again · 2 credits').disabled).toBe(false);
  });
});
