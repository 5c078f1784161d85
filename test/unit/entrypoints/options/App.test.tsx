/**
 * The options page as a person uses it, rendered in happy-dom with a stand-in for the background
 * and for the browser's permission prompt.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicSettings } from '../../../../lib/protocol';
import {
  button,
  byLabel,
  EMPTY_ACCOUNT,
  errorFor,
  FRESH,
  FULL_KEY,
  fakeBackend,
  type Handlers,
  mount,
  ONBOARDED,
  page,
  press,
  settle,
  switchTo,
  text,
  typeInto,
  unmount,
} from '../../../support/options-page';

afterEach(unmount);

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
      switchTo(first);
      await typeInto(byLabel('Daily budget (credits)'), '50');
      await press('Save settings');
      expect(saved.dailyBudget).toBe(50);

      // The second tab still shows the budget it loaded, 200; the person changes something else.
      switchTo(second);
      expect(byLabel('Daily budget (credits)').value).toBe('200');
      await act(() => (byLabel('Auto-enrich profile pages') as HTMLInputElement).click());
      await press('Save settings');
      expect(saved).toMatchObject({ dailyBudget: 50, autoEnrich: true });
      // And it shows what is saved now.
      expect(byLabel('Daily budget (credits)').value).toBe('50');
    } finally {
      render(null, first);
      first.remove();
      switchTo(second);
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
