/**
 * The profile a page is, in full, in the side panel as a person chooses it: the freshness and the
 * options with the quote following them, the action, and what it hands the panel to mount below.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageProfile } from '../../../../../entrypoints/sidepanel/profile/PageProfile';
import { ApiError } from '../../../../../lib/api/errors';
import type { Quote } from '../../../../../lib/protocol';
import {
  ACME,
  ACME_URL,
  ADA_URL,
  answer,
  button,
  CONFIGURED,
  click,
  fakeBrowser,
  type Handlers,
  handlers,
  mountPanel,
  panelContainer,
  settle,
  unmountPanel,
} from '../../../../support/side-panel';

// The views the panel loads on first show, loaded here first: their import then resolves at once.
import '../../../../../entrypoints/sidepanel/batch/FoundOnPageBatch';
import '../../../../../entrypoints/sidepanel/email-lookup/EmailLookupSection';
import '../../../../../entrypoints/sidepanel/sections/CompanySections';
import '../../../../../entrypoints/sidepanel/sections/StudentSection';

afterEach(unmountPanel);
const mount = mountPanel;

describe('side panel: the profile in full, as the person chooses it', () => {
  /** Quotes as the Limits table would: base 1, +1 if-recent, +9 live, extra +1 only if found. */
  function quoteOf(endpointId: string, params: Record<string, unknown>): Quote {
    if (endpointId === 'person.v3')
      return { min: null, max: null, lines: ['Credit cost of v3 endpoints is not published'] };
    const min = 1 + (params.use_cache === 'if-recent' ? 1 : 0) + (params.live_fetch === 'force' ? 9 : 0);
    return { min, max: min + (params.extra === 'include' ? 1 : 0), lines: [] };
  }

  /** A cache keyed as lib/pricing/cache-key.ts keys it: freshness params left out. */
  function cacheKey(endpointId: string, params: Record<string, unknown>): string {
    const { use_cache: _u, live_fetch: _l, maxAgeSeconds: _m, ...rest } = params;
    return JSON.stringify([endpointId, Object.entries(rest).sort()]);
  }

  function profileBackend(overrides: Handlers = {}, cached: Record<string, unknown> = {}) {
    const cache = new Map(Object.entries(cached));
    return fakeBrowser(
      handlers({
        quote: ({ endpointId, params }) => ({ ok: true, quote: quoteOf(endpointId, params) }),
        run: ({ endpointId, params, policy }) => {
          const key = cacheKey(endpointId, params);
          if (policy !== 'refresh' && cache.has(key))
            return answer(cache.get(key), { cached: true, credits: 0, ageMs: 2 * 86_400_000 });
          if (policy === 'cache-only') return { status: 'not-cached' };
          const data =
            endpointId === 'person.v3'
              ? {
                  fullName: 'Ada Lovelace',
                  socialPresence: { followersCountTimeseries: [{ date: '2024-01-01', value: 3 }] },
                }
              : {
                  full_name: 'Ada Lovelace',
                  ...(params.skills === 'include' ? { skills: ['analysis'] } : {}),
                };
          cache.set(key, data);
          return answer(data, { credits: quoteOf(endpointId, params).min });
        },
        ...overrides,
      }),
    );
  }

  const ADA_KEY = cacheKey('person.profile', { profile_url: ADA_URL });

  /** The v3 view's module loads on first use (a dynamic import): wait for what it draws. */
  async function drawn(root: HTMLElement, selector: string): Promise<Element> {
    for (let i = 0; i < 100 && !root.querySelector(selector); i++) {
      await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
    }
    const found = root.querySelector(selector);
    if (!found) throw new Error(`"${selector}" never drawn in: ${root.textContent}`);
    return found;
  }

  async function choose(root: HTMLElement, freshness: string) {
    const select = [...root.querySelectorAll('select')].find(
      (s) => root.querySelector(`label[for="${s.id}"]`)?.textContent === 'Freshness',
    )!;
    select.value = freshness;
    await act(() => {
      select.dispatchEvent(new Event('change'));
    });
    await settle();
  }

  async function tick(root: HTMLElement, label: string) {
    const box = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) =>
      root.querySelector(`label[for="${input.id}"]`)?.textContent?.startsWith(label),
    )!;
    box.checked = !box.checked;
    await act(() => {
      box.dispatchEvent(new Event('change'));
    });
    await settle();
  }

  it('starts from the freshness setting, and the quote follows the choice before anything is spent', async () => {
    const { backend, sentOf } = profileBackend({
      'settings.get': () => ({ ...CONFIGURED, profileFreshness: 'live' }),
    });
    const root = await mount(backend);
    expect(sentOf('view.open')[0]?.params).toEqual({
      profile_url: ADA_URL,
      use_cache: 'if-present',
      live_fetch: 'force',
    });
    expect(button(root, 'Enrich · 10 credits')).toBeTruthy();
    await choose(root, 'if-recent');
    expect(sentOf('view.open').at(-1)?.params).toEqual({
      profile_url: ADA_URL,
      use_cache: 'if-recent',
      live_fetch: 'default',
    });
    expect(button(root, 'Enrich · 2 credits')).toBeTruthy();
    await choose(root, 'if-present');
    expect(button(root, 'Enrich · 1 credit')).toBeTruthy();
    expect(sentOf('run')).toEqual([]);
  });

  it('keeps a cached answer on screen whatever the freshness, and refreshes with the one chosen', async () => {
    const { backend, sentOf } = profileBackend({}, { [ADA_KEY]: { full_name: 'Ada Lovelace' } });
    const root = await mount(backend);
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).toContain('cached 2 days ago · 0 credits');
    await choose(root, 'if-recent');
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).not.toContain('Shown: the answer without');
    await click(root, 'Refresh · 2 credits');
    expect(sentOf('run').at(-1)).toMatchObject({
      policy: 'refresh',
      params: { profile_url: ADA_URL, use_cache: 'if-recent', live_fetch: 'default' },
    });
    expect(root.textContent).toContain('fetched just now · 2 credits');
  });

  it('asks with the options chosen, keeping the earlier answer on screen until then', async () => {
    const { backend, sentOf } = profileBackend({}, { [ADA_KEY]: { full_name: 'Ada Lovelace' } });
    const root = await mount(backend);
    await tick(root, 'Skills');
    expect(sentOf('view.open').at(-1)?.params).toEqual({
      profile_url: ADA_URL,
      skills: 'include',
      use_cache: 'if-present',
      live_fetch: 'default',
    });
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(root.textContent).toContain('Shown: the answer without the options chosen below.');
    await tick(root, 'Extra details');
    await click(root, 'Enrich · 1–2 credits');
    expect(sentOf('run').at(-1)).toMatchObject({
      policy: 'cache-first',
      params: { extra: 'include', skills: 'include' },
    });
    expect(root.textContent).not.toContain('Shown: the answer without');
    const headings = [...root.querySelectorAll('h3')].map((h) => h.textContent);
    expect(headings).toContain('Skills');
    // Asked for and not in the answer: said so, and it cost nothing.
    expect(headings).toContain('Extra details');
    expect(root.textContent).toContain('Not available for this profile; nothing was charged for it.');
  });

  it('opens the v3 view only on request, which spends nothing, and draws its charts', async () => {
    const { backend, sentOf } = profileBackend();
    const root = await mount(backend);
    expect(sentOf('view.open').map((open) => open.endpointId)).toEqual(['person.profile']);
    await click(root, 'Open the v3 profile');
    expect(sentOf('view.open').at(-1)).toEqual({ endpointId: 'person.v3', params: { profile: ADA_URL } });
    expect(sentOf('run')).toEqual([]);
    const v3 = [...root.querySelectorAll('section')].find(
      (s) => s.querySelector('h2')?.textContent === 'v3 profile',
    )!;
    await click(v3, 'Enrich · cost not published');
    expect((await drawn(v3, 'h3.profile-name')).textContent).toBe('Ada Lovelace');
    expect(v3.textContent).toContain('fetched just now · cost not published');
    expect(v3.querySelector('svg[role="img"]')).not.toBeNull();
  });

  it('after a v3 409, offers to accept the older copy and asks again with a larger maximum age', async () => {
    let refused = false;
    const { backend, sentOf } = profileBackend({
      'settings.get': () => ({ ...CONFIGURED, profileFreshness: 'if-recent' }),
      run: ({ endpointId, params, policy }) => {
        if (policy === 'cache-only') return { status: 'not-cached' };
        if (endpointId === 'person.v3' && Number(params.maxAgeSeconds) < 40 * 86_400) {
          refused = true;
          return {
            status: 'error',
            error: new ApiError('stale', { status: 409, cachedProfileAgeSeconds: 40 * 86_400 }).toJSON(),
          };
        }
        return answer({ fullName: 'Ada Lovelace' }, { credits: null });
      },
    });
    const root = await mount(backend);
    await click(root, 'Open the v3 profile');
    await click(root, 'Enrich · cost not published');
    expect(refused).toBe(true);
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Only a copy of this profile 40 days old is available');
    expect(alert.textContent).toContain('accept older data by raising the maximum age');
    await click(root, 'Accept a copy 40 days old · cost not published');
    expect(sentOf('run').at(-1)?.params).toEqual({ profile: ADA_URL, maxAgeSeconds: 40 * 86_400 + 3600 });
    expect((await drawn(root, 'h3.profile-name')).textContent).toBe('Ada Lovelace');
  });

  it.each([
    ['auth', {}, 'The service refused the API key', 'Check the API key in Settings', ['Open settings']],
    ['credits', {}, 'Your account has no credits left', 'Top up your balance', ['Try again · 1 credit']],
    [
      'rate-limited',
      { retryAfterSeconds: 30 },
      'Too many requests',
      'Wait 30 seconds, then try again',
      // Counts down, and keeps its price while it waits.
      ['Try again in 30 s · 1 credit'],
    ],
    ['not-found', {}, 'Nothing was found', 'Nothing was charged', []],
    ['server', {}, 'The service had an internal error', 'Try again in a moment', ['Try again · 1 credit']],
    [
      'unavailable',
      {},
      'could not retrieve this data right now',
      'Try again in a moment',
      ['Try again · 1 credit'],
    ],
    ['network', {}, 'The service could not be reached', 'Check your connection', ['Try again · 1 credit']],
    ['timeout', {}, 'The service took too long to answer', 'Try again', ['Try again · 1 credit']],
    ['schema', { path: 'experiences.0.title' }, 'does not understand', 'Field experiences.0.title', []],
    [
      'invalid',
      { param: 'profile_url' },
      'The value of “profile_url” is not accepted',
      'Correct what you entered',
      [],
    ],
  ] as const)(
    'a %s error says what happened and what helps',
    async (kind, details, title, action, buttons) => {
      const { backend } = profileBackend({
        run: ({ policy }) =>
          policy === 'cache-only'
            ? { status: 'not-cached' }
            : { status: 'error', error: new ApiError(kind, details).toJSON() },
      });
      const root = await mount(backend);
      await click(root, 'Enrich · 1 credit');
      const alert = root.querySelector('[role="alert"]') as HTMLElement;
      expect(alert.textContent).toContain(title);
      expect(alert.textContent).toContain(action);
      expect([...alert.querySelectorAll('button')].map((b) => b.textContent)).toEqual(buttons);
    },
  );

  it('copies the answer as JSON', async () => {
    const { backend } = profileBackend({}, { [ADA_KEY]: { full_name: 'Ada Lovelace', headline: 'Analyst' } });
    const copied: string[] = [];
    backend.copyText = async (text) => {
      copied.push(text);
    };
    const root = await mount(backend);
    await click(root, 'Copy as JSON');
    expect(copied.map((text) => JSON.parse(text))).toEqual([
      { full_name: 'Ada Lovelace', headline: 'Analyst' },
    ]);
    expect(root.textContent).toContain('Copied');
  });

  it('hands an enriched company to what the panel mounts under it', async () => {
    const under = vi.fn(() => null);
    const { backend } = profileBackend(
      {},
      {
        [cacheKey('company.profile', { url: ACME_URL })]: {
          name: 'Acme',
          search_id: '1035',
          website: 'https://www.acme.example/about',
        },
      },
    );
    const container = panelContainer();
    await act(() =>
      render(
        <PageProfile
          backend={backend}
          profile={ACME.page!}
          settings={CONFIGURED}
          onSpent={() => {}}
          under={under}
        />,
        container,
      ),
    );
    await settle();
    expect(under).toHaveBeenLastCalledWith({
      kind: 'company',
      company: { url: ACME_URL, name: 'Acme', searchId: '1035', domain: 'acme.example' },
    });
  });
});
