/**
 * The side panel's views on their own: props in, what a person sees and can operate out. Answers
 * are partial on purpose: every field of the service may be missing, and a missing one is left out.
 */
import type { ComponentChild } from 'preact';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerMeta,
  Confirmation,
  PageProfileSection,
  type PageProfileSectionProps,
  QuoteAction,
} from '../../components/panel/PageProfileSection';
import { todaySpending } from '../../components/panel/PanelStates';
import { CompanyCard, JobCard, PersonCard } from '../../components/panel/ProfileCards';
import { excerpt, formatAgo, formatCompanySize } from '../../components/panel/panel-format';
import { personSummaryFromV2, personSummaryFromV3 } from '../../components/panel/person-summary';
import { safeHttpUrl } from '../../components/panel/safe-url';
import { personProfileSchema } from '../../lib/api/schemas';
import realPerson from '../fixtures/real/person-profile.json';

let container: HTMLElement | undefined;

afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

function show(view: ComponentChild): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  render(view, container);
  return container;
}

function button(root: HTMLElement, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent?.trim() === name : name.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

function headings(root: HTMLElement): string[] {
  return [...root.querySelectorAll('h2, h3')].map((h) => h.textContent?.trim() ?? '');
}

function hrefs(root: HTMLElement): string[] {
  return [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
}

const DAY = 24 * 60 * 60 * 1000;

describe('safeHttpUrl', () => {
  it('lets absolute http(s) URLs through', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl('  http://Example.com  ')).toBe('http://example.com/');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'blob:https://example.com/1234',
    'file:///etc/passwd',
    'chrome-extension://abc/options.html',
    '/relative/path',
    '//example.com/protocol-relative',
    'not a url',
    '',
  ])('refuses %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
    expect(safeHttpUrl({ href: 'https://example.com' })).toBeNull();
  });
});

