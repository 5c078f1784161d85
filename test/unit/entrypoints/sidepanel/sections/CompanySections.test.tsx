/**
 * The company and school sections of the side panel as a person uses them, rendered in happy-dom
 * with the real background service over the real sandbox app (no socket, a fake IndexedDB) behind
 * the panel's `ask`: the quotes are the true quotes, the charges the sandbox's own. Each test reads
 * the sandbox balance before and after and holds it to what the control said it would cost.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SectionsBackend } from '../../../../../entrypoints/sidepanel/sections/backend';
import { SETTLE_MS as FORM_SETTLE_MS } from '../../../../../hooks/useParamForm';
import { SANDBOX_V3_CREDITS } from '../../../../../lib/api/assumptions';
import type { ProtocolMap, RunRequest } from '../../../../../lib/protocol';
import {
  alertIn,
  button,
  buttons,
  container,
  dataset,
  field,
  freshSandbox,
  harness,
  mountCompany,
  press,
  quotedMax,
  rows,
  runs,
  sandbox,
  section,
  setField,
  TURNER,
  TURNER_NAME,
  tearDown,
  unmount,
} from '../../../../support/sections-harness';
import { waitFor } from '../../../../support/wait-for';

beforeEach(freshSandbox);
afterEach(tearDown);

describe('company sections', () => {
  it('open with a heading each and their quotes shown, spending nothing', async () => {
    const h = harness();
    const root = mountCompany(h);
    expect([...root.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual([
      'Employee count',
      'Jobs',
      'Employees',
      'Logo',
    ]);
    await waitFor(() => button(section(root, 'Employee count'), 'Count employees · 1 credit'));
    await waitFor(() => button(section(root, 'Jobs'), 'Search jobs · 2 credits'));
    await waitFor(() => button(section(root, 'Employees'), 'List employees · up to 30 credits'));
    await waitFor(() => button(section(root, 'Logo'), 'Search logos · cost not published'));
    // Each section asked its one question; nothing ran, nothing reached the service.
    expect(h.sent.map((message) => message.type)).toEqual([
      'view.open',
      'view.open',
      'view.open',
      'view.open',
    ]);
    expect(h.calls()).toEqual([]);
    expect(h.balance()).toBe(100_000);
  });

  it('counts employees for exactly the quote, with the options of the endpoint, quoted for the plan', async () => {
    const h = harness();
    const root = mountCompany(h);
    const count = section(root, 'Employee count');
    const fields = [...count.querySelectorAll('label')].map((label) => label.textContent);
    expect(fields).toEqual([
      'Match company name',
      'As of date',
      'Cache',
      'Estimated count',
      'Employment status',
    ]);

    // A date is picked as a date (the same field renderer as the popup's), never typed free.
    expect((field(count, 'As of date') as HTMLInputElement).type).toBe('date');

    await setField(count, 'As of date', '2023-01-31');
    await setField(count, 'Estimated count', 'include');
    await setField(count, 'Employment status', 'all');
    // Standard plan: 1 + at_date 5 + estimate 1.
    await waitFor(() => button(count, 'Count employees · 7 credits'), FORM_SETTLE_MS + 3_000);
    expect(count.textContent).toContain('Quoted for your plan: Standard');

    const before = h.balance();
    await press(count, 'Count employees · 7 credits');
    await waitFor(() => expect(count.textContent).toContain('fetched just now · 7 credits'));
    expect(before - h.balance()).toBe(7);
    expect(h.calls().map((call) => call.charged)).toEqual([7]);
    const expected = sandbox.queries.countEmployees(sandbox.queries.companyByUrl(TURNER.url)!, {
      coyNameMatch: true,
      atDate: new Date('2023-01-31T00:00:00Z'),
      employmentStatus: 'all',
    });
    const figures = [...count.querySelectorAll('.figure dd')].map((dd) => dd.textContent);
    expect(figures).toEqual([expected.verified.toLocaleString(), expected.estimated.toLocaleString()]);
    expect(count.textContent).toContain('Current and past employees, as of 2023-01-31');
    expect(button(count, 'Refresh count · 7 credits')).toBeTruthy();
    // The control that asked gave way to the answer: the keyboard continues at the section's heading.
    await waitFor(() => expect(document.activeElement).toBe(count.querySelector('h2')));
    expect(h.onSpent).toHaveBeenCalled();
  });

  it('quotes the dated count for a Growth plan at its own price', async () => {
    const h = harness({ apiKey: 'grown', plan: 'growth' });
    const count = section(mountCompany(h), 'Employee count');
    await setField(count, 'As of date', '2023-01-31');
    const control = await waitFor(() => button(count, 'Count employees · 2 credits'), FORM_SETTLE_MS + 3_000);
    expect(count.textContent).toContain('Quoted for your plan: Growth or larger');
    await act(() => control.click());
    await waitFor(() => expect(count.textContent).toContain('fetched just now · 2 credits'));
    expect(100_000 - h.balance('grown')).toBe(2);
  });

  it('lists employees page by page, each page for at most its quote, and a second visit spends nothing', async () => {
    const h = harness();
    let root = mountCompany(h);
    let employees = section(root, 'Employees');
    const list = await waitFor(() => button(employees, 'List employees · up to 30 credits'));
    const quoted = quotedMax(list.textContent!);
    const before = h.balance();
    await act(() => list.click());
    await waitFor(() => expect(rows(employees)).toHaveLength(10));
    const firstPage = before - h.balance();
    expect(firstPage).toBe(30);
    expect(firstPage).toBeLessThanOrEqual(quoted);
    expect(employees.textContent).toContain('Page 1 · fetched just now · 30 credits');
    expect(employees.textContent).toContain('10 employees shown');

    const more = await waitFor(() => button(employees, 'Load more · up to 30 credits'));
    expect(more.textContent).toBe('Load more · up to 30 credits');
    await press(employees, 'Load more · up to 30 credits');
    await waitFor(() => expect(rows(employees)).toHaveLength(20));
    expect(before - h.balance()).toBe(60);
    // "Load more" gave way while it ran; the keyboard continues at the first new row.
    expect(document.activeElement).toBe(rows(employees)[10]!.querySelector('a'));
    expect(employees.textContent).toContain('Page 2 · fetched just now · 30 credits');
    // The next page is the same question plus the cursor of the last one.
    const listings = runs(h).map((message) => (message.data as RunRequest).params);
    expect(listings).toHaveLength(2);
    expect(listings[1]).toEqual({ ...listings[0], after: expect.any(String) });
    // Every row is a link to the person's profile, in the order the service gave them.
    const expectedUrls = sandbox.queries
      .listEmployees(sandbox.queries.companyByUrl(TURNER.url)!, {
        coyNameMatch: true,
        employmentStatus: 'current',
        sortBy: 'none',
      })
      .slice(0, 20)
      .map((index) => dataset.people[index]!.url);
    expect(rows(employees).map((row) => row.querySelector('a')?.getAttribute('href'))).toEqual(expectedUrls);

    unmount();
    const callsBefore = h.calls().length;
    const balanceBefore = h.balance();
    root = mountCompany(h);
    employees = section(root, 'Employees');
    await waitFor(() => expect(rows(employees)).toHaveLength(20));
    expect(employees.textContent).toContain('Page 1 · cached just now · 0 credits');
    expect(employees.textContent).toContain('Page 2 · cached just now · 0 credits');
    await waitFor(() => button(employees, 'Load more · up to 30 credits'));
    expect(h.balance()).toBe(balanceBefore);
    expect(h.calls()).toHaveLength(callsBefore);
  });

  it('asks before a next page would pass the daily budget, and spends only once confirmed', async () => {
    const h = harness({ dailyBudget: 40 });
    const employees = section(mountCompany(h), 'Employees');
    await press(employees, 'List employees · up to 30 credits');
    await waitFor(() => expect(rows(employees)).toHaveLength(10));
    const before = h.balance();
    await press(employees, 'Load more · up to 30 credits');
    const confirm = await waitFor(() => {
      const found = employees.querySelector<HTMLElement>('fieldset.confirmation');
      if (!found) throw new Error('no confirmation');
      return found;
    });
    expect(confirm.textContent).toContain(
      "This may cost up to 30 credits; 10 left in today's budget. Spend anyway?",
    );
    expect(h.balance()).toBe(before);
    await act(() => button(confirm, 'Cancel').click());
    expect(employees.querySelector('fieldset.confirmation')).toBeNull();
    await press(employees, 'Load more · up to 30 credits');
    await press(employees, 'Spend anyway · up to 30 credits');
    await waitFor(() => expect(rows(employees)).toHaveLength(20));
    expect(before - h.balance()).toBe(30);
    // The confirmed run is the same request as the one that asked: one call, paid once.
    const loadMore = runs(h).filter((message) => 'after' in (message.data as RunRequest).params);
    expect(new Set(loadMore.slice(-2).map((message) => (message.data as RunRequest).requestId)).size).toBe(1);
    expect(loadMore.at(-1)!.data).toMatchObject({ confirmed: true });
  });

  it('refreshes the first page for its quote; the next page shown again is the cached one, for nothing', async () => {
    const h = harness();
    const employees = section(mountCompany(h), 'Employees');
    await press(employees, 'List employees · up to 30 credits');
    await waitFor(() => expect(rows(employees)).toHaveLength(10));
    await press(employees, 'Load more · up to 30 credits');
    await waitFor(() => expect(rows(employees)).toHaveLength(20));
    const before = h.balance();
    await press(employees, 'Refresh employees · up to 30 credits');
    await waitFor(() => expect(employees.textContent).toContain('Page 2 · cached just now · 0 credits'));
    expect(employees.textContent).toContain('Page 1 · fetched just now · 30 credits');
    expect(rows(employees)).toHaveLength(20);
    expect(before - h.balance()).toBe(30);
    expect((runs(h).at(-1)!.data as RunRequest).policy).toBe('refresh');
  });

  it('refuses filters a person cannot send before showing any control that spends', async () => {
    const h = harness();
    const employees = section(mountCompany(h), 'Employees');
    await waitFor(() => button(employees, 'List employees · up to 30 credits'));
    await setField(employees, 'Enrich profiles', 'enrich');
    await setField(employees, 'Page size', '50');
    await waitFor(() =>
      expect(employees.textContent).toContain('must be at most 10 when enrich_profiles=enrich'),
    );
    expect(employees.querySelector('[aria-invalid="true"]')).toBe(field(employees, 'Page size'));
    expect(buttons(employees).some((name) => name.includes('credit'))).toBe(false);
    await setField(employees, 'Page size', '5');
    await waitFor(() => button(employees, 'List employees · up to 20 credits'), FORM_SETTLE_MS + 3_000);
    await setField(employees, 'Role (boolean)', 'x'.repeat(256));
    await waitFor(() => expect(employees.textContent).toContain('must be at most 255 characters (got 256)'));
    expect(runs(h)).toEqual([]);
  });

  it('streams an enriched page: its rows show as they arrive, then the page is charged what it sent', async () => {
    const h = harness();
    // The answer is held back (and the end of its progress with it) until the test lets it through,
    // so the panel can be seen mid-stream, with the rows received so far.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: number[] = [];
    const { ask, watchProgress } = h.backend;
    h.backend.watchProgress = (requestId, listener) =>
      watchProgress!(requestId, (progress) => {
        if (progress) {
          seen.push(progress.results.length);
          listener(progress);
        } else void gate.then(() => listener(null));
      });
    h.backend.ask = (async (type: keyof ProtocolMap, data: unknown) => {
      const answer = await ask(type as 'run', data as Parameters<ProtocolMap['run']>[0]);
      if (type === 'run') await gate;
      return answer;
    }) as SectionsBackend['ask'];
    const employees = section(mountCompany(h), 'Employees');
    await waitFor(() => button(employees, 'List employees · up to 30 credits'));
    await setField(employees, 'Enrich profiles', 'enrich');
    await setField(employees, 'Page size', '4');
    const list = await waitFor(
      () => button(employees, 'List employees · up to 16 credits'),
      FORM_SETTLE_MS + 3_000,
    );
    const before = h.balance();
    await act(() => list.click());
    await waitFor(() => expect(employees.textContent).toContain('Receiving employees: 4 so far'));
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(rows(employees)).toHaveLength(4);
    expect(employees.getAttribute('aria-busy')).toBe('true');
    expect(employees.textContent).not.toContain('Page 1');
    // Enriched rows carry the person's name, not their address.
    expect(rows(employees)[0]!.querySelector('a')?.textContent).not.toMatch(/^https?:/);

    release();
    await waitFor(() => expect(employees.textContent).toContain('Page 1 · fetched just now · 16 credits'));
    expect(employees.textContent).not.toContain('Receiving');
    expect(rows(employees)).toHaveLength(4);
    expect(before - h.balance()).toBe(16);
  });

  it('searches jobs by the company search id, pages them, and opens a job for its quote', async () => {
    const h = harness();
    const jobs = section(mountCompany(h), 'Jobs');
    expect([...jobs.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      'Job type',
      'Experience level',
      'Posted',
      'Flexibility',
      'Location ID',
      'Keyword',
    ]);
    const before = h.balance();
    await press(jobs, 'Search jobs · 2 credits');
    await waitFor(() => expect(rows(jobs)).toHaveLength(25));
    expect(before - h.balance()).toBe(2);
    expect((runs(h)[0]!.data as RunRequest).params).toMatchObject({ search_id: TURNER.searchId });

    await press(jobs, 'Load more · 2 credits');
    await waitFor(() => expect(rows(jobs).length).toBeGreaterThan(25));
    expect(before - h.balance()).toBe(4);
    expect((runs(h)[1]!.data as RunRequest).params).toMatchObject({ pagination: expect.any(String) });

    const job = rows(jobs)[0]!;
    const title = job.querySelector('button')!;
    expect(title.getAttribute('aria-expanded')).toBe('false');
    await act(() => title.click());
    expect(title.getAttribute('aria-expanded')).toBe('true');
    await press(job, 'Open job profile · 2 credits');
    await waitFor(() => expect(job.querySelector('h3')?.textContent).toBe(title.textContent?.trim()));
    expect(before - h.balance()).toBe(6);
    expect(job.textContent).toContain('fetched just now · 2 credits');
    expect(h.calls().map((call) => [call.path, call.charged])).toEqual([
      ['/api/v2/company/job', 2],
      ['/api/v2/company/job', 2],
      ['/api/v2/job', 2],
    ]);

    // Closed and opened again: the job is in the cache now, shown at once for nothing.
    await act(() => title.click());
    await act(() => title.click());
    await waitFor(() => expect(job.textContent).toContain('cached just now · 0 credits'));
    expect(before - h.balance()).toBe(6);
  });

  it('explains that jobs need the search id, and asks nothing without it', async () => {
    const h = harness();
    const jobs = section(mountCompany(h, { searchId: null }), 'Jobs');
    expect(jobs.textContent).toContain("Jobs are searched with the company's search ID");
    await waitFor(() => button(section(container!, 'Employees'), 'List employees · up to 30 credits'));
    expect(h.sent.some((message) => (message.data as RunRequest).endpointId === 'job.search')).toBe(false);
  });

  it('searches logos by the name, or by the domain, at a cost the control says is not published', async () => {
    const h = harness();
    const logo = section(mountCompany(h), 'Logo');
    expect((field(logo, 'Company name or domain (required)') as HTMLInputElement).value).toBe(TURNER_NAME);
    await press(logo, `Use the domain (${TURNER.domain})`);
    expect((field(logo, 'Company name or domain (required)') as HTMLInputElement).value).toBe(TURNER.domain);
    const control = await waitFor(
      () => button(logo, 'Search logos · cost not published'),
      FORM_SETTLE_MS + 3_000,
    );
    const before = h.balance();
    await act(() => control.click());
    await waitFor(() => expect(rows(logo).length).toBeGreaterThan(0));
    // The sandbox's own figure for an unpublished price; the panel claims no number.
    expect(before - h.balance()).toBe(SANDBOX_V3_CREDITS['company.logo']);
    expect(logo.textContent).toContain('fetched just now · cost not published');
    expect(rows(logo)[0]!.textContent).toContain(TURNER_NAME);
    const image = rows(logo)[0]!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(TURNER.logoUrl);
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(image.getAttribute('alt')).toBe(`${TURNER_NAME} logo`);
  });

  it('exports the rows shown as CSV', async () => {
    const h = harness();
    const employees = section(mountCompany(h), 'Employees');
    await press(employees, 'List employees · up to 30 credits');
    await waitFor(() => expect(rows(employees)).toHaveLength(10));
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await press(employees, 'Export CSV');
    // papaparse loads on the first export.
    await waitFor(() => expect(saved).toBeDefined());
    const text = (await saved!.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Profile URL,Full name,Headline,Location,Last updated');
    expect(lines).toHaveLength(11);
    expect(lines[1]!.startsWith(rows(employees)[0]!.querySelector('a')!.getAttribute('href')!)).toBe(true);
  });
});

describe('errors say what happened and offer what helps', () => {
  it('a refused key: open the settings', async () => {
    const h = harness({ apiKey: 'not-a-key' });
    const count = section(mountCompany(h), 'Employee count');
    await press(count, 'Count employees · 1 credit');
    const alert = await waitFor(() => alertIn(count));
    expect(alert.textContent).toContain('The service refused the API key');
    expect(alert.textContent).toContain('Check the API key in Settings');
    await act(() => button(alert, 'Open settings').click());
    expect(h.backend.openOptions).toHaveBeenCalledOnce();
  });

  it('no credits left: top up, then try again', async () => {
    const h = harness({ apiKey: 'poor' });
    const employees = section(mountCompany(h), 'Employees');
    const list = await waitFor(() => button(employees, 'List employees · up to 30 credits'));
    const price = list.textContent!.replace('List employees · ', '');
    await press(employees, 'List employees · up to 30 credits');
    const alert = await waitFor(() => alertIn(employees));
    expect(alert.textContent).toContain(`This needs ${price}; your account has 3 credits`);
    expect(alert.textContent).toContain('Top up your balance, then try again');
    // Trying again spends again: the button says what, exactly as the first one did.
    expect(button(alert, `Try again · ${price}`)).toBeTruthy();
    expect(h.balance('poor')).toBe(3);
  });

  it('not found: nothing to retry, nothing charged', async () => {
    const h = harness();
    const count = section(
      mountCompany(h, { url: 'https://www.linkedin.com/company/no-such-company-xyz' }),
      'Employee count',
    );
    await press(count, 'Count employees · 1 credit');
    const alert = await waitFor(() => alertIn(count));
    expect(alert.textContent).toContain('Nothing was found for this request');
    expect(alert.querySelectorAll('button')).toHaveLength(0);
    expect(h.balance()).toBe(100_000);
  });

  it('a service that keeps failing: try again, nothing charged', async () => {
    const h = harness({ apiKey: 'busy' });
    const logo = section(mountCompany(h), 'Logo');
    await press(logo, 'Search logos · cost not published');
    const alert = await waitFor(() => alertIn(logo), 10_000);
    expect(alert.textContent).toContain('The service could not retrieve this data right now');
    expect(button(alert, 'Try again · cost not published')).toBeTruthy();
    expect(h.balance('busy')).toBe(1000);
  });

  it('rate limited: the retry waits as long as the service asked', async () => {
    const h = harness();
    const ask = h.backend.ask;
    h.backend.ask = (async (type: keyof ProtocolMap, data: unknown) =>
      type === 'run'
        ? {
            status: 'error',
            error: {
              name: 'ApiError',
              kind: 'rate-limited',
              message: 'rate-limited',
              status: 429,
              retryAfterSeconds: 30,
            },
          }
        : ask(
            type as 'view.open',
            data as Parameters<ProtocolMap['view.open']>[0],
          )) as SectionsBackend['ask'];
    const count = section(mountCompany(h), 'Employee count');
    await press(count, 'Count employees · 1 credit');
    const alert = await waitFor(() => alertIn(count));
    expect(alert.textContent).toContain('Too many requests in a short time');
    expect(alert.textContent).toContain('Wait 30 seconds, then try again');
    const retry = button(alert, 'Try again in 30 s · 1 credit');
    expect(retry.textContent).toBe('Try again in 30 s · 1 credit');
    expect(retry.disabled).toBe(true);
  });
});

describe('when the background does not answer', () => {
  it('says so instead of a quote, and trying again asks again', async () => {
    const h = harness();
    const ask = h.backend.ask;
    let failing = true;
    h.backend.ask = (async (type: keyof ProtocolMap, data: unknown) => {
      if (failing) throw new Error('Could not establish connection. Receiving end does not exist.');
      return ask(type as 'view.open', data as Parameters<ProtocolMap['view.open']>[0]);
    }) as SectionsBackend['ask'];
    const count = section(mountCompany(h), 'Employee count');
    const alert = await waitFor(() => alertIn(count));
    expect(alert.textContent).toContain("The extension's background could not do this");
    expect(buttons(count).some((name) => name.includes('credit'))).toBe(false);
    failing = false;
    await press(alert, 'Try again');
    await waitFor(() => button(count, 'Count employees · 1 credit'));
    expect(count.querySelector('[role="alert"]')).toBeNull();
    expect(h.calls()).toEqual([]);
  });
});

describe('hostile answers', () => {
  it('render as inert text; only http(s) links are clickable', async () => {
    const h = harness();
    const hostile = {
      employees: [
        {
          profile_url: 'javascript:alert(1)',
          profile: { full_name: '<img src=x onerror=alert(1)>', headline: '<script>alert(2)</script>' },
          last_updated: null,
        },
        {
          profile_url: 'https://www.linkedin.com/in/fine',
          profile: null,
          last_updated: '2024-01-02T00:00:00Z',
        },
      ],
      next_page: 'javascript:alert(3)',
    };
    h.backend.ask = (async (type: keyof ProtocolMap) =>
      type === 'view.open'
        ? {
            ok: true,
            params: {},
            quote: { min: 0, max: 30, lines: [] },
            cached: null,
            budget: { remaining: null, needsConfirmation: false },
          }
        : {
            status: 'answer',
            data: hostile,
            cached: false,
            fetchedAt: Date.now(),
            ageMs: 0,
            stale: false,
            credits: 6,
            totals: { today: 6, month: 6, dailyBudget: null, remainingToday: null },
          }) as SectionsBackend['ask'];
    const employees = section(mountCompany(h), 'Employees');
    await press(employees, 'List employees · up to 30 credits');
    await waitFor(() => expect(rows(employees)).toHaveLength(2));
    expect(employees.querySelector('script, img')).toBeNull();
    expect(rows(employees)[0]!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect([...employees.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://www.linkedin.com/in/fine',
    ]);
    // A next page address that is not a URL with a cursor offers no next page.
    expect(buttons(employees).some((name) => name.startsWith('Load more'))).toBe(false);
  });

  it('jobs and logos: script addresses and markup stay text, images only from http(s)', async () => {
    const h = harness();
    const answers: Record<string, unknown> = {
      'job.search': {
        job: [
          {
            job_title: '<b onclick=alert(1)>Boss</b>',
            job_url: 'javascript:alert(1)',
            company: 'Evil <i>Inc</i>',
            company_url: 'data:text/html,<script>alert(2)</script>',
            location: null,
            list_date: 20240101,
          },
        ],
        next_page_api_url: null,
      },
      'company.logo': [
        {
          companyName: '<svg onload=alert(3)>',
          logoUrl: 'javascript:alert(4)',
          domain: { resolved: 'evil.example', alternatives: ['<x>', 5] },
          employeeCount: 'many',
          networkUrl: 'data:text/html,hi',
        },
      ],
    };
    h.backend.ask = (async (type: keyof ProtocolMap, data: unknown) => {
      const { endpointId } = data as RunRequest;
      if (type === 'view.open')
        return {
          ok: true,
          params: {},
          quote: { min: 2, max: 2, lines: [] },
          cached: null,
          budget: { remaining: null, needsConfirmation: false },
        };
      return {
        status: 'answer',
        data: answers[endpointId],
        cached: false,
        fetchedAt: Date.now(),
        ageMs: 0,
        stale: false,
        credits: 2,
        totals: { today: 2, month: 2, dailyBudget: null, remainingToday: null },
      };
    }) as SectionsBackend['ask'];
    const root = mountCompany(h);
    const jobs = section(root, 'Jobs');
    await press(jobs, 'Search jobs · 2 credits');
    await waitFor(() => expect(rows(jobs)).toHaveLength(1));
    const title = button(jobs, '<b onclick=alert(1)>Boss</b>');
    await act(() => title.click());
    await waitFor(() => button(jobs, 'Open job profile · 2 credits'));
    const logo = section(root, 'Logo');
    await press(logo, 'Search logos · 2 credits');
    await waitFor(() => expect(rows(logo)).toHaveLength(1));
    expect(rows(logo)[0]!.textContent).toContain('<svg onload=alert(3)>');
    expect(rows(logo)[0]!.textContent).toContain('evil.example (also <x>)');
    for (const part of [jobs, logo]) {
      expect(part.querySelector('b, i, svg, script, img')).toBeNull();
      expect(part.querySelectorAll('a')).toHaveLength(0);
    }
  });
});
