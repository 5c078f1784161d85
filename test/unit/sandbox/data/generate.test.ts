// @vitest-environment node
/**
 * The synthetic dataset: deterministic per seed, the sizes the sandbox promises, every record
 * pointing at records that exist, the spec's shapes (read by the very schemas the extension uses),
 * and the spread of values the HTTP layer and the demo rely on (fresh and stale records, optional
 * data present for some and absent for others, non-Latin identifiers).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  companyProfileSchema,
  jobListEntrySchema,
  jobProfileSchema,
  personProfileSchema,
  personV3Schema,
} from '../../../../lib/api/schemas';
import { canonicalHandleUrl, HANDLE_SYNTAX } from '../../../../lib/networks';
import { buildDataset, SMALL_COUNTS } from '../../../../sandbox/data/generate';
import { createQueries, type DatasetQueries } from '../../../../sandbox/data/queries';
import type { PersonRecord, SandboxDataset } from '../../../../sandbox/data/records';
import { COMPANY_TYPES, COUNTRIES, GLOBAL_EMAIL_PROVIDERS } from '../../../../sandbox/data/vocabulary';

const DAY_MS = 86_400_000;
const NOW = new Date('2025-06-01T00:00:00Z');
const real = (name: string) =>
  JSON.parse(readFileSync(`test/fixtures/real/${name}`, 'utf8')) as Record<string, unknown>;

let dataset: SandboxDataset;
let queries: DatasetQueries;

beforeAll(() => {
  dataset = buildDataset({ seed: 1, now: NOW });
  queries = createQueries(dataset);
});

/** Every `step`-th record: a sample spread over the whole dataset. */
function sample<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, index) => index % step === 0);
}

describe('determinism', () => {
  it('builds the same records from the same seed, whatever order the lazy parts are built in', () => {
    const other = buildDataset({ seed: 1, now: NOW });
    const picked = [0, 7, 4_321, 19_999];
    // Build the lazy parts in opposite orders in the two datasets.
    const forward = picked.map((i) => [
      dataset.people[i]!.profile,
      dataset.people[i]!.v3,
      dataset.people[i]!.enrichment,
    ]);
    const backward = [...picked]
      .reverse()
      .map((i) => [other.people[i]!.v3, other.people[i]!.enrichment, other.people[i]!.profile])
      .reverse();
    picked.forEach((personIndex, i) => {
      expect(other.people[personIndex]).toEqual(dataset.people[personIndex]);
      expect(backward[i]![2]).toEqual(forward[i]![0]);
      expect(backward[i]![0]).toEqual(forward[i]![1]);
      expect(backward[i]![1]).toEqual(forward[i]![2]);
    });
    for (const i of [0, 999, 1_999]) {
      expect(other.companies[i]!.blocks).toEqual(dataset.companies[i]!.blocks);
      expect(other.companies[i]!.profile).toEqual(dataset.companies[i]!.profile);
    }
    expect(other.schools[42]!.profile).toEqual(dataset.schools[42]!.profile);
    expect(other.jobs[4_999]!.profile).toEqual(dataset.jobs[4_999]!.profile);
    expect(other.employments).toEqual(dataset.employments);
  });

  it('builds different data from a different seed', () => {
    // The first records of a seed are the same whatever the sizes (each record is drawn from its
    // own index's stream), so the small build stands for the full one here.
    const other = buildDataset({ seed: 2, now: NOW, counts: SMALL_COUNTS });
    const names = (d: SandboxDataset) => d.people.slice(0, 20).map((person) => person.fullName);
    expect(names(other)).not.toEqual(names(dataset));
    expect(other.companies.slice(0, 20).map((c) => c.name)).not.toEqual(
      dataset.companies.slice(0, 20).map((c) => c.name),
    );
  });
});