describe('PersonCard', () => {
  it('shows a person with nothing but a name, and no empty sections', () => {
    const root = show(<PersonCard person={personSummaryFromV2({ full_name: 'Ada Lovelace' })} />);
    expect(root.querySelector('h2')?.textContent).toBe('Ada Lovelace');
    expect(headings(root)).toEqual(['Ada Lovelace']);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('.avatar-initials')?.textContent).toBe('AL');
    expect(root.querySelectorAll('a')).toHaveLength(0);
  });

  it('shows only current roles, education and languages, linking only http(s) URLs', () => {
    const person = personSummaryFromV2({
      first_name: 'Grace',
      last_name: 'Hopper',
      profile_pic_url: 'javascript:alert(1)',
      headline: 'Rear admiral',
      city: 'Arlington',
      country_full_name: 'United States',
      public_identifier: 'gracehopper',
      experiences: [
        {
          title: 'Senior consultant',
          company: 'Digital Equipment',
          company_network_profile_url: 'javascript:alert(1)',
          starts_at: { day: 1, month: 1, year: 1986 },
          ends_at: null,
        },
        {
          title: 'Programmer',
          company: 'Eckert–Mauchly',
          starts_at: { day: 1, month: 1, year: 1949 },
          ends_at: { day: 1, month: 1, year: 1950 },
        },
      ],
      education: [
        {
          school: 'Yale University',
          school_network_profile_url: 'https://www.linkedin.com/school/yale-university/',
          degree_name: 'PhD',
          field_of_study: 'Mathematics',
          starts_at: { day: null, month: null, year: 1930 },
          ends_at: { day: null, month: null, year: 1934 },
        },
      ],
      languages: ['English', 'German'],
    });
    const root = show(<PersonCard person={person} />);
    expect(root.querySelector('h2')?.textContent).toBe('Grace Hopper');
    expect(root.textContent).toContain('Rear admiral');
    expect(root.textContent).toContain('Arlington, United States');
    expect(headings(root)).toEqual(['Grace Hopper', 'Current role', 'Education', 'Languages']);
    expect(root.textContent).toContain('Senior consultant');
    expect(root.textContent).not.toContain('Programmer');
    expect(root.textContent).toContain('PhD, Mathematics · 1930–1934');
    expect(root.textContent).toContain('English, German');
    // The photo and the company link were javascript: URLs: neither is used.
    expect(root.querySelector('img')).toBeNull();
    expect(hrefs(root)).toEqual([
      'https://www.linkedin.com/school/yale-university/',
      'https://www.linkedin.com/in/gracehopper',
    ]);
    for (const anchor of root.querySelectorAll('a')) expect(anchor.getAttribute('rel')).toContain('noopener');
  });

  it('renders markup from the service as text', () => {
    const root = show(
      <PersonCard
        person={personSummaryFromV2({ full_name: '<img src=x onerror=alert(1)>', headline: '<b>hi</b>' })}
      />,
    );
    expect(root.querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
  });

  it('reads a real published person profile', () => {
    const person = personSummaryFromV2(personProfileSchema.parse(realPerson));
    const root = show(<PersonCard person={person} />);
    expect(root.querySelector('h2')?.textContent).toBe('John Marty');
    expect(root.querySelector('img')?.getAttribute('src')).toMatch(/^https:\/\//);
    expect(headings(root)).toContain('Education');
  });

  it('reads a v3 person the same way', () => {
    const person = personSummaryFromV3({
      fullName: 'Linus Example',
      headline: 'Kernel hacker',
      location: { rawLocationString: 'Portland, Oregon' },
      experience: {
        work: [
          { title: 'Fellow', companyName: 'Foundation', startDate: '2003-06-01', endDate: null },
          { title: 'Engineer', companyName: 'Transmeta', startDate: '1997-01-01', endDate: '2003-06-01' },
        ],
      },
      education: [
        { school: 'University of Helsinki', degreeName: 'MSc', startDate: '1988', endDate: '1996-12-01' },
      ],
      slug: { codehost: 'linus-example' },
    });
    const root = show(<PersonCard person={person} />);
    expect(root.textContent).toContain('Kernel hacker');
    expect(root.textContent).toContain('Fellow');
    expect(root.textContent).not.toContain('Transmeta');
    expect(root.textContent).toContain('MSc · 1988–1996');
    expect(hrefs(root)).toEqual(['https://github.com/linus-example']);
  });
});

describe('CompanyCard', () => {
  it('shows only the facts it has', () => {
    const root = show(<CompanyCard kind="company" company={{ name: 'Acme', industry: 'Anvils' }} />);
    expect(root.querySelector('h2')?.textContent).toBe('Acme');
    const facts = [...root.querySelectorAll('.fact')].map((row) => row.textContent);
    expect(facts).toEqual(['IndustryAnvils']);
    expect(headings(root)).toEqual(['Acme']);
  });

  it('words size, headquarters and description, and links only an http(s) website', () => {
    const root = show(
      <CompanyCard
        kind="company"
        company={{
          name: 'Acme',
          tagline: 'Anvils since 1949',
          company_size: [10001, null],
          hq: { city: 'Mountain View', state: 'CA', country: 'US' },
          website: 'https://www.acme.example/about',
          founded_year: 1949,
          follower_count: 1234567,
          specialities: ['anvils', 'rockets'],
          description: `${'Falling objects. '.repeat(40)}`,
        }}
      />,
    );
    const facts = Object.fromEntries(
      [...root.querySelectorAll('.fact')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd'),
      ]),
    );
    expect(facts.Size?.textContent).toBe('10,001+ employees');
    expect(facts.Headquarters?.textContent).toBe('Mountain View, CA, US');
    expect(facts.Website?.querySelector('a')?.getAttribute('href')).toBe('https://www.acme.example/about');
    expect(facts.Website?.textContent).toBe('acme.example');
    expect(facts.Founded?.textContent).toBe('1949');
    expect(facts.Followers?.textContent).toBe('1,234,567');
    expect(root.textContent).toContain('anvils');
    const about = root.querySelector('.profile-description')!.textContent!;
    expect(about.length).toBeLessThanOrEqual(281);
    expect(about.endsWith('…')).toBe(true);
  });

  it('shows a website that is not http(s) as text only', () => {
    const root = show(
      <CompanyCard kind="school" company={{ name: 'Evil U', website: 'javascript:alert(1)' }} />,
    );
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.textContent).toContain('javascript:alert(1)');
  });
});

