// @vitest-environment-options {"url": "https://www.linkedin.com/feed/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScanner, type Scanner, type ScanResult, scanDocument } from '../../../lib/page-scan';
import type { ProfileRef } from '../../../lib/profile-urls';
import { codehost, company, job, microblog, person, school, social } from '../../support/profile-refs';

const FIXTURE = `
  <header><a href="/feed/">Home</a><a href="/in/alice-smith/"><img src="a.png"></a></header>
  <main>
    <a href="https://uk.linkedin.com/in/Alice-Smith?trk=x">
      Alice   Smith
    </a>
    <a href="/company/acme-corp/people/">Acme Corp</a>
    <a href="https://www.linkedin.com/school/galvanize-it/">Galvanize</a>
    <a href="/jobs/view/staff-engineer-at-acme-3301550928/?refId=1">Staff Engineer</a>
    <a href="/posts/alice-smith_activity-7001234567890-abcd">A post</a>
    <a href="https://twitter.com/intent/tweet?url=x">Tweet this</a>
    <a href="https://twitter.com/AliceSmith">@AliceSmith</a>
    <a href="https://github.com/alice-smith">https://github.com/alice-smith</a>
    <a href="https://github.com/alice-smith/dotfiles">dotfiles</a>
    <a href="https://www.facebook.com/profile.php?id=100004567890123" aria-label="Alice on the social network"></a>
    <a href="mailto:Alice@Acme.example?subject=Hello">Mail</a>
    <a href="/in/alice-smith/details/experience/">Experience</a>
    <p>Reach bob@acme.example or alice@acme.example; our logo is logo@2x.png.</p>
    <script>const support = 'script@acme.example';</script>
    <style>@media (min-width: 1px) { a { color: red } }</style>
  </main>`;

describe('scanDocument', () => {
  it('finds each profile once, in document order, with the first useful label, and the e-mails', () => {
    const root = document.createElement('div');
    root.innerHTML = FIXTURE;
    const result = scanDocument(root, { pageUrl: 'https://www.linkedin.com/in/bob-jones/' });

    expect(result.url).toBe('https://www.linkedin.com/in/bob-jones/');
    expect(result.page).toEqual(person('bob-jones'));
    expect(result.profiles).toEqual([
      { ...person('alice-smith'), label: 'Alice Smith' },
      { ...company('acme-corp'), label: 'Acme Corp' },
      { ...school('galvanize-it'), label: 'Galvanize' },
      { ...job('3301550928'), label: 'Staff Engineer' },
      { ...microblog('alicesmith'), label: '@AliceSmith' },
      codehost('alice-smith'),
      { ...social('100004567890123'), label: 'Alice on the social network' },
    ]);
    expect(result.emails).toEqual(['alice@acme.example', 'bob@acme.example']);
  });

  it('resolves relative links only on a profile host', () => {
    const root = document.createElement('div');
    root.innerHTML = '<a href="/in/carol">Carol</a><a href="https://www.linkedin.com/in/dave">Dave</a>';
    const elsewhere = scanDocument(root, { pageUrl: 'https://example.com/team' });
    expect(elsewhere.page).toBeNull();
    expect(elsewhere.profiles.map((ref) => ref.id)).toEqual(['dave']);
    const onNetwork = scanDocument(root, { pageUrl: 'https://de.linkedin.com/search/results/people/' });
    expect(onNetwork.profiles.map((ref) => ref.id)).toEqual(['carol', 'dave']);
  });

  it('reads the document URL when given a whole document', () => {
    window.history.replaceState(null, '', '/company/acme-corp/about/');
    document.body.innerHTML = '<a href="/in/carol">Carol</a>';
    const result = scanDocument(document);
    expect(result.page).toEqual(company('acme-corp'));
    expect(result.profiles).toEqual([{ ...person('carol'), label: 'Carol' }]);
  });

  it('handles a page of 10,000 links', () => {
    const root = document.createElement('div');
    const links: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      links.push(
        i % 10 === 0 ? `<a href="/in/person-${i}">P</a>` : `<a href="https://example.com/${i}">x</a>`,
      );
    }
    root.innerHTML = links.join('');
    const result = scanDocument(root, { pageUrl: 'https://www.linkedin.com/feed/' });
    expect(result.profiles).toHaveLength(1_000);
    expect(result.profiles[999]?.id).toBe('person-9990');
  });

  // Short text nodes (an app's page) and long ones (prose) are read in different ways; both must
  // find the same addresses.
  const prose = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

  it.each([
    ['short text nodes', ''],
    ['long text nodes', prose(60)],
  ])('reads each text node on its own, in %s', (_, filler) => {
    const root = document.createElement('div');
    root.innerHTML = `
      <p>${filler} Write to <b>jane</b>@example.com, or to bob@example.org. ${filler}</p>
      <p>${filler} <span>Carol</span> carol@example.net <i>x</i>@example.io and dave@example.com. ${filler}</p>
      <script>const notThis = 'script@example.com';</script>`;
    const result = scanDocument(root, { pageUrl: 'https://www.linkedin.com/feed/' });
    expect(result.emails).toEqual(['bob@example.org', 'carol@example.net', 'dave@example.com']);
  });

  it('reads a root-relative link on the network of the page it is on, however the scans alternate', () => {
    const root = document.createElement('div');
    root.innerHTML = '<a href="/jack">Jack</a>';
    for (let round = 0; round < 2; round++) {
      expect(scanDocument(root, { pageUrl: 'https://x.com/home' }).profiles).toEqual([
        { ...microblog('jack'), label: 'Jack' },
      ]);
      expect(scanDocument(root, { pageUrl: 'https://www.linkedin.com/feed/' }).profiles).toEqual([]);
    }
  });

  it('reads a path-relative link against the page it is on', () => {
    const root = document.createElement('div');
    root.innerHTML = '<a href="about">About</a>';
    const onCompany = scanDocument(root, { pageUrl: 'https://www.linkedin.com/company/acme-corp/' });
    expect(onCompany.profiles.map((ref) => ref.url)).toEqual([company('acme-corp').url]);
    const onPerson = scanDocument(root, { pageUrl: 'https://www.linkedin.com/in/alice-smith/' });
    expect(onPerson.profiles.map((ref) => ref.url)).toEqual([person('alice-smith').url]);
  });
});