describe('sizes and identifiers', () => {
  it('holds 20,000 people, 2,000 companies, 200 schools and 5,000 jobs, with their indexes', () => {
    expect(dataset.people).toHaveLength(20_000);
    expect(dataset.companies).toHaveLength(2_000);
    expect(dataset.schools).toHaveLength(200);
    expect(dataset.jobs).toHaveLength(5_000);
    for (const records of [dataset.people, dataset.companies, dataset.schools, dataset.jobs]) {
      expect(records.map((record) => record.index)).toEqual(records.map((_, index) => index));
    }
  });

  it('gives every record a unique canonical URL on the main network', () => {
    for (const records of [dataset.people, dataset.companies, dataset.schools, dataset.jobs]) {
      const urls = records.map((record) => record.url);
      expect(new Set(urls).size).toBe(urls.length);
      // One assertion over all of them (an expect per URL cost more than the check itself).
      const canonical = /^https:\/\/www\.linkedin\.com\/(in|company|school|jobs\/view)\/[^/]+$/;
      expect(urls.filter((url) => !canonical.test(url))).toEqual([]);
    }
  });

  it('writes public identifiers like jane-doe-4f2a1c, some in accented Latin, Cyrillic and CJK letters', () => {
    const ids = dataset.people.map((person) => person.publicIdentifier);
    expect(ids.filter((id) => /^[a-z]+(-[a-z]+)+-[0-9a-f]{6}$/.test(id)).length).toBeGreaterThan(15_000);
    const accented = dataset.people.find((person) => /[áéíóúñçãõàèü]/.test(person.publicIdentifier));
    const cyrillic = dataset.people.find((person) => /[а-я]/.test(person.publicIdentifier));
    const cjk = dataset.people.find((person) => /\p{Script=Han}/u.test(person.publicIdentifier));
    for (const person of [accented, cyrillic, cjk]) {
      expect(person).toBeDefined();
      // The URL carries the identifier percent-encoded; both forms lead back to the person.
      expect(person!.url).toMatch(/%[0-9A-F]{2}/);
      expect(queries.personByUrl(person!.url)).toBe(person);
      expect(queries.personByUrl(`https://www.linkedin.com/in/${person!.publicIdentifier}/`)).toBe(person);
    }
  });
});

describe('consistency between records', () => {
  it('points every experience at an existing company, by name, URL and logo', () => {
    let nameOnly = 0;
    for (const person of sample(dataset.people, 2_000)) {
      const experiences = person.profile.experiences as Record<string, unknown>[];
      expect(experiences).toHaveLength(person.stints.length);
      person.stints.forEach((stint, i) => {
        const company = dataset.companies[stint.companyIndex]!;
        const experience = experiences[i]!;
        expect(experience.company).toBe(company.name);
        if (stint.nameOnly) {
          nameOnly++;
          expect(experience.company_network_profile_url).toBeNull();
        } else {
          expect(experience.company_network_profile_url).toBe(company.url);
          expect(queries.companyByUrl(experience.company_network_profile_url as string)).toBe(company);
          expect(experience.logo_url).toBe(company.logoUrl);
        }
      });
    }
    // Experiences that name a company without linking it exist (coy_name_match needs them).
    expect(nameOnly).toBeGreaterThan(0);
    expect(dataset.employments.filter((employment) => employment.nameOnly).length).toBeGreaterThan(200);
  });

  it('makes the employments exactly the experiences and the enrollments exactly the education entries', () => {
    expect(dataset.employments).toHaveLength(
      dataset.people.reduce((n, person) => n + person.stints.length, 0),
    );
    expect(dataset.enrollments).toHaveLength(
      dataset.people.reduce((n, person) => n + person.studies.length, 0),
    );
    for (const employment of sample(dataset.employments, 500)) {
      const person = dataset.people[employment.personIndex]!;
      expect(person.stints).toContain(employment);
    }
    // Nobody starts a job or a degree in the future, or ends one before it began.
    const misdated = [...dataset.employments, ...dataset.enrollments].filter(
      (entry) =>
        entry.start.getTime() > NOW.getTime() ||
        (entry.end !== null && entry.end.getTime() < entry.start.getTime()) ||
        (entry.end !== null && entry.end.getTime() > NOW.getTime()),
    );
    expect(misdated).toEqual([]);
  });

  it('points every education entry at an existing school, and lists the student there', () => {
    for (const person of sample(dataset.people, 500)) {
      const education = person.profile.education as Record<string, unknown>[];
      person.studies.forEach((study, i) => {
        const school = dataset.schools[study.schoolIndex]!;
        expect(education[i]!.school).toBe(school.name);
        expect(queries.schoolByUrl(education[i]!.school_network_profile_url as string)).toBe(school);
        const listed = queries.listStudents(school, { studentStatus: 'all', sortBy: 'none' });
        expect(listed).toContain(person.index);
      });
    }
  });

  it('gives every person 1 to 3 e-mail addresses that resolve back to them', () => {
    const wrong = dataset.people.filter(
      (person) =>
        person.emails.length < 1 ||
        person.emails.length > 3 ||
        person.emails.some((email) => queries.personByEmail(email.toUpperCase()) !== person),
    );
    expect(wrong.map((person) => [person.index, person.emails])).toEqual([]);
  });

  it('puts work addresses at the current employer’s domain and personal ones at mail providers', () => {
    const localProviders = new Set(COUNTRIES.flatMap((country) => country.emailProviders));
    for (const person of sample(dataset.people, 2_000)) {
      if (person.workEmail) {
        const employers = person.stints
          .filter((s) => s.end === null && !s.nameOnly)
          .map((s) => dataset.companies[s.companyIndex]!.domain);
        expect(employers).toContain(person.workEmail.split('@')[1]);
      }
      for (const email of person.personalEmails) {
        const provider = email.split('@')[1]!;
        expect(GLOBAL_EMAIL_PROVIDERS.includes(provider) || localProviders.has(provider)).toBe(true);
      }
    }
    expect(dataset.people.some((person) => person.workEmail)).toBe(true);
  });

  it('gives some people handles on the other networks, valid there and resolving back', () => {
    for (const network of ['social', 'microblog', 'codehost'] as const) {
      const key = `${network}Handle` as const;
      const holders = dataset.people.filter((person) => person[key] !== null);
      expect(holders.length).toBeGreaterThan(1_000);
      expect(holders.length).toBeLessThan(dataset.people.length);
      for (const person of sample(holders, 300)) {
        const handle = person[key]!;
        expect(handle).toMatch(HANDLE_SYNTAX[network]);
        expect(queries.personByHandle(network, handle)).toBe(person);
        expect(queries.personByHandle(network, canonicalHandleUrl(network, handle))).toBe(person);
      }
    }
  });

  it('attaches every job to an existing company, found by the company’s search_id', () => {
    expect(
      dataset.jobs.map((job) => [job.profile.company, job.listEntry.company_url, job.listEntry.job_url]),
    ).toEqual(
      dataset.jobs.map((job) => {
        const company = dataset.companies[job.companyIndex]!;
        return [{ name: company.name, url: company.url, logo: company.logoUrl }, company.url, job.url];
      }),
    );
    for (const job of sample(dataset.jobs, 50)) {
      const company = dataset.companies[job.companyIndex]!;
      expect(queries.searchJobs({ searchId: company.profile.search_id as string })).toContain(job.index);
    }
  });
});

