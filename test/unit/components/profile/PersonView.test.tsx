/**
 * The panel's full profile views and the choices before an ask, on their own: the controls, and
 * each kind of profile drawn in full from real published answers and from hostile ones.
 */
import type { ComponentChild } from 'preact';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompanyView } from '../../../../components/profile/CompanyView';
import { PersonView } from '../../../../components/profile/PersonView';
import {
  formatIsoDate,
  formatPeriod,
  formatSpecDate,
  humanize,
} from '../../../../components/profile/profile-format';
import { JobView } from '../../../../entrypoints/sidepanel/profile/JobView';
import { PersonV3View } from '../../../../entrypoints/sidepanel/profile/PersonV3View';
import { ProfileControls } from '../../../../entrypoints/sidepanel/profile/ProfileControls';
import { cleanSeries, TimeSeriesChart } from '../../../../entrypoints/sidepanel/profile/TimeSeriesChart';
import type { EndpointId } from '../../../../lib/api/ids';
import {
  companyProfileSchema,
  jobProfileSchema,
  type PersonV3,
  personProfileSchema,
} from '../../../../lib/api/schemas';
import realCompany from '../../../fixtures/real/company-profile.json';
import realJob from '../../../fixtures/real/job-profile.json';
import realPerson from '../../../fixtures/real/person-profile.json';
import realSchool from '../../../fixtures/real/school-profile.json';

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

/** Section headings as a screen reader lists them, counts and all. */
function headings(root: HTMLElement, level: string): string[] {
  return [...root.querySelectorAll(level)].map((h) => h.textContent?.replace(/\s+/g, ' ').trim() ?? '');
}

function section(root: HTMLElement, title: string): HTMLElement {
  const found = [...root.querySelectorAll('section')].find((s) =>
    s.querySelector('h3, h4')?.textContent?.startsWith(title),
  );
  if (!found) throw new Error(`no section "${title}" in: ${headings(root, 'h3').join(' | ')}`);
  return found as HTMLElement;
}

function button(root: HTMLElement, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

function hrefs(root: HTMLElement): string[] {
  return [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
}

function facts(root: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...root.querySelectorAll('.fact')].map((row) => [
      row.querySelector('dt')?.textContent ?? '',
      row.querySelector('dd')?.textContent ?? '',
    ]),
  );
}

describe('ProfileControls', () => {
  function controls(endpointId: EndpointId, chosen: string[] = [], disabled = false) {
    const onFreshness = vi.fn();
    const onToggle = vi.fn();
    const root = show(
      <ProfileControls
        endpointId={endpointId}
        freshness="if-present"
        onFreshness={onFreshness}
        chosen={chosen}
        onToggle={onToggle}
        disabled={disabled}
      />,
    );
    return { root, onFreshness, onToggle };
  }

  it('offers the freshness choices under a label, and says which was chosen', async () => {
    const { root, onFreshness } = controls('company.profile');
    const select = root.querySelector('select')!;
    expect(root.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Freshness');
    expect([...select.options].map((option) => option.text)).toEqual([
      'Any age (cheapest)',
      '29 days or less (+1 credit)',
      'Live now (+9 credits)',
    ]);
    select.value = 'live';
    await act(() => {
      select.dispatchEvent(new Event('change'));
    });
    expect(onFreshness).toHaveBeenCalledWith('live');
  });

  it('lists each option as a labelled checkbox with its hint, and says how many are chosen', async () => {
    const { root, onToggle } = controls('person.profile', ['skills']);
    expect(root.querySelector('summary')?.textContent).toBe('Add to the profile1');
    const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes).toHaveLength(8);
    const skills = boxes.find((box) =>
      root.querySelector(`label[for="${box.id}"]`)?.textContent?.startsWith('Skills'),
    )!;
    expect(skills.checked).toBe(true);
    expect(root.querySelector(`#${CSS.escape(skills.getAttribute('aria-describedby')!)}`)?.textContent).toBe(
      'limited coverage · no extra credit',
    );
    const extra = boxes[0]!;
    extra.checked = true;
    await act(() => {
      extra.dispatchEvent(new Event('change'));
    });
    expect(onToggle).toHaveBeenCalledWith('extra', true);
  });

  it('lets nothing change while a request runs, and shows nothing where there is nothing to choose', () => {
    const { root } = controls('person.profile', [], true);
    expect(root.querySelector('select')?.disabled).toBe(true);
    expect(root.querySelector('fieldset')?.disabled).toBe(true);
    render(null, root);
    const job = controls('job.profile');
    expect(job.root.innerHTML).toBe('');
  });
});

