/**
 * The side panel's sections over the real background service and the real sandbox app (no socket,
 * a fake IndexedDB): a harness that builds both for a test, mounts a section, and reads and operates
 * it by what a person sees. A test file using it mocks the sandbox's fixtures (see
 * CompanySections.test.tsx) and calls `freshSandbox` before and `tearDown` after each test.
 */
import { IDBFactory } from 'fake-indexeddb';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import type { SectionsBackend } from '../../entrypoints/sidepanel/sections/backend';
import { CompanySections } from '../../entrypoints/sidepanel/sections/CompanySections';
import { StudentSection } from '../../entrypoints/sidepanel/sections/StudentSection';
import { createClient } from '../../lib/background/api/client';
import { closeDbForTests, openDb } from '../../lib/background/db';
import { createService } from '../../lib/background/service';
import type { ProtocolMap, PublicSettings, RunProgress, RunRequest } from '../../lib/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings';
import { createSandbox, DEFAULT_SEED, datasetForSeed, type Sandbox } from '../../sandbox/app';
import { parseKeyFaults } from '../../sandbox/faults';
import { parseKeys } from '../../sandbox/keys';
import { waitFor } from './wait-for';

const BASE = 'https://sandbox.test';
export const { dataset } = datasetForSeed(DEFAULT_SEED);
/** A company of the dataset with more than a page of jobs and of employees, and several logo matches. */
export const TURNER = dataset.companies.find((company) => company.url.endsWith('/company/turner'))!;
export const TURNER_NAME = TURNER.profile.name as string;
const SCHOOL = dataset.schools.find((school) => school.url.endsWith('/school/university-of-montreal'))!;

interface Harness {
  sandbox: Sandbox;
  backend: SectionsBackend & { openOptions: ReturnType<typeof vi.fn<() => void>> };
  settings: PublicSettings;
  sent: { type: string; data: unknown }[];
  onSpent: ReturnType<typeof vi.fn<() => void>>;
  balance: (key?: string) => number;
  /** The sandbox's log of service calls (admin routes are not logged). */
  calls: () => { path: string; status: number; charged: number }[];
}

export let sandbox: Sandbox;

/** A fresh extension (empty cache and ledger) over `sandbox`, with these settings. */
export function harness(overrides: Partial<Settings> = {}): Harness {
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    apiKey: 'demo',
    baseUrlV2: BASE,
    baseUrlV3: BASE,
    onboarded: true,
    ...overrides,
  };
  const listeners = new Map<string, Set<(progress: RunProgress | null) => void>>();
  const service = createService({
    db: openDb,
    settings: async () => settings,
    client: (s) =>
      createClient({ ...s, fetch: (request: Request) => Promise.resolve(sandbox.app.request(request)) }),
    onProgress: (requestId, progress) => {
      for (const listener of listeners.get(requestId) ?? []) listener(progress);
    },
  });
  const sent: Harness['sent'] = [];
  let ids = 0;
  const ask = (async (type: keyof ProtocolMap, data: unknown) => {
    sent.push({ type, data });
    const request = data as RunRequest;
    if (type === 'view.open') return service.openView(request.endpointId, request.params);
    if (type === 'run') return service.run(request);
    throw new Error(`the sections should not ask ${type}`);
  }) as SectionsBackend['ask'];
  const backend = {
    ask,
    newRequestId: () => `section-request-${++ids}`,
    openOptions: vi.fn<() => void>(),
    watchProgress: (requestId: string, listener: (progress: RunProgress | null) => void) => {
      const set = listeners.get(requestId) ?? new Set();
      listeners.set(requestId, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  const { apiKey: _key, ...rest } = settings;
  return {
    sandbox,
    backend,
    settings: { ...rest, apiKeySet: true, apiKeyHint: 'demo', hubTokenSet: false, hubTokenHint: '' },
    sent,
    onSpent: vi.fn<() => void>(),
    balance: (key = 'demo') => sandbox.state.accounts.get(key)!.balance,
    // The background reads the (free) balance after a spend; those reads are not the sections' calls.
    calls: () => sandbox.state.requests.list().filter((call) => call.path !== '/api/v2/credit-balance'),
  };
}

export let container: HTMLElement | undefined;

/** A fresh sandbox and an empty IndexedDB; each test file calls it before each test. */
export function freshSandbox() {
  globalThis.indexedDB = new IDBFactory();
  sandbox = createSandbox({
    keys: parseKeys('demo=100000:standard,grown=100000:growth,poor=3:standard,busy=1000:standard'),
    keyFaults: parseKeyFaults('busy=503'),
    ratePerMinute: 100_000,
  });
}

/** Takes down what a test mounted and closes the database; each test file calls it after each test. */
export async function tearDown() {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
  await closeDbForTests();
  vi.restoreAllMocks();
}

export function mountCompany(
  h: Harness,
  company: Partial<Parameters<typeof CompanySections>[0]['company']> = {},
) {
  container = document.createElement('div');
  document.body.append(container);
  render(
    <CompanySections
      backend={h.backend}
      company={{
        url: TURNER.url,
        name: TURNER_NAME,
        searchId: TURNER.searchId,
        domain: TURNER.domain,
        ...company,
      }}
      settings={h.settings}
      onSpent={h.onSpent}
    />,
    container,
  );
  return container;
}

export function mountSchool(h: Harness) {
  container = document.createElement('div');
  document.body.append(container);
  render(
    <StudentSection backend={h.backend} schoolUrl={SCHOOL.url} settings={h.settings} onSpent={h.onSpent} />,
    container,
  );
  return container;
}

export function unmount() {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
}

/** The section whose heading is `name`. */
export function section(root: HTMLElement, name: string): HTMLElement {
  const heading = [...root.querySelectorAll('h2')].find((h) => h.textContent?.trim() === name);
  if (!heading) throw new Error(`no section "${name}" in: ${root.textContent}`);
  const found = heading.closest('section');
  if (!found || found.getAttribute('aria-labelledby') !== heading.id)
    throw new Error(`"${name}" labels no section`);
  return found as HTMLElement;
}

export function buttons(root: HTMLElement): string[] {
  return [...root.querySelectorAll('button')].map((b) => b.textContent?.trim() ?? '');
}

export function button(root: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent?.trim() ?? ''),
  );
  if (!found) throw new Error(`no button "${name}" in: ${buttons(root).join(' | ')}`);
  return found;
}

/** Waits for a control, then presses it as a keyboard user does: focus it, then activate it. */
export async function press(root: HTMLElement, name: string | RegExp) {
  const found = await waitFor(() => button(root, name));
  await act(() => {
    found.focus();
    found.click();
  });
}

/** A spend control's credits: "List employees · up to 30 credits" → 30. */
export function quotedMax(label: string): number {
  const match = /(\d[\d,]*) credits?$/.exec(label);
  if (!match) throw new Error(`no credits in "${label}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

export function field(root: HTMLElement, label: string): HTMLInputElement | HTMLSelectElement {
  const found = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!found) throw new Error(`no field "${label}"`);
  return root.querySelector(`#${CSS.escape(found.htmlFor)}`) as HTMLInputElement | HTMLSelectElement;
}

export async function setField(root: HTMLElement, label: string, value: string) {
  const control = field(root, label);
  await act(() => {
    control.value = value;
    control.dispatchEvent(
      new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

export function alertIn(root: HTMLElement): HTMLElement {
  const alert = root.querySelector<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error(`no alert in: ${root.textContent}`);
  return alert;
}

export function rows(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('ol.results > li, ul.results > li')];
}

export const runs = (h: Harness) => h.sent.filter((message) => message.type === 'run');