describe('shapes', () => {
  it('sends person profiles with every field of the published example, read by the extension’s schema', () => {
    const publishedKeys = Object.keys(real('person-profile.json'));
    for (const person of sample(dataset.people, 300)) {
      const profile = person.profile;
      expect(Object.keys(profile)).toEqual(
        expect.arrayContaining([...publishedKeys, 'location_str', 'meta', 'languages_and_proficiencies']),
      );
      expect(personProfileSchema.safeParse(profile).success).toBe(true);
      expect(profile.country).toMatch(/^[A-Z]{2}$/);
      expect(profile.meta).toEqual({
        thin_profile: person.thin,
        last_updated: person.lastUpdated.toISOString(),
      });
    }
  });

  it('keeps a profile’s meta in step when the server refreshes the record', () => {
    const person = dataset.people[10]!;
    const before = person.lastUpdated;
    person.lastUpdated = NOW;
    expect((person.profile.meta as { last_updated: string }).last_updated).toBe(NOW.toISOString());
    expect((person.v3.meta as { updatedAt: string }).updatedAt).toBe(NOW.toISOString());
    person.lastUpdated = before;
  });

  it('sends company and school profiles in the company shape, with the spec’s company types', () => {
    const publishedKeys = Object.keys(real('company-profile.json'));
    for (const company of sample(dataset.companies, 200)) {
      expect(Object.keys(company.profile)).toEqual(expect.arrayContaining([...publishedKeys, 'meta']));
      expect(companyProfileSchema.safeParse(company.profile).success).toBe(true);
      expect(COMPANY_TYPES).toContain(company.profile.company_type);
      const hq = company.profile.hq as { is_hq: boolean; country: string };
      expect(hq.is_hq).toBe(true);
      expect(hq.country).toBe(company.country);
    }
    for (const school of sample(dataset.schools, 50)) {
      expect(Object.keys(school.profile)).toEqual(
        expect.arrayContaining(Object.keys(real('school-profile.json'))),
      );
      expect(companyProfileSchema.safeParse(school.profile).success).toBe(true);
      expect(school.profile.company_type).toBe('EDUCATIONAL_INSTITUTION');
    }
  });

  it('sends job profiles and list entries in the published shapes, listed within 60 days', () => {
    const jobKeys = Object.keys(real('job-profile.json'));
    for (const job of sample(dataset.jobs, 200)) {
      expect(Object.keys(job.profile)).toEqual(expect.arrayContaining(jobKeys));
      expect(jobProfileSchema.safeParse(job.profile).success).toBe(true);
      expect(jobListEntrySchema.safeParse(job.listEntry).success).toBe(true);
      const age = (NOW.getTime() - job.listDate.getTime()) / DAY_MS;
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(60);
      expect(['full-time', 'part-time', 'contract', 'internship', 'temporary', 'volunteer']).toContain(
        job.jobType,
      );
      expect(['internship', 'entry_level', 'associate', 'mid_senior_level', 'director']).toContain(
        job.experienceLevel,
      );
      expect(['remote', 'on-site', 'hybrid']).toContain(job.flexibility);
    }
  });

  it('holds every v3 section, the developer profile for exactly the people with a code-host account', () => {
    const sections = [
      'summary',
      'slug',
      'profileImageUrl',
      'backgroundImageUrl',
      'firstName',
      'lastName',
      'fullName',
      'middleName',
      'nickname',
      'suffix',
      'headline',
      'jobTitle',
      'about',
      'headlineTimeseries',
      'location',
      'experience',
      'education',
      'certifications',
      'accomplishments',
      'publications',
      'patents',
      'contactInformation',
      'languages',
      'interests',
      'inferredGender',
      'industries',
      'socialPresence',
      'relatedProfiles',
      'similarNames',
      'recommendations',
      'activities',
      'articles',
      'groups',
      'developerProfile',
      'careerInsight',
      'meta',
    ];
    for (const person of sample(dataset.people, 300)) {
      const v3 = person.v3;
      expect(Object.keys(v3).sort()).toEqual([...sections].sort());
      expect(personV3Schema.safeParse(v3).success).toBe(true);
      expect(v3.developerProfile === null).toBe(person.codehostHandle === null);
      const work = (v3.experience as { work: unknown[] }).work;
      expect(work).toHaveLength(person.stints.length);
      const emails = (v3.contactInformation as { emails: { personal: { email: string }[] } }).emails;
      expect(emails.personal.map((entry) => entry.email)).toEqual(person.personalEmails);
    }
  });
});

