import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api/errors';
import { SANDBOX_PRESET } from '../../../../lib/settings';
import {
  button,
  byLabel,
  EMPTY_ACCOUNT,
  errorFor,
  FRESH,
  FULL_KEY,
  fakeBackend,
  hasLabel,
  mount,
  ONBOARDED,
  page,
  press,
  settle,
  text,
  typeInto,
  unmount,
} from '../../../support/options-page';

afterEach(unmount);

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