describe('JobCard', () => {
  it('shows a job with its apply link', () => {
    const root = show(
      <JobCard
        job={{
          title: 'Content Strategist',
          company: { name: 'Microsoft', url: 'https://www.linkedin.com/company/microsoft' },
          location: { city: 'Redmond', region: 'Washington', country: 'United States' },
          employment_type: 'Full-time',
          seniority_level: 'Mid-Senior level',
          apply_url: 'https://careers.example.com/apply/1',
        }}
      />,
    );
    expect(root.querySelector('h2')?.textContent).toBe('Content Strategist');
    expect(root.textContent).toContain('Redmond, Washington, United States');
    expect(root.textContent).toContain('Full-time');
    expect(root.textContent).toContain('Mid-Senior level');
    expect(hrefs(root)).toEqual([
      'https://www.linkedin.com/company/microsoft',
      'https://careers.example.com/apply/1',
    ]);
  });

  it('offers no apply link for a data: URL, and survives a job with no title', () => {
    const root = show(<JobCard job={{ apply_url: 'data:text/html,hi' }} />);
    expect(root.querySelector('h2')?.textContent).toBe('Title not known');
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.textContent).not.toContain('Apply');
  });
});

describe('QuoteAction', () => {
  it('labels the action with its quote and lists what the cost is made of', async () => {
    const onRun = vi.fn();
    const root = show(
      <QuoteAction
        verb="Enrich"
        quote={{ min: 2, max: 2, lines: ['Base: 1', 'Cache: +1 (use_cache=if-recent)'] }}
        running={false}
        primary
        onRun={onRun}
      />,
    );
    expect(button(root, 'Enrich · 2 credits').className).toBe('primary');
    const details = root.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe('What this costs');
    expect([...details.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Base: 1',
      'Cache: +1 (use_cache=if-recent)',
    ]);
    await act(() => button(root, 'Enrich · 2 credits').click());
    expect(onRun).toHaveBeenCalledOnce();
  });

  it('words ranges and unpublished prices', () => {
    const range = show(
      <QuoteAction
        verb="Refresh"
        quote={{ min: 0, max: 30, lines: [] }}
        running={false}
        primary={false}
        onRun={() => {}}
      />,
    );
    expect(button(range, 'Refresh · up to 30 credits')).toBeTruthy();
    render(null, range);
    render(
      <QuoteAction
        verb="Enrich"
        quote={{ min: null, max: null, lines: ['v3: not published'] }}
        running={false}
        primary
        onRun={() => {}}
      />,
      range,
    );
    expect(button(range, 'Enrich · cost not published')).toBeTruthy();
  });

  it('offers nothing to click before the quote is known, or while running', () => {
    const pending = show(<QuoteAction verb="Enrich" quote={null} running={false} primary onRun={() => {}} />);
    expect(pending.querySelector('button')).toBeNull();
    expect(pending.textContent).toContain('Working out the cost');
    render(
      <QuoteAction verb="Enrich" quote={{ min: 2, max: 2, lines: [] }} running primary onRun={() => {}} />,
      pending,
    );
    expect(pending.querySelector('button')).toBeNull();
    expect(pending.textContent).toContain('Enriching…');
  });
});