describe('spread of values', () => {
  it('spreads last updates over the year before now: some within 29 days, most older', () => {
    const ages = dataset.people.map((person) => (NOW.getTime() - person.lastUpdated.getTime()) / DAY_MS);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(365);
    const fresh = ages.filter((age) => age < 29).length / ages.length;
    expect(fresh).toBeGreaterThan(0.03);
    expect(fresh).toBeLessThan(0.2);
  });

  it('has optional person data for some people only, so both charged and free answers happen', () => {
    const people = sample(dataset.people, 2_000);
    const has = (pick: (person: PersonRecord) => boolean) => people.filter(pick).length;
    const checks: ((person: PersonRecord) => boolean)[] = [
      (p) => p.enrichment.extra !== null,
      (p) => p.enrichment.codehost_profile_id !== null,
      (p) => p.enrichment.social_profile_id !== null,
      (p) => p.enrichment.microblog_profile_id !== null,
      (p) => p.enrichment.personal_numbers.length > 0,
      (p) => p.enrichment.personal_emails.length > 0,
      (p) => p.enrichment.inferred_salary !== null,
      (p) => p.enrichment.skills.length > 0,
    ];
    for (const check of checks) {
      expect(has(check)).toBeGreaterThan(0);
      expect(has(check)).toBeLessThan(people.length);
    }
  });

  it('has each optional company block for some companies only', () => {
    for (const block of ['categories', 'funding_data', 'exit_data', 'acquisitions', 'extra'] as const) {
      const present = dataset.companies.filter((company) => company.blocks[block] !== null).length;
      expect(present, block).toBeGreaterThan(0);
      expect(present, block).toBeLessThan(dataset.companies.length);
    }
  });

  it('gives people the search-only attributes: industry, interests, groups and skills', () => {
    expect(dataset.people.every((person) => person.industry !== '' && person.skills.length > 0)).toBe(true);
    expect(dataset.people.filter((person) => person.interests.length > 0).length).toBeGreaterThan(10_000);
    expect(dataset.people.filter((person) => person.groups.length > 0).length).toBeGreaterThan(10_000);
  });
});
