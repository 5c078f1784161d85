import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCAN_REPORT_WAIT_MS } from '../../../../entrypoints/sidepanel/App';
import type { Findings } from '../../../../lib/protocol';
import {
  ADA,
  button,
  click,
  fakeBrowser,
  type Handlers,
  handlers,
  mountPanel,
  settle,
  unmountPanel,
} from '../../../support/side-panel';

// The views the panel loads on first show, loaded here first: their import then resolves at once.
import '../../../../entrypoints/sidepanel/batch/FoundOnPageBatch';
import '../../../../entrypoints/sidepanel/email-lookup/EmailLookupSection';
import '../../../../entrypoints/sidepanel/sections/CompanySections';
import '../../../../entrypoints/sidepanel/sections/StudentSection';

afterEach(unmountPanel);
const mount = mountPanel;

describe('side panel: a page not read yet', () => {
  const TEAM_URL = 'https://www.example-company.test/team';
  /** What the content script reports for a company's team page once it is injected. */
  const TEAM: Findings = {
    pageUrl: TEAM_URL,
    page: null,
    profiles: [
      { kind: 'person', id: 'grace', url: 'https://www.linkedin.com/in/grace', label: 'Grace Hopper' },
    ],
    emails: ['jobs@example-company.test'],
    scannedAt: 3,
  };

  /** Tab 9 shows a page outside the networks' hosts: nothing reported until it is scanned. */
  function unreadTab(scan: Handlers['tab.scan']) {
    let findings: Findings | null = null;
    const browser = fakeBrowser(
      handlers({
        'findings.get': ({ tabId }) => (tabId === 9 ? findings : ADA),
        'tab.scan': scan,
      }),
      { tab: 9 },
    );
    return {
      ...browser,
      /** The injected scanner reports: the background stores its findings and storage tells the panel. */
      reported: async () => {
        findings = TEAM;
        await browser.findingsChanged(9);
        await settle();
      },
    };
  }

  it('offers to scan the page, saying why it asks nothing more, and spends nothing', async () => {
    const { backend, sentOf } = unreadTab(() => ({ ok: true }));
    const root = await mount(backend);
    expect(root.querySelector('h1')?.textContent).toBe('This page has not been read');
    expect(button(root, 'Scan this page for profiles').disabled).toBe(false);
    expect(root.textContent).toContain(
      'It reads this page once, because you asked, so it needs no other permission.',
    );
    expect(sentOf('tab.scan')).toEqual([]);
    expect(sentOf('quote')).toEqual([]);
    expect(sentOf('view.open')).toEqual([]);
    expect(sentOf('run')).toEqual([]);
  });

  it('scans the tab when asked, then shows what the page links to', async () => {
    const { backend, sentOf, reported } = unreadTab(() => ({ ok: true }));
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    expect(sentOf('tab.scan')).toEqual([{ tabId: 9 }]);
    expect(root.textContent).toContain('Reading this page…');
    expect(button(root, 'Scan this page for profiles').disabled).toBe(true);

    await reported();
    expect(root.querySelector('h1')?.textContent).toBe('No profile on this page');
    const found = root.querySelector('[aria-labelledby="found-heading"]')!;
    expect(found.querySelector('h2')?.textContent).toBe('Found on this page 2');
    expect(found.textContent).toContain('Grace Hopper');
    expect(found.textContent).toContain('jobs@example-company.test');
    expect(root.textContent).not.toContain('Scan this page');
  });

  it('says to click the toolbar button when the browser gives no access, and nothing else', async () => {
    const { backend, sentOf } = unreadTab(() => ({ ok: false, reason: 'no-access' }));
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(
      "The browser did not let the extension read this pageClick the extension's toolbar button on this page, then scan again.",
    );
    // Pressed again after the click on the toolbar button: the scan is asked for again.
    expect(button(root, 'Scan this page for profiles').disabled).toBe(false);
    await click(root, 'Scan this page for profiles');
    expect(sentOf('tab.scan')).toHaveLength(2);
  });

  it.each([
    ['browser-page', 'The browser does not let extensions read this page'],
    ['tab-gone', 'This tab has been closed'],
  ] as const)('words a %s refusal plainly', async (reason, title) => {
    const { backend } = unreadTab(() => ({ ok: false, reason }));
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    expect(root.querySelector('[role="alert"] .notice-title')?.textContent).toBe(title);
  });

  it('says so when the background does not answer', async () => {
    const { backend } = unreadTab(() => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    expect(root.querySelector('[role="alert"] .notice-title')?.textContent).toBe(
      "The extension's background could not do this",
    );
  });

  it('says so when the scanner ran but nothing came back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { backend } = unreadTab(() => ({ ok: true }));
      const root = await mount(backend);
      await click(root, 'Scan this page for profiles');
      await act(() => {
        vi.advanceTimersByTime(SCAN_REPORT_WAIT_MS - 1);
      });
      expect(root.textContent).toContain('Reading this page…');
      await act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(root.querySelector('[role="alert"]')?.textContent).toBe(
        'Nothing came back from this pageReload the page, then scan again.',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a refusal when the person switches to another tab and back', async () => {
    const { backend, switchTo } = unreadTab(() => ({ ok: false, reason: 'no-access' }));
    const root = await mount(backend);
    await click(root, 'Scan this page for profiles');
    expect(root.querySelector('[role="alert"]')).not.toBeNull();
    await switchTo(7);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Person on this page');
    await switchTo(9);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('This page has not been read');
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});