describe('createScanner', () => {
  const DEBOUNCE = 200;
  const POLL = 1_000;
  let scanner: Scanner | undefined;
  let reports: ScanResult[];
  const onChange = vi.fn((result: ScanResult) => {
    reports.push(result);
  });

  const start = () => {
    scanner = createScanner({ onChange, debounceMs: DEBOUNCE, maxWaitMs: 1_000, urlPollMs: POLL });
    return scanner;
  };
  /** Starts a scanner and forgets its first report, to count what comes after. */
  const startQuiet = () => {
    const started = start();
    onChange.mockClear();
    reports = [];
    return started;
  };
  const flushMutations = () => Promise.resolve();
  const addLink = (href: string, text: string) => {
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.textContent = text;
    document.body.append(anchor);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    reports = [];
    onChange.mockClear();
    window.history.replaceState(null, '', '/in/alice/');
    document.body.innerHTML = '<h1>Alice</h1><a href="/in/alice/details/skills/">Skills</a>';
  });

  afterEach(() => {
    scanner?.stop();
    scanner = undefined;
    vi.useRealTimers();
  });

  it('reports the page at once', () => {
    const s = start();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(reports[0]?.page).toEqual(person('alice'));
    expect(s.current()).toBe(reports[0]);
  });

  it('reports a link added to the DOM once, after the debounce', async () => {
    startQuiet();
    addLink('/in/bob', 'Bob');
    addLink('/company/acme', 'Acme');
    await flushMutations();
    vi.advanceTimersByTime(DEBOUNCE - 1);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.lastCall?.[0].profiles.map((ref: ProfileRef) => ref.id)).toEqual([
      'alice',
      'bob',
      'acme',
    ]);
  });

  it('stays quiet when a change finds nothing new', async () => {
    startQuiet();
    document.body.append(document.createElement('div'));
    await flushMutations();
    vi.advanceTimersByTime(DEBOUNCE * 5);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('still rescans a page that never stops changing', async () => {
    startQuiet();
    addLink('/in/bob', 'Bob');
    // A live feed: something changes every 100 ms, so the debounce alone would never fire.
    for (let elapsed = 0; elapsed < 1_000; elapsed += 100) {
      document.body.append(document.createElement('span'));
      await flushMutations();
      vi.advanceTimersByTime(100);
    }
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(reports.at(-1)?.profiles.map((ref) => ref.id)).toContain('bob');
  });

  it('after pushState to another profile, reports the new page and never the old one', async () => {
    startQuiet();
    // The single-page app navigates; its DOM still shows the old profile for a while.
    window.history.pushState(null, '', '/in/bob/');
    vi.advanceTimersByTime(POLL);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(reports.at(-1)).toEqual({
      url: 'https://www.linkedin.com/in/bob/',
      page: person('bob'),
      profiles: [],
      emails: [],
    });

    document.body.innerHTML = '<h1>Bob</h1><a href="mailto:bob@example.com">Mail</a>';
    await flushMutations();
    vi.advanceTimersByTime(DEBOUNCE);
    expect(reports.at(-1)?.emails).toEqual(['bob@example.com']);
    for (const report of reports) {
      expect(report.page?.id).toBe('bob');
      expect(report.profiles.map((ref) => ref.id)).not.toContain('alice');
    }
  });

  it('notices navigation with the DOM change that comes with it, before the poll', async () => {
    startQuiet();
    window.history.pushState(null, '', '/company/acme/');
    document.body.innerHTML = '<h1>Acme</h1>';
    await flushMutations();
    expect(reports.at(-1)?.page).toEqual(company('acme'));
  });

  it('notices back and forward through popstate at once', () => {
    startQuiet();
    window.history.replaceState(null, '', '/school/galvanize-it/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reports.at(-1)?.page).toEqual(school('galvanize-it'));
  });

  it('a scan pending from the old page reports the new page', async () => {
    startQuiet();
    addLink('/in/carol', 'Carol');
    await flushMutations();
    window.history.pushState(null, '', '/jobs/search/?currentJobId=3301550928');
    vi.advanceTimersByTime(DEBOUNCE);
    expect(onChange).toHaveBeenCalled();
    for (const report of reports) expect(report.page).toEqual(job('3301550928'));
  });

  it('reports nothing after stop', async () => {
    startQuiet().stop();
    addLink('/in/bob', 'Bob');
    window.history.pushState(null, '', '/in/bob/');
    await flushMutations();
    vi.advanceTimersByTime(POLL * 2);
    expect(onChange).not.toHaveBeenCalled();
  });
});
