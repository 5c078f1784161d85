/**
 * The options page as a person uses it, rendered in happy-dom with a stand-in for the background
 * and for the browser's permission prompt: the page's states, and the helpers that read and operate
 * it by what a person sees (labels, button names, the error announced with a field).
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import { OptionsApp, type OptionsBackend } from '../../entrypoints/options/App';
import type { Account, ProtocolMap, PublicSettings } from '../../lib/protocol';
import { DEFAULT_SETTINGS } from '../../lib/settings';

export const FULL_KEY = 'sk_live_7f3a9c21e8d4b6wxyz';

const { apiKey: _noKey, ...defaultsWithoutKey } = DEFAULT_SETTINGS;
export const FRESH: PublicSettings = {
  ...defaultsWithoutKey,
  apiKeySet: false,
  apiKeyHint: '',
  hubTokenSet: false,
  hubTokenHint: '',
};
export const ONBOARDED: PublicSettings = {
  ...FRESH,
  baseUrlV2: 'https://api.example.com',
  baseUrlV3: 'https://api.example.com',
  onboarded: true,
  apiKeySet: true,
  apiKeyHint: 'wxyz',
};

export const EMPTY_ACCOUNT: Account = {
  today: 0,
  month: 0,
  dailyBudget: 200,
  remainingToday: 200,
  balance: 10_000,
  balanceAt: Date.now() - 60_000,
  recent: [],
  cache: { entries: 0, bytes: 0 },
};

export type Handlers = {
  [T in keyof ProtocolMap]?: (data: Parameters<ProtocolMap[T]>[0]) => ReturnType<ProtocolMap[T]>;
};

/** A background that answers from `handlers`, recording every message, and a permission prompt. */
export function fakeBackend(handlers: Handlers, { grant = true } = {}) {
  const sent: { type: string; data: unknown }[] = [];
  const requestOrigins = vi.fn(async (_origins: string[]) => grant);
  const backend: OptionsBackend = {
    ask: (async (type: keyof ProtocolMap, data: unknown) => {
      sent.push({ type, data });
      const handler = handlers[type] as ((data: unknown) => unknown) | undefined;
      if (!handler)
        throw new Error(`Could not establish connection. Receiving end does not exist. (${type})`);
      return handler(data);
    }) as OptionsBackend['ask'],
    requestOrigins,
  };
  const sentOf = (type: keyof ProtocolMap) =>
    sent.filter((message) => message.type === type).map((m) => m.data);
  return { backend, requestOrigins, sentOf };
}

let container: HTMLElement | undefined;

/** Takes down what `mount` put up; each test file calls it after each test. */
export function unmount() {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
}

/** Points the helpers at another mounted page, as a person switches between two options tabs. */
export function switchTo(root: HTMLElement) {
  container = root;
}

/** Lets pending promises and the renders they cause finish. */
export async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

export async function mount(backend: OptionsBackend) {
  container = document.createElement('div');
  document.body.append(container);
  await act(() => render(<OptionsApp backend={backend} />, container!));
  await settle();
  return container;
}

export function page(): HTMLElement {
  if (!container) throw new Error('nothing mounted');
  return container;
}

export function byLabel(text: string): HTMLInputElement | HTMLSelectElement {
  const label = [...page().querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  if (!label) throw new Error(`no label "${text}"`);
  const control = page().querySelector(`[id="${label.htmlFor}"]`);
  if (!control) throw new Error(`label "${text}" names no control`);
  return control as HTMLInputElement | HTMLSelectElement;
}

export function hasLabel(text: string): boolean {
  return [...page().querySelectorAll('label')].some((l) => l.textContent?.trim() === text);
}

export function button(name: string): HTMLButtonElement {
  const found = [...page().querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

export async function typeInto(control: HTMLInputElement | HTMLSelectElement, value: string) {
  await act(() => {
    control.value = value;
    control.dispatchEvent(
      new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

export async function press(name: string) {
  await act(() => button(name).click());
  await settle();
}

/** The error message shown for a field, read through its aria-describedby as a screen reader would. */
export function errorFor(label: string): string | undefined {
  const control = byLabel(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids
    .map((id) => page().querySelector(`[id="${id}"]`))
    .filter((el) => el?.classList.contains('field-error'));
  return texts[0]?.textContent ?? undefined;
}

export const text = () => page().textContent ?? '';
