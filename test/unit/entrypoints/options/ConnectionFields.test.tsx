/**
 * The connection's team choice, on the options page and in onboarding: a team hub's address and
 * member token instead of a key and addresses, checked on their fields before anything is asked,
 * tested against the hub (who the member is) before onboarding saves them.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { HubMember } from '../../../../lib/protocol';
import {
  byLabel,
  EMPTY_ACCOUNT,
  errorFor,
  FRESH,
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

const ADA: HubMember = {
  name: 'ada',
  dailyBudget: 200,
  monthlyBudget: null,
  spentToday: 14,
  leftToday: 186,
  spentThisMonth: 14,
  leftThisMonth: null,
};

const TOKEN = 'hub_4f1c9e2a7b3d8e6fa0c1';

async function choose(connection: 'Your own key' | 'A team hub') {
  const radio = [...page().querySelectorAll('label.choice')]
    .find((label) => label.textContent?.trim() === connection)
    ?.querySelector('input');
  if (!radio) throw new Error(`no choice "${connection}"`);
  await act(() => radio.click());
  await settle();
}

describe('onboarding: Join a team hub', () => {
  it('asks for the hub address and token, refuses a bad address on its field and asks nothing', async () => {
    const { backend, requestOrigins, sentOf } = fakeBackend({ 'settings.get': () => FRESH });
    await mount(backend);
    await press('Join a team hub');
    expect(hasLabel('API key')).toBe(false);
    expect(byLabel('Member token')).toHaveProperty('type', 'password');
    await typeInto(byLabel('Team hub address'), 'http://hub.example.com');
    await press('Connect');
    expect(errorFor('Team hub address')).toMatch(/must use https/i);
    expect(errorFor('Member token')).toMatch(/Enter the member token/);
    expect(requestOrigins).not.toHaveBeenCalled();
    expect(sentOf('connection.test')).toEqual([]);
    expect(sentOf('settings.save')).toEqual([]);
  });

  it("asks for the hub's origin, checks who the member is, then saves team mode", async () => {
    const { backend, requestOrigins, sentOf } = fakeBackend({
      'settings.get': () => FRESH,
      'connection.test': () => ({ ok: true, balance: null, member: ADA }),
      'settings.save': () => ({
        ok: true,
        settings: {
          ...ONBOARDED,
          connection: 'team-hub',
          hubUrl: 'https://hub.example.com',
          hubTokenSet: true,
        },
      }),
      'account.get': () => ({ ...EMPTY_ACCOUNT, balance: null, hub: { member: ADA } }),
    });
    await mount(backend);
    await press('Join a team hub');
    await typeInto(byLabel('Team hub address'), 'https://hub.example.com/');
    await typeInto(byLabel('Member token'), TOKEN);
    await press('Connect');
    expect(requestOrigins).toHaveBeenCalledWith(['https://hub.example.com/*']);
    const team = { connection: 'team-hub', hubUrl: 'https://hub.example.com', hubToken: TOKEN };
    expect(sentOf('connection.test')).toEqual([team]);
    expect(sentOf('settings.save')).toEqual([{ ...team, onboarded: true }]);
    expect(text()).toContain('Connected to the team hub as ada');
    expect(text()).toContain('Team hub · ada · Today: 14 of 200 credits');
  });

  it('saves nothing when the hub refuses the token', async () => {
    const { backend, sentOf } = fakeBackend({
      'settings.get': () => FRESH,
      'connection.test': () => ({
        ok: false,
        error: {
          name: 'ApiError',
          kind: 'auth',
          status: 401,
          message: '401 Unauthorized',
          description: 'The team hub does not know this member token',
        },
      }),
    });
    await mount(backend);
    await press('Join a team hub');
    await typeInto(byLabel('Team hub address'), 'https://hub.example.com');
    await typeInto(byLabel('Member token'), 'hub_wrong');
    await press('Connect');
    expect(sentOf('settings.save')).toEqual([]);
    expect(text()).toContain('The team hub does not know this member token');
  });
});

describe('options: the connection in team mode', () => {
  it('switches to a team hub, refuses a bad address on its field, and saves nothing', async () => {
    const { backend, requestOrigins, sentOf } = fakeBackend({
      'settings.get': () => ONBOARDED,
      'account.get': () => EMPTY_ACCOUNT,
    });
    await mount(backend);
    await choose('A team hub');
    expect(hasLabel('Base URL (v2)')).toBe(false);
    await typeInto(byLabel('Team hub address'), 'hub.example.com');
    await typeInto(byLabel('Member token'), TOKEN);
    await press('Save settings');
    expect(errorFor('Team hub address')).toMatch(/must be an http\(s\) address/i);
    expect(requestOrigins).not.toHaveBeenCalled();
    expect(sentOf('settings.save')).toEqual([]);
  });

  it("saves team mode after access to the hub's origin; the token is shown only by its last characters", async () => {
    const saved = {
      ...ONBOARDED,
      connection: 'team-hub' as const,
      hubUrl: 'https://hub.example.com',
      hubTokenSet: true,
      hubTokenHint: 'a0c1',
    };
    const { backend, requestOrigins, sentOf } = fakeBackend({
      'settings.get': () => ONBOARDED,
      'settings.save': () => ({ ok: true, settings: saved }),
      'account.get': () => EMPTY_ACCOUNT,
    });
    await mount(backend);
    await choose('A team hub');
    await typeInto(byLabel('Team hub address'), 'https://hub.example.com');
    await typeInto(byLabel('Member token'), TOKEN);
    await press('Save settings');
    expect(requestOrigins).toHaveBeenCalledWith(['https://hub.example.com/*']);
    expect(sentOf('settings.save')).toEqual([
      { connection: 'team-hub', hubUrl: 'https://hub.example.com', hubToken: TOKEN },
    ]);
    expect(hasLabel('Member token')).toBe(false);
    expect(text()).toContain('a0c1');
    expect(text()).not.toContain(TOKEN);
  });

  it("shows the member's budget and spend from the hub in the account, not a service balance", async () => {
    const { backend } = fakeBackend({
      'settings.get': () => ({ ...ONBOARDED, connection: 'team-hub', hubUrl: 'https://hub.example.com' }),
      'account.get': () => ({ ...EMPTY_ACCOUNT, balance: null, hub: { member: ADA } }),
    });
    await mount(backend);
    expect(text()).toContain('Team hub · ada · Today: 14 of 200 credits');
    expect(text()).toContain('Left today186 credits');
    expect(text()).not.toContain('Service balance');
  });
});