describe('PersonView: the whole v2 profile', () => {
  const person = personProfileSchema.parse(realPerson);

  it('draws every section of a real published profile under its own heading', () => {
    const root = show(<PersonView person={person} />);
    expect(root.querySelector('h2')?.textContent).toBe('John Marty');
    expect(root.textContent).toContain('Financial Freedom through Real Estate - LinkedIn Top Voice');
    expect(root.textContent).toContain('Co-Founder at Freedom Fund Real Estate');
    expect(root.textContent).toContain('Seattle, Washington, United States of America');
    expect(headings(root, 'h3')).toEqual([
      'About',
      'Experience 11',
      'Education 6',
      'Languages',
      'Certifications 3',
      'Projects 4',
      'Recommendations 2',
      'Activities',
      'Similarly named 4',
    ]);
    expect(facts(root)).toMatchObject({ Connections: '500', Profile: 'johnrmarty' });
    // Every link is http(s), opened apart from the panel.
    for (const href of hrefs(root)) expect(href).toMatch(/^https?:\/\//);
    for (const anchor of root.querySelectorAll('a'))
      expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('dates experiences, links their companies, and folds long lists and texts', async () => {
    const root = show(<PersonView person={person} />);
    const experience = section(root, 'Experience');
    const first = experience.querySelector('li')!;
    expect(first.querySelector('.entry-main')?.textContent).toBe('Co-Founder');
    expect(first.querySelector('a')?.getAttribute('href')).toBe(
      'https://www.linkedin.com/company/freedomfund',
    );
    expect(first.querySelector('.entry-meta')?.textContent).toBe('Aug 2021 – present');
    expect(experience.querySelectorAll('li')).toHaveLength(3);
    const showAll = button(experience, 'Show all 11 experiences');
    expect(showAll.getAttribute('aria-expanded')).toBe('false');
    expect(showAll.getAttribute('aria-controls')).toBe(experience.querySelector('ul')?.id);
    await act(() => showAll.click());
    expect(experience.querySelectorAll('li')).toHaveLength(11);
    expect(button(experience, 'Show fewer experiences').getAttribute('aria-expanded')).toBe('true');

    const about = section(root, 'About');
    expect(about.querySelector('.text')?.textContent?.endsWith('…')).toBe(true);
    await act(() => button(about, 'Show more').click());
    expect(about.querySelector('.text')?.textContent).toBe(person.summary!.trim());
    expect(section(root, 'Projects').textContent).toContain('from Mar 2015');
  });

  it('shows the optional fields when present, and says so when asked for and absent', () => {
    const root = show(
      <PersonView
        person={{
          full_name: 'Ada Lovelace',
          extra: {
            gender: 'female',
            birth_date: { day: 10, month: 12, year: 1815 },
            industry: 'Mathematics',
            interests: ['engines'],
          },
          codehost_profile_id: 'ada',
          personal_numbers: ['+44 20 0000 0000'],
          personal_emails: [],
          inferred_salary: { min: 40000, max: 65000 },
          skills: ['analysis', 'poetry'],
        }}
        requested={['extra', 'codehost_profile_id', 'social_profile_id', 'personal_email']}
      />,
    );
    expect(headings(root, 'h3')).toEqual([
      'Extra details',
      'Other profiles',
      'Personal phone numbers',
      'Personal emails',
      'Inferred salary',
      'Skills 2',
    ]);
    expect(facts(section(root, 'Extra details'))).toEqual({
      Gender: 'female',
      'Birth date': 'Dec 10, 1815',
      Industry: 'Mathematics',
    });
    expect(facts(section(root, 'Other profiles'))).toEqual({
      'Code host': 'ada',
      'Social network': 'not available, not charged',
    });
    expect(hrefs(section(root, 'Other profiles'))).toEqual(['https://github.com/ada']);
    expect(section(root, 'Personal emails').textContent).toContain(
      'Not available for this profile; nothing was charged for it.',
    );
    expect(section(root, 'Inferred salary').textContent).toContain('40,000–65,000');
    expect(section(root, 'Skills').textContent).toContain('analysis');
  });

  it('draws the arrays whose shape is not shown as what they hold', () => {
    const root = show(
      <PersonView
        person={{
          full_name: 'Ada',
          accomplishment_honors_awards: [{ title: 'Medal', url: 'https://example.com/medal', year: 1843 }],
          volunteer_work: [{ cause: 'Science' }],
          groups: [{}],
        }}
      />,
    );
    expect(headings(root, 'h3')).toEqual(['Honours and awards', 'Volunteering']);
    const honours = section(root, 'Honours and awards');
    expect(honours.querySelector('a')?.getAttribute('href')).toBe('https://example.com/medal');
    expect(honours.textContent).toContain('Year1,843');
    expect(section(root, 'Volunteering').textContent).toContain('CauseScience');
  });

  it('renders markup as text and makes no link or image of an unsafe URL', () => {
    const root = show(
      <PersonView
        person={{
          full_name: '<img src=x onerror=alert(1)>',
          headline: '<script>alert(1)</script>',
          profile_pic_url: 'javascript:alert(1)',
          background_cover_image_url: 'data:image/svg+xml,<svg onload=alert(1)>',
          summary: '<a href="javascript:alert(1)">x</a>',
          experiences: [{ title: 'T', company: 'C', company_network_profile_url: 'javascript:alert(1)' }],
          similarly_named_profiles: [{ name: 'Bad', link: 'vbscript:msgbox(1)' }],
        }}
      />,
    );
    expect(root.querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.querySelectorAll('img, script, svg')).toHaveLength(0);
    expect(hrefs(root)).toEqual([]);
  });
});

describe('PersonV3View: the whole v3 profile', () => {
  const person: PersonV3 = {
    fullName: 'Linus Example',
    headline: 'Kernel hacker',
    jobTitle: 'Fellow',
    location: { rawLocationString: 'Portland, Oregon' },
    headlineTimeseries: [
      { date: '2021-01-01', value: 2 },
      { date: '2020-01-01', value: 1 },
    ],
    socialPresence: {
      followers: { total: 1500, network: 1000, codehost: 500 },
      followersCountTimeseries: [
        { date: '2024-01-01', value: 1200 },
        { date: '2024-06-01', value: 1500 },
        { date: '2024-03-01', value: 1300 },
      ],
    },
    experience: {
      work: [
        {
          title: 'Fellow',
          companyName: 'Foundation',
          companyInfo: { network: { slug: 'foundation' } },
          startDate: '2003-06-01',
          endDate: null,
          seniority: ['SENIOR'],
          isDecisionMaker: true,
        },
      ],
    },
    contactInformation: {
      emails: { work: [{ email: 'linus@example.org', validity: 'valid', gateway: 'Other' }] },
      socialLinks: { codehostUrl: 'https://github.com/linus-example', websiteUrl: 'javascript:alert(1)' },
    },
    developerProfile: { codehost: { username: 'linus-example', publicReposCount: 7, languages: ['C'] } },
    relatedProfiles: [{ name: 'Greg', url: 'https://www.linkedin.com/in/greg', headline: 'Maintainer' }],
  };

  it('draws every section it has, with the series as charts that say what they show', () => {
    const root = show(<PersonV3View person={person} requested={['workEmail', 'careerInsight']} />);
    expect(root.querySelector('h2')?.textContent).toBe('Linus Example');
    expect(headings(root, 'h3')).toEqual([
      'Over time',
      'Social presence',
      'Profiles and links',
      'Contact',
      'Experience',
      'Career insight',
      'Developer profile',
      'Related profiles',
    ]);
    const charts = [...root.querySelectorAll('svg[role="img"]')];
    expect(charts).toHaveLength(2);
    const caption = (svg: Element) =>
      document.getElementById(svg.getAttribute('aria-labelledby')!)?.textContent;
    expect(caption(charts[0]!)).toBe(
      'Headline: 1 (Jan 1, 2020) to 2 (Jan 1, 2021); lowest 1, highest 2, 2 points',
    );
    expect(caption(charts[1]!)).toBe(
      'Followers: 1,200 (Jan 1, 2024) to 1,500 (Jun 1, 2024); lowest 1,200, highest 1,500, 3 points',
    );
    expect(section(root, 'Experience').textContent).toContain('Jun 2003 – present');
    expect(section(root, 'Experience').textContent).toContain('Senior · decision maker');
    expect(section(root, 'Experience').querySelector('a')?.getAttribute('href')).toBe(
      'https://www.linkedin.com/company/foundation',
    );
    expect(section(root, 'Contact').textContent).toContain('linus@example.org');
    expect(section(root, 'Career insight').textContent).toBe('Career insightNot available for this profile.');
    expect(facts(section(root, 'Developer profile'))).toMatchObject({ 'Public repositories': '7' });
    // The website link was javascript:, so it is no link at all.
    expect(hrefs(section(root, 'Profiles and links'))).toEqual(['https://github.com/linus-example']);
  });
});

describe('TimeSeriesChart', () => {
  it('orders points by date and drops those without a number', () => {
    expect(
      cleanSeries([
        { date: '2024-03-01', value: 3 },
        { date: '2024-01-01', value: 1 },
        { date: '2024-02-01', value: null },
      ]).map((point) => point.value),
    ).toEqual([1, 3]);
  });

  it('draws nothing for no points, and a single point in words', () => {
    expect(show(<TimeSeriesChart title="Followers" points={[]} />).innerHTML).toBe('');
    render(null, container!);
    const one = show(<TimeSeriesChart title="Followers" points={[{ date: '2024-01-01', value: 5 }]} />);
    expect(one.querySelector('figcaption')?.textContent).toBe('Followers: 5 (Jan 1, 2024)');
    expect(one.querySelectorAll('polyline')).toHaveLength(0);
    expect(one.querySelectorAll('tbody tr')).toHaveLength(1);
  });
});

describe('CompanyView: the whole company or school', () => {
  it('draws a real published company in full', async () => {
    const company = companyProfileSchema.parse(realCompany);
    const root = show(<CompanyView company={company} kind="company" />);
    expect(root.querySelector('h2')?.textContent).toBe('Google');
    expect(facts(root)).toMatchObject({
      Type: 'Public company',
      Size: '10,001+ employees',
      Headquarters: '1600 Amphitheatre Parkway, Mountain View, CA 94043, US',
      Website: 'goo.gle',
      Followers: '27,472,792',
    });
    expect(headings(root, 'h3')).toEqual([
      'About',
      'Specialities 13',
      'Locations 48',
      'Updates 14',
      'Similar companies 10',
      'Affiliated companies 39',
    ]);
    const locations = section(root, 'Locations');
    expect(locations.querySelectorAll('li')).toHaveLength(3);
    await act(() => button(locations, 'Show all 48 locations').click());
    expect(locations.querySelectorAll('li')).toHaveLength(48);
    expect(section(root, 'Similar companies').querySelector('a')?.getAttribute('href')).toBe(
      'https://www.linkedin.com/company/amazon',
    );
  });

  it('draws the optional blocks as what they hold, and says when one asked for is missing', () => {
    const root = show(
      <CompanyView
        kind="company"
        company={{
          name: 'Acme',
          funding_data: [
            { funding_type: 'Series A', money_raised: 5000000, investor_list: [{ name: 'VC' }] },
          ],
          extra: { ipo_status: 'Private', contact_email: '<b>x</b>' },
          categories: null,
        }}
        requested={['funding_data', 'categories']}
      />,
    );
    expect(headings(root, 'h3')).toEqual(['Categories', 'Funding', 'Extra details']);
    expect(section(root, 'Categories').textContent).toBe('CategoriesNot available for this profile.');
    expect(section(root, 'Funding').textContent).toContain('Funding typeSeries A');
    expect(section(root, 'Funding').textContent).toContain('Money raised5,000,000');
    expect(section(root, 'Extra details').textContent).toContain('Contact email<b>x</b>');
    expect(root.querySelector('b')).toBeNull();
  });

  it('draws a real published school, and no website link that is not http(s)', () => {
    const school = companyProfileSchema.parse(realSchool);
    const root = show(<CompanyView company={school} kind="school" />);
    expect(root.querySelector('h2')?.textContent).toBe('National University of Singapore');
    expect(facts(root)).toMatchObject({
      Type: 'Educational institution',
      Founded: '1905',
      Website: 'nus.edu.sg',
    });
    expect(headings(root, 'h3')).toContain('Similar schools 7');
    render(null, root);
    const evil = show(
      <CompanyView company={{ name: 'Evil U', website: 'javascript:alert(1)' }} kind="school" />,
    );
    expect(evil.querySelectorAll('a')).toHaveLength(0);
    expect(facts(evil).Website).toBe('javascript:alert(1)');
  });
});

describe('JobView', () => {
  it('draws a real published job in full, with its apply link', () => {
    const job = jobProfileSchema.parse(realJob);
    const root = show(<JobView job={job} />);
    expect(root.querySelector('h2')?.textContent).toBe('Content Strategist');
    expect(Object.keys(facts(root))).toEqual(
      expect.arrayContaining(['Employment', 'Seniority', 'Industry', 'Job functions', 'Applicants']),
    );
    expect(headings(root, 'h3')).toEqual(['Description']);
    const apply = [...root.querySelectorAll('a')].find((a) => a.textContent === 'Apply');
    expect(apply?.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('offers no apply link for a data: URL, and survives a job with no title', () => {
    const root = show(<JobView job={{ apply_url: 'data:text/html,hi' }} />);
    expect(root.querySelector('h2')?.textContent).toBe('Title not known');
    expect(root.querySelectorAll('a')).toHaveLength(0);
  });
});

describe('panel wording of dates and constants', () => {
  it('words dates to the precision they have, and spans of time', () => {
    expect(formatSpecDate({ day: 3, month: 3, year: 2019 })).toBe('Mar 3, 2019');
    expect(formatSpecDate({ day: null, month: 3, year: 2019 })).toBe('Mar 2019');
    expect(formatSpecDate({ day: null, month: null, year: 2019 })).toBe('2019');
    expect(formatSpecDate({ day: 1, month: 1, year: null })).toBeNull();
    expect(formatIsoDate('2019-04')).toBe('Apr 2019');
    expect(formatIsoDate('2019-04-01T10:00:00Z')).toBe('Apr 1, 2019');
    expect(formatIsoDate('last spring')).toBe('last spring');
    expect(formatPeriod('Mar 2019', null, 'present')).toBe('Mar 2019 – present');
    expect(formatPeriod('Mar 2019', null, 'unknown')).toBe('from Mar 2019');
    expect(formatPeriod(null, 'Jun 2021', 'present')).toBe('until Jun 2021');
    expect(formatPeriod(null, null, 'present')).toBeNull();
    expect(humanize('NATIVE_OR_BILINGUAL')).toBe('Native or bilingual');
    expect(humanize('Full-time')).toBe('Full-time');
  });
});
