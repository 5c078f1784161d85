/**
 * The options page as a person uses it, rendered in happy-dom with a stand-in for the background
 * and for the browser's permission prompt.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionsApp, type OptionsBackend } from '../../../../entrypoints/options/App';
import { checkSettingsPatch as checkFormPatch, readSaveError } from '../../../../entrypoints/options/form';
import { ApiError } from '../../../../lib/api/errors';
import { checkSettingsPatch as checkSavedPatch } from '../../../../lib/background/settings-schema';
import type { Account, ProtocolMap, PublicSettings } from '../../../../lib/protocol';
import { SCAN_EVERY_SITE_ORIGINS } from '../../../../lib/scan-permission';
import {
  checkSettingsFields,
  DEFAULT_SETTINGS,
  SANDBOX_PRESET,
  SETTINGS_BOUNDS,
  type Settings,
} from '../../../../lib/settings';

const FULL_KEY = 'sk_live_7f3a9c21e8d4b6wxyz';

const { apiKey: _noKey, ...defaultsWithoutKey } = DEFAULT_SETTINGS;
const FRESH: PublicSettings = { ...defaultsWithoutKey, apiKeySet: false, apiKeyHint: '' };
const ONBOARDED: PublicSettings = {
  ...FRESH,
  baseUrlV2: 'https://api.example.com',
  baseUrlV3: 'https://api.example.com',
  onboarded: true,
  apiKeySet: true,
  apiKeyHint: 'wxyz',
};

const EMPTY_ACCOUNT: Account = {
  today: 0,
  month: 0,
  dailyBudget: 200,
  remainingToday: 200,
  balance: 10_000,
  balanceAt: Date.now() - 60_000,
  recent: [],
  cache: { entries: 0, bytes: 0 },
};

type Handlers = {
  [T in keyof ProtocolMap]?: (data: Parameters<ProtocolMap[T]>[0]) => ReturnType<ProtocolMap[T]>;
};

/** A background that answers from `handlers`, recording every message, and a permission prompt. */
function fakeBackend(handlers: Handlers, { grant = true } = {}) {
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

afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

/** Lets pending promises and the renders they cause finish. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

async function mount(backend: OptionsBackend) {
  container = document.createElement('div');
  document.body.append(container);
  await act(() => render(<OptionsApp backend={backend} />, container!));
  await settle();
  return container;
}

function page(): HTMLElement {
  if (!container) throw new Error('nothing mounted');
  return container;
}

function byLabel(text: string): HTMLInputElement | HTMLSelectElement {
  const label = [...page().querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  if (!label) throw new Error(`no label "${text}"`);
  const control = page().querySelector(`[id="${label.htmlFor}"]`);
  if (!control) throw new Error(`label "${text}" names no control`);
  return control as HTMLInputElement | HTMLSelectElement;
}

function hasLabel(text: string): boolean {
  return [...page().querySelectorAll('label')].some((l) => l.textContent?.trim() === text);
}

function button(name: string): HTMLButtonElement {
  const found = [...page().querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

async function typeInto(control: HTMLInputElement | HTMLSelectElement, value: string) {
  await act(() => {
    control.value = value;
    control.dispatchEvent(
      new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

async function press(name: string) {
  await act(() => button(name).click());
  await settle();
}

/** The error message shown for a field, read through its aria-describedby as a screen reader would. */
function errorFor(label: string): string | undefined {
  const control = byLabel(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids
    .map((id) => page().querySelector(`[id="${id}"]`))
    .filter((el) => el?.classList.contains('field-error'));
  return texts[0]?.textContent ?? undefined;
}

const text = () => page().textContent ?? '';

describe('options page: loading and failure', () => {
  it('shows a loading state until the background answers, then the onboarding', async () => {
    let answer: (settings: PublicSettings) => void = () => {};
    const { backend } = fakeBackend({
      'settings.get': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    await mount(backend);
    expect(text()).toContain('Loading settings');
    await act(() => answer(FRESH));
    await settle();
    expect(text()).toContain('Set up Profile Enrichment');
  });

  it('says the background did not answer, and tries again on request', async () => {
    let reachable = false;
    const { backend } = fakeBackend({
      'settings.get': () => {
        if (!reachable) throw new Error('Could not establish connection. Receiving end does not exist.');
        return FRESH;
      },
    });
    await mount(backend);
    expect(text()).toContain("The extension's background did not answer");
    expect(text()).toContain('Receiving end does not exist');
    reachable = true;
    await press('Try again');
    expect(text()).toContain('Set up Profile Enrichment');
  });
});

describe('options page: onboarding', () => {
  it('has the three labelled fields, the key masked', async () => {
    await mount(fakeBackend({ 'settings.get': () => FRESH }).backend);
    expect(byLabel('API key')).toHaveProperty('type', 'password');
    expect(byLabel('Base URL (v2)').value).toBe('');
    expect(byLabel('Base URL (v3)').value).toBe('');
    expect(text()).toContain('credits');
  });

  it('shows the typed key only when asked to', async () => {
    await mount(fakeBackend({ 'settings.get': () => FRESH }).backend);
    await typeInto(byLabel('API key'), FULL_KEY);
    await press('Show');
    expect(byLabel('API key')).toHaveProperty('type', 'text');
    await press('Hide');
    expect(byLabel('API key')).toHaveProperty('type', 'password');
  });

  it('"Try the sandbox" fills in the sandbox and says what it is', async () => {
    await mount(fakeBackend({ 'settings.get': () => FRESH }).backend);
    await press('Try the sandbox');
    expect(byLabel('API key').value).toBe(SANDBOX_PRESET.apiKey);
    expect(byLabel('Base URL (v2)').value).toBe('http://127.0.0.1:8787');
    expect(byLabel('Base URL (v3)').value).toBe('http://127.0.0.1:8787');
    expect(text()).toMatch(/local stand-in for the service, with synthetic data/);
    expect(text()).toContain('npm run sandbox');
  });

  it('asks for nothing while a field is missing or not an address, and says which', async () => {
    const { backend, requestOrigins, sentOf } = fakeBackend({ 'settings.get': () => FRESH });
    await mount(backend);
    await typeInto(byLabel('Base URL (v2)'), 'api.example.com');
    await press('Connect');
    expect(errorFor('API key')).toMatch(/Enter your API key/);
    expect(errorFor('Base URL (v2)')).toMatch(/must be an http\(s\) address/i);
    expect(errorFor('Base URL (v3)')).toMatch(/Enter the address/);
    expect(byLabel('Base URL (v2)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(byLabel('API key'));
    expect(requestOrigins).not.toHaveBeenCalled();
    expect(sentOf('connection.test')).toEqual([]);

    await typeInto(byLabel('Base URL (v2)'), 'https://api.example.com');
    expect(errorFor('Base URL (v2)')).toBeUndefined();
  });

  it('asks for the API origin inside the click, then tests, saves and shows the settings', async () => {
    const { backend, requestOrigins, sentOf } = fakeBackend({
      'settings.get': () => FRESH,
      'connection.test': () => ({ ok: true, balance: 10_000 }),
      'settings.save': () => ({ ok: true, settings: { ...ONBOARDED, baseUrlV2: 'http://127.0.0.1:8787' } }),
      'account.get': () => EMPTY_ACCOUNT,
    });
    await mount(backend);
    await press('Try the sandbox');
    await typeInto(byLabel('API key'), FULL_KEY);
    await typeInto(byLabel('Base URL (v3)'), 'http://127.0.0.1:8787/');

    // The browser only prompts within the gesture: the request must start before the click returns.
    button('Connect').click();
    expect(requestOrigins).toHaveBeenCalledWith(['http://127.0.0.1/*']);
    await settle();

    expect(sentOf('connection.test')).toEqual([
      { apiKey: FULL_KEY, baseUrlV2: 'http://127.0.0.1:8787', baseUrlV3: 'http://127.0.0.1:8787' },
    ]);
    expect(sentOf('settings.save')).toEqual([
      {
        apiKey: FULL_KEY,
        baseUrlV2: 'http://127.0.0.1:8787',
        baseUrlV3: 'http://127.0.0.1:8787',
        onboarded: true,
      },
    ]);
    expect(text()).toContain('Profile Enrichment settings');
    expect(text()).toContain('Connected');
    expect(text()).toMatch(/balance with the service is 10,000 credits/);
    expect(text()).toContain('Set, ends in …wxyz');
    expect(page().innerHTML).not.toContain(FULL_KEY);
    expect(hasLabel('API key')).toBe(false);
  });

  it('changes nothing when the permission is denied, and says why it was asked', async () => {
    const { backend, sentOf } = fakeBackend({ 'settings.get': () => FRESH }, { grant: false });
    await mount(backend);
    expect(text()).toMatch(/only talk to the address you entered/);
    await press('Try the sandbox');
    await press('Connect');
    expect(text()).toContain('Access to this address was not granted');
    expect(text()).toContain('Nothing was changed');
    expect(sentOf('connection.test')).toEqual([]);
    expect(sentOf('settings.save')).toEqual([]);
    expect(text()).toContain('Set up Profile Enrichment');
  });

  it("shows a failed test's title and what to do, and saves nothing", async () => {
    const refused = new ApiError('auth', { status: 401, description: 'Invalid API key' }).toJSON();
    const { backend, sentOf } = fakeBackend({
      'settings.get': () => FRESH,
      'connection.test': () => ({ ok: false, error: refused }),
    });
    await mount(backend);
    await press('Try the sandbox');
    await press('Connect');
    expect(text()).toContain('The service refused the API key');
    expect(text()).toContain('Check the API key in Settings, then try again.');
    expect(text()).toContain('Invalid API key');
    expect(sentOf('settings.save')).toEqual([]);
  });
});

describe('options page: settings', () => {
  function onboardedBackend(handlers: Handlers = {}, options?: { grant?: boolean }) {
    return fakeBackend(
      {
        'settings.get': () => ONBOARDED,
        'account.get': () => EMPTY_ACCOUNT,
        'settings.save': (patch) => ({ ok: true, settings: { ...ONBOARDED, ...patch } as PublicSettings }),
        'scanEverySite.get': () => ({ enabled: false }),
        ...handlers,
      },
      options,
    );
  }

  it('shows the saved settings, the key only by its last characters', async () => {
    await mount(onboardedBackend().backend);
    expect(byLabel('Base URL (v2)').value).toBe('https://api.example.com');
    expect(byLabel('Plan').value).toBe('standard');
    expect([...(byLabel('Plan') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Growth or larger',
      'Other plans',
    ]);
    expect(byLabel('Daily budget (credits)').value).toBe('200');
    expect(byLabel('Stale after (days)').value).toBe('29');
    expect((byLabel('Auto-enrich profile pages') as HTMLInputElement).checked).toBe(false);
    expect(byLabel('Cache size cap').value).toBe(String(50 * 1024 * 1024));
    expect(text()).toContain('Set, ends in …wxyz');
    expect(text()).toMatch(/makes quotes exact/);
  });

  it('saves what was changed as typed and never sends a key it was not given', async () => {
    const { backend, sentOf } = onboardedBackend();
    await mount(backend);
    await typeInto(byLabel('Daily budget (credits)'), '');
    await typeInto(byLabel('Plan'), 'growth');
    await act(() => (byLabel('Auto-enrich profile pages') as HTMLInputElement).click());
    // Typed back to what it was: not a change.
    await typeInto(byLabel('Stale after (days)'), '30');
    await typeInto(byLabel('Stale after (days)'), '29');
    await press('Save settings');
    expect(sentOf('settings.save')).toEqual([{ plan: 'growth', dailyBudget: null, autoEnrich: true }]);
    expect(text()).toContain('Settings saved');
  });

  it('a second options tab saving its older form keeps a budget lowered in the first', async () => {
    // One background for both tabs, keeping what each saves.
    let saved: PublicSettings = ONBOARDED;
    const { backend } = onboardedBackend({
      'settings.get': () => saved,
      'settings.save': (patch) => {
        saved = { ...saved, ...patch } as PublicSettings;
        return { ok: true, settings: saved };
      },
    });
    const first = await mount(backend);
    const second = await mount(backend);
    try {
      container = first;
      await typeInto(byLabel('Daily budget (credits)'), '50');
      await press('Save settings');
      expect(saved.dailyBudget).toBe(50);

      // The second tab still shows the budget it loaded, 200; the person changes something else.
      container = second;
      expect(byLabel('Daily budget (credits)').value).toBe('200');
      await act(() => (byLabel('Auto-enrich profile pages') as HTMLInputElement).click());
      await press('Save settings');
      expect(saved).toMatchObject({ dailyBudget: 50, autoEnrich: true });
      // And it shows what is saved now.
      expect(byLabel('Daily budget (credits)').value).toBe('50');
    } finally {
      render(null, first);
      first.remove();
      container = second;
    }
  });

  it('offers the profile freshness with what each choice adds, and saves the one chosen', async () => {
    const { backend, sentOf } = onboardedBackend();
    await mount(backend);
    const freshness = byLabel('Profile freshness') as HTMLSelectElement;
    expect(freshness.value).toBe('if-present');
    expect([...freshness.options].map((o) => [o.value, o.text])).toEqual([
      ['if-present', 'Any age (cheapest)'],
      ['if-recent', '29 days or less (+1 credit)'],
      ['live', 'Live now (+9 credits)'],
    ]);
    await typeInto(freshness, 'live');
    await press('Save settings');
    expect(sentOf('settings.save')[0]).toMatchObject({ profileFreshness: 'live' });
  });

  it('words refused values under their fields and sends nothing', async () => {
    const { backend, sentOf } = onboardedBackend();
    await mount(backend);
    await typeInto(byLabel('Stale after (days)'), '0');
    await typeInto(byLabel('Daily budget (credits)'), '2.5');
    await typeInto(byLabel('Base URL (v3)'), 'ftp://files.example.com');
    await press('Save settings');
    expect(errorFor('Stale after (days)')).toBe('Enter 1 or more.');
    expect(errorFor('Daily budget (credits)')).toBe('Enter a whole number.');
    expect(errorFor('Base URL (v3)')).toMatch(/^Must be an http\(s\) address/);
    expect(byLabel('Stale after (days)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(byLabel('Base URL (v3)'));
    expect(text()).toContain('Not saved: some values are not accepted');
    expect(sentOf('settings.save')).toEqual([]);

    await typeInto(byLabel('Stale after (days)'), '');
    await press('Save settings');
    expect(errorFor('Stale after (days)')).toBe('Enter a number.');
  });

  it("shows the background's own refusal under the field it names", async () => {
    const { backend } = onboardedBackend({
      'settings.save': () => ({ ok: false, error: 'baseUrlV3: must be reachable; storage is full' }),
    });
    await mount(backend);
    await press('Save settings');
    expect(errorFor('Base URL (v3)')).toBe('Must be reachable.');
    expect(text()).toContain('storage is full');
  });

  it('says so when the background fails while saving', async () => {
    const { backend } = onboardedBackend({
      'settings.save': () => {
        throw new Error('Extension context invalidated.');
      },
    });
    await mount(backend);
    await press('Save settings');
    expect(page().querySelector('[role="alert"]')?.textContent).toMatch(
      /Not saved: The extension's background could not do this.*Extension context invalidated/,
    );
  });

  it('replaces the key only through "Change key", with a masked, empty field', async () => {
    const { backend, sentOf } = onboardedBackend();
    await mount(backend);
    await press('Change key');
    expect(byLabel('API key')).toHaveProperty('type', 'password');
    expect(byLabel('API key').value).toBe('');
    await press('Save settings');
    expect(errorFor('API key')).toMatch(/Enter the new key, or keep the current one/);
    expect(sentOf('settings.save')).toEqual([]);

    await typeInto(byLabel('API key'), FULL_KEY);
    await press('Save settings');
    expect(sentOf('settings.save')[0]).toMatchObject({ apiKey: FULL_KEY });
    expect(page().innerHTML).not.toContain(FULL_KEY);
  });

  it('tests the saved key against edited addresses, asking for their origin first', async () => {
    const { backend, requestOrigins, sentOf } = onboardedBackend({
      'connection.test': () => ({ ok: true, balance: null }),
    });
    await mount(backend);
    await typeInto(byLabel('Base URL (v3)'), 'https://v3.example.org/');
    button('Test connection').click();
    expect(requestOrigins).toHaveBeenCalledWith(['https://api.example.com/*', 'https://v3.example.org/*']);
    await settle();
    expect(sentOf('connection.test')).toEqual([
      { baseUrlV2: 'https://api.example.com', baseUrlV3: 'https://v3.example.org' },
    ]);
    expect(text()).toContain('it did not say what your balance is');
  });

  it('asks for the addresses inside the submit, then saves', async () => {
    const { backend, requestOrigins, sentOf } = onboardedBackend();
    await mount(backend);
    await typeInto(byLabel('Base URL (v2)'), 'https://elsewhere.example.net/');
    button('Save settings').click();
    expect(requestOrigins).toHaveBeenCalledWith([
      'https://elsewhere.example.net/*',
      'https://api.example.com/*',
    ]);
    await settle();
    expect(sentOf('settings.save')[0]).toMatchObject({ baseUrlV2: 'https://elsewhere.example.net' });
    expect(text()).toContain('Settings saved');
  });

  it('saves nothing when access to a new address is denied', async () => {
    const { backend, sentOf } = onboardedBackend({}, { grant: false });
    await mount(backend);
    await typeInto(byLabel('Base URL (v2)'), 'https://elsewhere.example.net');
    await press('Save settings');
    expect(text()).toContain('Not saved: access to the new address was not granted');
    expect(sentOf('settings.save')).toEqual([]);
  });
});

describe('options page: account', () => {
  const NOW = Date.now();

  it('says so when nothing was spent yet', async () => {
    await mount(fakeBackend({ 'settings.get': () => ONBOARDED, 'account.get': () => EMPTY_ACCOUNT }).backend);
    expect(text()).toContain('No credits spent yet');
    expect(text()).toContain('10,000 credits');
    expect(button('Clear cache').disabled).toBe(true);
  });

  it('lists recent lookups and clears the cache after a confirmation', async () => {
    let cache = { entries: 3, bytes: 2_400_000 };
    const { backend, sentOf } = fakeBackend({
      'settings.get': () => ONBOARDED,
      'account.get': () => ({
        ...EMPTY_ACCOUNT,
        today: 4,
        month: 31,
        remainingToday: 196,
        balance: null,
        balanceAt: null,
        recent: [
          {
            at: NOW - 60_000,
            endpointId: 'person.profile',
            summary: 'profile_url=…/in/jane-doe',
            credits: 1,
            cached: false,
          },
          {
            at: NOW - 30_000,
            endpointId: 'company.profile',
            summary: 'url=…/company/acme',
            credits: 0,
            cached: true,
          },
          {
            at: NOW - 10_000,
            endpointId: 'person.v3',
            summary: 'email=jane@example.com',
            credits: null,
            cached: false,
          },
        ],
        cache,
      }),
      'cache.clear': () => {
        cache = { entries: 0, bytes: 0 };
        return { ok: true };
      },
    });
    await mount(backend);
    const lines = [...page().querySelectorAll('.ledger li')].map((li) => li.textContent);
    expect(lines[0]).toMatch(/Person profile.*1 credit(?!s).*jane-doe/);
    expect(lines[1]).toMatch(/Company profile.*cached/);
    expect(lines[2]).toMatch(/Person profile \(v3\).*price not published/);
    expect(text()).toContain('balance unknown');
    expect(text()).toContain('31 credits');
    expect(text()).toContain('3 saved answers, 2.3 MB');

    await press('Clear cache');
    expect(sentOf('cache.clear')).toEqual([]);
    expect(text()).toContain('Looking these up again will cost credits');
    await press('Clear cache');
    expect(sentOf('cache.clear')).toHaveLength(1);
    expect(text()).toContain('0 saved answers');
  });
});

describe('readSaveError', () => {
  it('ties each issue to its field and keeps the rest', () => {
    expect(
      readSaveError('dailyBudget: Invalid input: expected int, received number; something else'),
    ).toEqual({
      errors: { dailyBudget: 'Invalid input: expected int, received number.' },
      unplaced: ['something else'],
    });
  });
});

describe('options page: scan every site', () => {
  const LABEL = 'Scan every site I visit';

  /** An onboarded page whose background keeps the every-site state; the prompt answers `grant`. */
  function scanBackend({ enabled = false, grant = true, apiAccessLost = false } = {}) {
    let on = enabled;
    return fakeBackend(
      {
        'settings.get': () => ONBOARDED,
        'account.get': () => EMPTY_ACCOUNT,
        'scanEverySite.get': () => ({ enabled: on }),
        'scanEverySite.set': (data) => {
          on = data.enabled;
          return { enabled: on, apiAccessLost: !on && apiAccessLost };
        },
      },
      { grant },
    );
  }

  const toggle = () => byLabel(LABEL) as HTMLInputElement;

  it('is off at first, and says why it would need the permission', async () => {
    await mount(scanBackend().backend);
    expect(toggle().checked).toBe(false);
    const hint = page().querySelector(`[id="${toggle().getAttribute('aria-describedby')}"]`)?.textContent;
    expect(hint).toContain('Finds profile links and e-mail addresses on any page, such as company sites');
    expect(hint).toContain('nothing is sent anywhere until you enrich');
  });

  it('asks the browser for every site inside the click, then turns scanning on', async () => {
    const { backend, requestOrigins, sentOf } = scanBackend();
    await mount(backend);
    await act(() => {
      toggle().click();
      // Still inside the click: the browser only prompts during the person's gesture.
      expect(requestOrigins).toHaveBeenCalledExactlyOnceWith([...SCAN_EVERY_SITE_ORIGINS]);
    });
    await settle();
    expect(sentOf('scanEverySite.set')).toEqual([{ enabled: true }]);
    expect(toggle().checked).toBe(true);
    expect(text()).toContain('Every site you visit is scanned');
  });

  it('stays off with a clear message when the permission is denied, and asks the background nothing', async () => {
    const { backend, sentOf } = scanBackend({ grant: false });
    await mount(backend);
    await act(() => toggle().click());
    await settle();
    expect(toggle().checked).toBe(false);
    expect(page().querySelector('[role="alert"] .notice-title')?.textContent).toBe(
      "Not turned on: the browser's permission was not granted",
    );
    expect(text()).toContain('Other pages are still read when you ask, from the side panel.');
    expect(sentOf('scanEverySite.set')).toEqual([]);
  });

  it('turning it off gives the permission back without asking the browser for anything', async () => {
    const { backend, requestOrigins, sentOf } = scanBackend({ enabled: true });
    await mount(backend);
    expect(toggle().checked).toBe(true);
    await act(() => toggle().click());
    await settle();
    expect(requestOrigins).not.toHaveBeenCalled();
    expect(sentOf('scanEverySite.set')).toEqual([{ enabled: false }]);
    expect(toggle().checked).toBe(false);
    expect(text()).toContain('Turned off: only the profile sites are read by themselves');
  });

  it("says when turning it off took the service's address with it", async () => {
    const { backend } = scanBackend({ enabled: true, apiAccessLost: true });
    await mount(backend);
    await act(() => toggle().click());
    await settle();
    expect(page().querySelector('[role="alert"]')?.textContent).toBe(
      "Turned off, and access to the service's address went with itPress Test connection and choose Allow to connect again.",
    );
  });

  it('shows the switch as it is when the background fails to change it', async () => {
    const { backend } = fakeBackend({
      'settings.get': () => ONBOARDED,
      'account.get': () => EMPTY_ACCOUNT,
      'scanEverySite.get': () => ({ enabled: false }),
    });
    await mount(backend);
    await act(() => toggle().click());
    await settle();
    expect(toggle().checked).toBe(false);
    expect(text()).toContain("The extension's background could not do this");
  });

  it('says so when the background cannot say whether it is on, and asks again', async () => {
    let answers = 0;
    const { backend } = fakeBackend({
      'settings.get': () => ONBOARDED,
      'account.get': () => EMPTY_ACCOUNT,
      'scanEverySite.get': () => {
        answers++;
        if (answers === 1) throw new Error('No response');
        return { enabled: true };
      },
    });
    await mount(backend);
    expect(hasLabel(LABEL)).toBe(false);
    const card = page().querySelector('[aria-labelledby="scan-sites-heading"]') as HTMLElement;
    await act(() => [...card.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click());
    await settle();
    expect(toggle().checked).toBe(true);
  });
});

describe('checkSettingsFields: the settings rules without zod', () => {
  const BOUNDED = Object.entries(SETTINGS_BOUNDS) as [
    keyof typeof SETTINGS_BOUNDS,
    { min: number; max: number },
  ][];

  it.each(BOUNDED)(
    'accepts %s from its lowest to its highest bound and nothing past them',
    (field, bounds) => {
      const { min, max } = bounds;
      expect(checkSettingsFields({ [field]: min })).toEqual({});
      expect(checkSettingsFields({ [field]: max })).toEqual({});
      expect(checkSettingsFields({ [field]: min - 1 })).toEqual({
        [field]: `Enter ${min.toLocaleString()} or more`,
      });
      expect(checkSettingsFields({ [field]: max + 1 })).toEqual({
        [field]: `Enter ${max.toLocaleString()} or less`,
      });
      expect(checkSettingsFields({ [field]: min + 0.5 })).toEqual({ [field]: 'Enter a whole number' });
      // NaN is what the form sends for an empty or unreadable number.
      expect(checkSettingsFields({ [field]: Number.NaN })).toEqual({ [field]: 'Enter a number' });
    },
  );

  it('accepts the defaults, no daily budget, and an empty patch', () => {
    expect(checkSettingsFields(DEFAULT_SETTINGS)).toEqual({});
    expect(checkSettingsFields({ dailyBudget: null })).toEqual({});
    expect(checkSettingsFields({})).toEqual({});
  });

  it('refuses an address that is not http(s), and a plan that is not one', () => {
    expect(
      checkSettingsFields({
        baseUrlV2: 'ftp://files.example.com',
        baseUrlV3: 'https://api.example.com/v3/',
        plan: 'gold' as Settings['plan'],
      }),
    ).toEqual({
      baseUrlV2: 'must be an http(s) address such as https://api.example.com',
      plan: 'Choose a plan from the list',
    });
  });

  it('the options form places each refusal under its field, and sends what it accepts as it is saved', () => {
    expect(checkFormPatch({ staleAfterDays: 0, cacheMaxBytes: 1_000_000_001 })).toEqual({
      ok: false,
      errors: { staleAfterDays: 'Enter 1 or more.', cacheMaxBytes: 'Enter 1,000,000,000 or less.' },
      unplaced: [],
    });
    expect(
      checkFormPatch({ apiKey: ' key ', baseUrlV2: ' https://api.example.com// ', dailyBudget: 0 }),
    ).toEqual({ ok: true, patch: { apiKey: 'key', baseUrlV2: 'https://api.example.com', dailyBudget: 0 } });
  });

  /** What the background's schema refuses in a patch: each refused field with its first message. */
  function backgroundVerdict(patch: Partial<Settings>): Record<string, string> {
    const checked = checkSavedPatch(patch);
    if (checked.ok) return {};
    const verdict: Record<string, string> = {};
    for (const part of checked.error.split('; ')) {
      const [field = '', message = ''] = part.split(/: (.*)/s);
      verdict[field] ??= message;
    }
    return verdict;
  }

  it.each(BOUNDED)(
    'refuses %s exactly where the background schema does, in the same words',
    (field, bounds) => {
      const { min, max } = bounds;
      for (const value of [
        min - 1,
        min - 0.5,
        min,
        min + 0.5,
        max - 1,
        max,
        max + 0.5,
        max + 1,
        Number.NaN,
        Number.POSITIVE_INFINITY,
      ]) {
        expect(checkSettingsFields({ [field]: value }), `${field} = ${value}`).toEqual(
          backgroundVerdict({ [field]: value }),
        );
      }
      // Past the largest safe integer zod first reports that limit, so only the refusal is compared.
      for (const value of [1e300, -1e300]) {
        expect(Object.keys(checkSettingsFields({ [field]: value })), `${field} = ${value}`).toEqual(
          Object.keys(backgroundVerdict({ [field]: value })),
        );
      }
    },
  );

  it('refuses a freshness that is not one, as the background schema does, and keeps the default', () => {
    expect(DEFAULT_SETTINGS.profileFreshness).toBe('if-present');
    for (const profileFreshness of ['if-present', 'if-recent', 'live', 'force', '']) {
      const patch = { profileFreshness } as Partial<Settings>;
      expect(checkSettingsFields(patch), profileFreshness).toEqual(backgroundVerdict(patch));
    }
    expect(checkSettingsFields({ profileFreshness: 'force' as Settings['profileFreshness'] })).toEqual({
      profileFreshness: 'Choose a freshness from the list',
    });
    expect(checkFormPatch({ profileFreshness: 'sometimes' as Settings['profileFreshness'] })).toEqual({
      ok: false,
      errors: { profileFreshness: 'Choose a freshness from the list.' },
      unplaced: [],
    });
  });

  it('refuses addresses and plans exactly where the background schema does', () => {
    for (const patch of [
      { baseUrlV2: 'api.example.com' },
      { baseUrlV3: 'https://api.example.com/?q=1' },
      { baseUrlV3: '  ' },
      { baseUrlV2: 'http://127.0.0.1:8787/' },
      { plan: 'gold' as Settings['plan'] },
      { plan: 'growth' as const },
      { dailyBudget: null },
    ]) {
      expect(checkSettingsFields(patch), JSON.stringify(patch)).toEqual(backgroundVerdict(patch));
    }
  });
});

describe('options page imports', () => {
  const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const PAGE_DIR = 'entrypoints/options';
  /** Background-only modules: each brings zod (schemas) into whatever imports it. */
  const BACKGROUND_ONLY = [
    'lib/background/messages/index.ts',
    'lib/background/settings-schema.ts',
    'lib/api/endpoints.ts',
    'lib/api/params.ts',
    'lib/api/schemas.ts',
  ];
  const isZod = (name: string) => name === 'zod' || name.startsWith('zod/');

  /** A file's imports and re-exports; `import type`/`export type` ones vanish from the bundle. */
  function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const statements = source.matchAll(
      /^\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\bfrom\s*)?['"]([^'"]+)['"]/gm,
    );
    const dynamic = source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g);
    return [
      ...[...statements].map(([, type, specifier = '']) => ({ specifier, typeOnly: type !== undefined })),
      ...[...dynamic].map(([, specifier = '']) => ({ specifier, typeOnly: false })),
    ];
  }

  /** The project file an import names (relative to ROOT), or undefined for a package. */
  function projectFile(from: string, specifier: string): string | undefined {
    const base = specifier.startsWith('@/')
      ? join(ROOT, specifier.slice(2))
      : specifier.startsWith('.')
        ? resolve(ROOT, dirname(from), specifier)
        : undefined;
    if (!base) return undefined;
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find(
      (file) => existsSync(file) && statSync(file).isFile(),
    );
    if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
    return relative(ROOT, found);
  }

  it('name neither zod nor a background-only module in any of its own files, not even for types', () => {
    const files = readdirSync(join(ROOT, PAGE_DIR))
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => `${PAGE_DIR}/${name}`);
    expect(files).toContain(`${PAGE_DIR}/SettingsScreen.tsx`);
    const named = files.flatMap((file) =>
      importsOf(file).map(({ specifier }) => `${file} -> ${projectFile(file, specifier) ?? specifier}`),
    );
    expect(named.filter((line) => isZod(line.split(' -> ')[1] ?? ''))).toEqual([]);
    expect(named.filter((line) => BACKGROUND_ONLY.includes(line.split(' -> ')[1] ?? ''))).toEqual([]);
  });

  it('bring no zod into the page, through any module it loads', () => {
    const loaded = new Set<string>();
    const packages: string[] = [];
    const pending = [`${PAGE_DIR}/main.tsx`];
    for (let file = pending.pop(); file; file = pending.pop()) {
      if (loaded.has(file)) continue;
      loaded.add(file);
      for (const { specifier, typeOnly } of importsOf(file)) {
        if (typeOnly) continue;
        const target = projectFile(file, specifier);
        if (!target) packages.push(`${file} -> ${specifier}`);
        else if (/\.tsx?$/.test(target)) pending.push(target);
      }
    }
    expect(loaded).toContain(`${PAGE_DIR}/ScanEverySiteSetting.tsx`);
    expect(packages.filter((line) => isZod(line.split(' -> ')[1] ?? ''))).toEqual([]);
    expect([...loaded].filter((file) => BACKGROUND_ONLY.includes(file))).toEqual([]);
  });
});
