/**
 * The shared views on their own: props in, what a person sees and can operate out.
 */
import type { ComponentChild } from 'preact';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field, SecretInput } from '../../../../components/Field';
import { endpointTitle, formatBytes, formatCredits, formatMoment } from '../../../../components/format';
import { AccountPanel } from '../../../../entrypoints/options/AccountPanel';
import { ConnectionStatus } from '../../../../entrypoints/options/ConnectionStatus';
import { LoadingPage, UnreachablePage } from '../../../../entrypoints/options/PageStates';
import { type SettingsDraft, SettingsForm } from '../../../../entrypoints/options/SettingsForm';

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

function button(root: HTMLElement, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

describe('Field', () => {
  it('labels its control and announces its hint and error with it', () => {
    const root = show(
      <Field label="Base URL (v2)" hint="Where the v2 API is." error="Must be an http(s) address.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = root.querySelector('input')!;
    expect(root.querySelector('label')!.htmlFor).toBe(input.id);
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => root.querySelector(`[id="${id}"]`)?.textContent);
    expect(described).toEqual(['Where the v2 API is.', 'Must be an http(s) address.']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('marks nothing invalid without an error', () => {
    const root = show(<Field label="Plan">{(control) => <select {...control} />}</Field>);
    expect(root.querySelector('select')!.hasAttribute('aria-invalid')).toBe(false);
    expect(root.querySelector('select')!.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('SecretInput', () => {
  it('is masked until shown, and says which state its toggle is in', async () => {
    const onValue = vi.fn();
    const root = show(<SecretInput id="key" value="typed-secret" onValue={onValue} />);
    const input = root.querySelector('input')!;
    expect(input.type).toBe('password');
    expect(button(root, 'Show').getAttribute('aria-pressed')).toBe('false');
    await act(() => button(root, 'Show').click());
    expect(input.type).toBe('text');
    expect(button(root, 'Hide').getAttribute('aria-pressed')).toBe('true');
    await act(() => {
      input.value = 'typed-secret2';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onValue).toHaveBeenCalledWith('typed-secret2');
  });
});

describe('ConnectionStatus', () => {
  it('says what is under way', () => {
    expect(
      show(<ConnectionStatus phase="permission" outcome={null} actionLabel="Connect" />).textContent,
    ).toMatch(/Waiting for your permission/);
  });

  it('announces a failure as an alert, with what to do', () => {
    const root = show(
      <ConnectionStatus
        phase="idle"
        actionLabel="Connect"
        outcome={{
          kind: 'failed',
          message: {
            title: 'The service could not be reached',
            action: 'Check the address',
            detail: 'Failed to fetch',
          },
        }}
      />,
    );
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('The service could not be reached');
    expect(alert.textContent).toContain('Check the address.');
    expect(alert.textContent).toContain('Failed to fetch');
  });

  it('names the button to press again after a denial', () => {
    const root = show(
      <ConnectionStatus phase="idle" outcome={{ kind: 'denied' }} actionLabel="Test connection" />,
    );
    expect(root.textContent).toContain('Press Test connection again');
  });
});

describe('AccountPanel', () => {
  const noop = () => {};

  it('has a loading and an error state', async () => {
    const loading = show(
      <AccountPanel state={{ status: 'loading' }} onRetry={noop} onClearCache={noop} clearingCache={false} />,
    );
    expect(loading.textContent).toContain('Loading your account');
    render(null, loading);
    const onRetry = vi.fn();
    render(
      <AccountPanel
        state={{
          status: 'error',
          message: { title: 'No answer', action: 'Try again', detail: 'Port closed' },
        }}
        onRetry={onRetry}
        onClearCache={noop}
        clearingCache={false}
      />,
      loading,
    );
    expect(loading.querySelector('[role="alert"]')?.textContent).toBe('No answerTry again.Port closed');
    await act(() => button(loading, 'Refresh').click());
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says when no budget is set', () => {
    const root = show(
      <AccountPanel
        state={{
          status: 'ready',
          account: {
            today: 12,
            month: 12,
            dailyBudget: null,
            remainingToday: null,
            balance: 0,
            balanceAt: null,
            recent: [],
            cache: { entries: 1, bytes: 900 },
          },
        }}
        onRetry={noop}
        onClearCache={noop}
        clearingCache={false}
      />,
    );
    expect(root.textContent).toContain('No budget set');
    expect(root.textContent).toContain('0 credits');
    expect(root.textContent).toContain('1 saved answer, 900 bytes');
  });
  it('says until when the service asked to wait, past the hour it is obeyed', () => {
    const until = Date.parse('9999-12-31T23:59:59Z');
    const root = show(
      <AccountPanel
        state={{
          status: 'ready',
          account: {
            today: 0,
            month: 0,
            dailyBudget: null,
            remainingToday: null,
            balance: 10,
            balanceAt: null,
            recent: [],
            cache: { entries: 0, bytes: 0 },
            askedToWaitUntil: until,
          },
        }}
        onRetry={noop}
        onClearCache={noop}
        clearingCache={false}
      />,
    );
    const notice = root.querySelector('.notice[role="status"]')!;
    expect(notice.textContent).toContain(
      `The service asked to wait until ${new Date(until).toLocaleString()}`,
    );
    expect(notice.textContent).toContain('paused for up to 1 hour at a time');
  });
});

describe('SettingsForm', () => {
  const draft: SettingsDraft = {
    connection: 'own-key',
    apiKey: '',
    baseUrlV2: 'https://api.example.com',
    baseUrlV3: 'https://api.example.com',
    hubUrl: '',
    hubToken: '',
    plan: 'growth',
    dailyBudget: '',
    staleAfterDays: '29',
    retentionDays: '90',
    autoEnrich: false,
    profileFreshness: 'if-present',
    cacheMaxBytes: 3_000_000,
  };

  it('offers a saved cache cap that is not one of its choices, and keeps it selected', () => {
    const root = show(
      <SettingsForm
        draft={draft}
        errors={{}}
        onChange={() => {}}
        onTest={() => {}}
        testPhase="idle"
        testOutcome={null}
        onSave={() => {}}
        saving={false}
        saveOutcome={null}
      />,
    );
    const selects = [...root.querySelectorAll('select')];
    const cap = selects.find((s) => [...s.options].some((o) => o.text === '50 MB'))!;
    expect(cap.value).toBe('3000000');
    expect([...cap.options].map((o) => o.text)).toContain('2.9 MB');
    // No key saved: the key is a plain (masked) input, with no "Change key".
    expect(root.querySelector('input[type="password"]')).not.toBeNull();
    expect(root.textContent).not.toContain('Change key');
  });

  it('disables its controls while saving', () => {
    const root = show(
      <SettingsForm
        draft={draft}
        errors={{}}
        onChange={() => {}}
        onTest={() => {}}
        testPhase="idle"
        testOutcome={null}
        onSave={() => {}}
        saving={true}
        saveOutcome={null}
      />,
    );
    expect(button(root, 'Save settings').disabled).toBe(true);
    expect(button(root, 'Test connection').disabled).toBe(true);
    expect(root.textContent).toContain('Saving…');
  });
});

describe('page states', () => {
  it('offers to try again when the background does not answer', async () => {
    const onRetry = vi.fn();
    const root = show(<UnreachablePage detail="Receiving end does not exist." onRetry={onRetry} />);
    expect(root.textContent).toContain("The extension's background did not answer");
    await act(() => button(root, 'Try again').click());
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('marks the page busy while loading', () => {
    expect(show(<LoadingPage what="settings" />).querySelector('[aria-busy="true"]')?.textContent).toContain(
      'Loading settings…',
    );
  });
});

describe('format', () => {
  it('reads credits and sizes as a person would say them', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(12_500)).toBe('12,500 credits');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
  });

  it('names endpoints by their title, and unknown ids as they are', () => {
    expect(endpointTitle('email.lookup')).toBe('Reverse email lookup');
    expect(endpointTitle('retired.endpoint')).toBe('retired.endpoint');
    expect(endpointTitle('toString')).toBe('toString');
  });

  it('gives the date only for moments before today', () => {
    const now = new Date(2025, 5, 15, 14, 30).getTime();
    const today = formatMoment(new Date(2025, 5, 15, 9, 5).getTime(), now);
    const earlier = formatMoment(new Date(2025, 5, 3, 9, 5).getTime(), now);
    expect(today).toMatch(/09.05/);
    expect(today).not.toMatch(/Jun/);
    expect(earlier).toMatch(/Jun/);
  });
});