describe('Confirmation', () => {
  it('says what it may cost and what is left, and spends only when told to', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const root = show(
      <Confirmation
        quote={{ min: 0, max: 30, lines: [] }}
        remaining={12}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(root.querySelector('p')?.textContent).toBe(
      "This may cost up to 30 credits; 12 left in today's budget. Spend anyway?",
    );
    await act(() => button(root, 'Cancel').click());
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    // Spending is quoted on the button that spends.
    await act(() => button(root, 'Spend anyway · up to 30 credits').click());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('words a quote without an upper bound', () => {
    const root = show(
      <Confirmation
        quote={{ min: 1, max: null, lines: [] }}
        remaining={0}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(root.textContent).toContain('This may cost 1 credit or more; 0 left');
  });
});

describe('AnswerMeta', () => {
  it('says a cached answer is free and how old it is', () => {
    const root = show(
      <AnswerMeta
        answer={{ cached: true, ageMs: 3 * DAY + 5000, stale: false, credits: 0 }}
        staleAfterDays={29}
      />,
    );
    expect(root.textContent).toBe('cached 3 days ago · 0 credits');
  });

  it('marks a stale answer and says what stale means', () => {
    const root = show(
      <AnswerMeta answer={{ cached: true, ageMs: 40 * DAY, stale: true, credits: 0 }} staleAfterDays={29} />,
    );
    expect(root.querySelector('.badge')?.textContent).toBe('stale');
    expect(root.textContent).toContain('1 month ago');
    expect(root.textContent).toContain('Older than 29 days');
  });

  it('says what a fresh answer cost, or that the price is not published', () => {
    const fresh = show(
      <AnswerMeta answer={{ cached: false, ageMs: 10, stale: false, credits: 2 }} staleAfterDays={29} />,
    );
    expect(fresh.textContent).toBe('fetched just now · 2 credits');
    render(
      <AnswerMeta answer={{ cached: false, ageMs: 10, stale: false, credits: null }} staleAfterDays={29} />,
      fresh,
    );
    expect(fresh.textContent).toBe('fetched just now · cost not published');
  });
});

describe('PageProfileSection', () => {
  const base: PageProfileSectionProps = {
    title: 'Company on this page',
    idLabel: 'acme',
    answer: null,
    quote: { status: 'ready', quote: { min: 1, max: 1, lines: ['Base: 1'] } },
    action: { status: 'idle' },
    verb: 'Enrich',
    staleAfterDays: 29,
    onRun: () => {},
    onConfirm: () => {},
    onCancel: () => {},
    onRetry: () => {},
    onOpenOptions: () => {},
  };

  it('names the kind and id of the page profile and offers to enrich it', () => {
    const root = show(<PageProfileSection {...base} />);
    expect(root.querySelector('h1')?.textContent).toBe('Company on this page');
    expect(root.querySelector('section')?.getAttribute('aria-labelledby')).toBe(root.querySelector('h1')?.id);
    expect(root.querySelector('.profile-id')?.textContent).toBe('acme');
    expect(button(root, 'Enrich · 1 credit').className).toBe('primary');
  });

  it('draws the answer it is given, with its age and cost, a quoted refresh and "Copy as JSON"', async () => {
    const onCopy = vi.fn(async () => {});
    const root = show(
      <PageProfileSection
        {...base}
        verb="Refresh"
        answer={{ cached: true, ageMs: DAY, stale: false, credits: 0 }}
        onCopy={onCopy}
      >
        <h2>Acme</h2>
      </PageProfileSection>,
    );
    expect(root.querySelector('h2')?.textContent).toBe('Acme');
    expect(root.querySelector('.profile-id')).toBeNull();
    expect(root.querySelector('.answer-meta p')?.textContent).toBe('cached 1 day ago · 0 credits');
    expect(button(root, 'Refresh · 1 credit').className).not.toContain('primary');
    await act(() => button(root, 'Copy as JSON').click());
    await act(async () => {});
    expect(onCopy).toHaveBeenCalledOnce();
    expect(root.querySelector('.copy-json [role="status"]')?.textContent).toBe('Copied');
  });

  it('says when copying failed', async () => {
    const root = show(
      <PageProfileSection
        {...base}
        answer={{ cached: false, ageMs: 0, stale: false, credits: 1 }}
        onCopy={() => Promise.reject(new Error('denied'))}
      />,
    );
    await act(() => button(root, 'Copy as JSON').click());
    await act(async () => {});
    expect(root.querySelector('.copy-json [role="status"]')?.textContent).toBe('Could not copy');
  });

  it('says when the answer shown was asked with other options', () => {
    const root = show(
      <PageProfileSection
        {...base}
        answer={{ cached: true, ageMs: 0, stale: false, credits: 0 }}
        answerForOtherOptions
      >
        <h2>Acme</h2>
      </PageProfileSection>,
    );
    expect(root.textContent).toContain('Shown: the answer without the options chosen below.');
    expect(button(root, 'Enrich · 1 credit')).toBeTruthy();
  });

  it('shows an error with what to do, and a retry when trying again can help', async () => {
    const onRetry = vi.fn();
    const root = show(
      <PageProfileSection
        {...base}
        onRetry={onRetry}
        action={{
          status: 'failed',
          message: { title: 'The service had an internal error', action: 'Try again in a moment' },
          error: null,
          remedy: 'retry',
        }}
      />,
    );
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('The service had an internal error');
    expect(alert.textContent).toContain('Try again in a moment.');
    expect(root.textContent).not.toContain('Enrich ·');
    // Trying again may spend: it carries the quote.
    await act(() => button(root, 'Try again · 1 credit').click());
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers a remedy of its own beside the retry', () => {
    const root = show(
      <PageProfileSection
        {...base}
        remedy={<button type="button">Accept a copy 40 days old · cost not published</button>}
        action={{
          status: 'failed',
          message: { title: 'Only a copy of this profile 40 days old is available', action: 'Raise the age' },
          error: null,
          remedy: 'retry',
        }}
      />,
    );
    const alert = root.querySelector('[role="alert"]') as HTMLElement;
    expect([...alert.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Accept a copy 40 days old · cost not published',
      'Try again · 1 credit',
    ]);
  });

  it('sends a refused key to the settings, and offers nothing for an answer that cannot change', async () => {
    const onOpenOptions = vi.fn();
    const auth = show(
      <PageProfileSection
        {...base}
        onOpenOptions={onOpenOptions}
        action={{
          status: 'failed',
          message: { title: 'The service refused the API key', action: 'Check it' },
          error: null,
          remedy: 'settings',
        }}
      />,
    );
    await act(() => button(auth, 'Open settings').click());
    expect(onOpenOptions).toHaveBeenCalledOnce();
    render(
      <PageProfileSection
        {...base}
        action={{
          status: 'failed',
          message: { title: 'Nothing was found', action: 'Check the address' },
          error: null,
          remedy: null,
        }}
      />,
      auth,
    );
    expect(auth.querySelectorAll('button')).toHaveLength(0);
  });

  it('shows the confirmation in place of the action', () => {
    const root = show(
      <PageProfileSection
        {...base}
        action={{ status: 'confirming', quote: { min: 0, max: 30, lines: [] }, remaining: 12 }}
      />,
    );
    expect(root.textContent).toContain("12 left in today's budget");
    expect(root.textContent).not.toContain('Enrich ·');
  });
});

describe('panel wording', () => {
  it('words ages, sizes, excerpts and spending', () => {
    expect(formatAgo(30_000)).toBe('just now');
    expect(formatAgo(5 * 60_000)).toBe('5 minutes ago');
    expect(formatAgo(DAY)).toBe('1 day ago');
    expect(formatAgo(400 * DAY)).toBe('1 year ago');
    expect(formatCompanySize([51, 200])).toBe('51–200 employees');
    expect(excerpt('short text', 50)).toBe('short text');
    expect(excerpt('one two three four five', 16)).toBe('one two three…');
    expect(todaySpending({ today: 12, dailyBudget: 200 })).toBe('Today: 12 of 200 credits');
    expect(todaySpending({ today: 1, dailyBudget: null })).toBe('Today: 1 credit · no daily budget');
  });
});
