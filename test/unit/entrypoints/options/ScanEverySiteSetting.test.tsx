import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { SCAN_EVERY_SITE_ORIGINS } from '../../../../lib/scan-permission';
import {
  byLabel,
  EMPTY_ACCOUNT,
  fakeBackend,
  hasLabel,
  mount,
  ONBOARDED,
  page,
  settle,
  text,
  unmount,
} from '../../../support/options-page';

afterEach(unmount);

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
