// @vitest-environment node
/**
 * What changed between two answers, and how it reads: the sandbox's own answers and the real
 * published ones, each changed by hand into an "after".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyProfile, PersonProfile } from '../../../../lib/api/schemas';
import { changeWords } from '../../../../lib/watch/change-words';
import { companyChanges, currentExperiences, personChanges } from '../../../../lib/watch/changes';
import {
  copyOf,
  realCompany,
  realPerson,
  sandboxCompany,
  sandboxCompanyUrl,
  sandboxPerson,
  sandboxPersonUrl,
} from '../../../support/watch-answers';

type Experience = NonNullable<PersonProfile['experiences']>[number];

const ENDED = { day: 31, month: 10, year: 2026 };
const DIFFERENCE_CO: Experience = {
  starts_at: { day: 1, month: 11, year: 2026 },
  ends_at: null,
  company: 'Difference Co.',
  company_network_profile_url: 'https://www.linkedin.com/company/difference-co',
  title: 'CTO',
};

/** Every change between the two, as the changes page words them. */
function personWords(before: PersonProfile, after: PersonProfile): string[] {
  return personChanges(before, after).map((change) => changeWords(after.full_name!, change));
}

function companyWords(before: CompanyProfile, after: CompanyProfile): string[] {
  return companyChanges(before, after).map((change) => changeWords(after.name!, change));
}

/** The one current experience of an answer that has exactly one. */
function onlyCurrent(person: PersonProfile): Experience {
  const [current, ...others] = currentExperiences(person.experiences);
  expect(others).toEqual([]);
  return current!;
}

describe('a person (the sandbox’s answers)', () => {
  let person: PersonProfile;
  beforeAll(async () => {
    person = await sandboxPerson(sandboxPersonUrl(1));
  });

  it('a job change: the current position ends and one at another company starts', () => {
    const after = copyOf(person);
    const was = onlyCurrent(after);
    was.ends_at = ENDED;
    after.experiences = [DIFFERENCE_CO, ...after.experiences!];
    expect(personChanges(person, after)).toEqual([
      { kind: 'job', before: `${was.title} at ${was.company}`, after: 'CTO at Difference Co.' },
    ]);
    expect(personWords(person, after)).toEqual([
      `${person.full_name}: ${was.title} at ${was.company} → CTO at Difference Co.`,
    ]);
  });

  it('a title change in place', () => {
    const after = copyOf(person);
    const now = onlyCurrent(after);
    const title = now.title;
    now.title = 'Chief Technology Officer';
    expect(personWords(person, after)).toEqual([
      `${person.full_name}: ${title} at ${now.company} → Chief Technology Officer at ${now.company}`,
    ]);
    expect(personChanges(person, after).map((change) => change.kind)).toEqual(['title']);
  });

  it('a new location', () => {
    const after = copyOf(person);
    Object.assign(after, {
      city: 'Lyon',
      state: 'Auvergne-Rhône-Alpes',
      country: 'FR',
      country_full_name: 'France',
      location_str: 'Lyon, Auvergne-Rhône-Alpes, France',
    });
    expect(personWords(person, after)).toEqual([
      `${person.full_name}: moved from ${person.location_str} to Lyon, Auvergne-Rhône-Alpes, France`,
    ]);
  });

  it('a new headline', () => {
    const after = copyOf(person);
    after.headline = 'Building the next thing';
    expect(personWords(person, after)).toEqual([
      `${person.full_name}: headline “${person.headline}” → “Building the next thing”`,
    ]);
  });

  it('several changes at once are each reported, in one order', () => {
    const after = copyOf(person);
    onlyCurrent(after).ends_at = ENDED;
    after.experiences = [DIFFERENCE_CO, ...after.experiences!];
    after.headline = 'CTO at Difference Co.';
    after.city = 'Lyon';
    after.location_str = 'Lyon, France';
    expect(personChanges(person, after).map((change) => change.kind)).toEqual([
      'job',
      'location',
      'headline',
    ]);
  });

  it('nothing reported for differences that do not matter', () => {
    const after = copyOf(person);
    after.experiences = [...after.experiences!].reverse();
    for (const experience of after.experiences) {
      experience.description = 'Rewritten';
      experience.logo_url = null;
      experience.starts_at = { day: 2, month: 2, year: 2002 };
    }
    const now = onlyCurrent(after);
    delete now.ends_at; // absent is as open-ended as null
    now.company = `  ${now.company!.toUpperCase()} `;
    now.title = now.title!.toLowerCase().replace(/ /g, '  ');
    after.headline = `${person.headline!.toUpperCase()}\n`;
    after.summary = 'Another summary';
    after.follower_count = (person.follower_count ?? 0) + 500;
    after.connections = 1;
    after.meta = { thin_profile: false, last_updated: '2026-11-27T00:00:00Z' };
    after.people_also_viewed = [];
    delete after.location_str; // the parts still say the same place
    expect(personChanges(person, after)).toEqual([]);
    expect(personChanges(person, copyOf(person))).toEqual([]);
  });

  it('a field left empty, null or out is not known: no change either way', () => {
    const thinner = copyOf(person);
    thinner.headline = null;
    delete thinner.city;
    delete thinner.state;
    delete thinner.country;
    delete thinner.country_full_name;
    thinner.location_str = '   ';
    thinner.experiences = [];
    expect(personChanges(person, thinner)).toEqual([]);
    expect(personChanges(thinner, person)).toEqual([]);
    const noList = copyOf(person);
    delete noList.experiences;
    expect(personChanges(person, noList)).toEqual([]);
    expect(personChanges(null, person)).toEqual([]);
    expect(personChanges(person, undefined)).toEqual([]);
  });

  it('a person with no current job gaining one, and one losing theirs', async () => {
    const idle = await sandboxPerson(sandboxPersonUrl(0));
    expect(currentExperiences(idle.experiences)).toEqual([]);
    const hired = copyOf(idle);
    hired.experiences = [DIFFERENCE_CO, ...hired.experiences!];
    expect(personChanges(idle, hired)).toEqual([
      { kind: 'job', before: null, after: 'CTO at Difference Co.' },
    ]);
    expect(personWords(idle, hired)).toEqual([
      `${idle.full_name}: no current position → CTO at Difference Co.`,
    ]);

    const left = copyOf(person);
    const was = onlyCurrent(left);
    was.ends_at = ENDED;
    expect(personWords(person, left)).toEqual([
      `${person.full_name}: ${was.title} at ${was.company} → no current position`,
    ]);
  });

  it('several current positions: one added, one ended, one replaced', async () => {
    const busy = await sandboxPerson(sandboxPersonUrl(2));
    const [first, second] = currentExperiences(busy.experiences);
    const name = busy.full_name;

    const added = copyOf(busy);
    added.experiences!.push(DIFFERENCE_CO);
    expect(personWords(busy, added)).toEqual([`${name}: now also CTO at Difference Co.`]);

    const ended = copyOf(busy);
    currentExperiences(ended.experiences)[1]!.ends_at = ENDED;
    expect(personWords(busy, ended)).toEqual([`${name}: no longer ${second!.title} at ${second!.company}`]);

    const replaced = copyOf(busy);
    currentExperiences(replaced.experiences)[0]!.ends_at = ENDED;
    replaced.experiences!.unshift(DIFFERENCE_CO);
    expect(personWords(busy, replaced)).toEqual([
      `${name}: ${first!.title} at ${first!.company} → CTO at Difference Co.`,
    ]);

    const reordered = copyOf(busy);
    reordered.experiences!.reverse();
    expect(personChanges(busy, reordered)).toEqual([]);
  });
});

describe('a person (real published answers changed by hand)', () => {
  const marty = realPerson();

  it('reads five current positions, a second one at the same company among them', () => {
    expect(currentExperiences(marty.experiences).map((experience) => experience.company)).toEqual([
      'Freedom Fund Real Estate',
      'Mindset Reset Podcast',
      'Project 1B',
      'YouTube',
      'YouTube',
    ]);
  });

  it('reordered experiences: no change', () => {
    const after = copyOf(marty);
    after.experiences = [...after.experiences!].reverse();
    expect(personChanges(marty, after)).toEqual([]);
  });

  it('a title change in place, beside four positions kept', () => {
    const after = copyOf(marty);
    after.experiences![0]!.title = 'CEO';
    expect(personWords(marty, after)).toEqual([
      'John Marty: Co-Founder at Freedom Fund Real Estate → CEO at Freedom Fund Real Estate',
    ]);
  });

  it('a job change: one of the five ends, a new company starts', () => {
    const after = copyOf(marty);
    after.experiences![2]!.ends_at = ENDED; // Project 1B (the third is a past one)
    after.experiences![3]!.ends_at = ENDED;
    after.experiences!.unshift(DIFFERENCE_CO);
    expect(personWords(marty, after)).toEqual(['John Marty: Founder at Project 1B → CTO at Difference Co.']);
  });

  it('a new location', () => {
    const after = copyOf(marty);
    after.city = 'Austin';
    after.state = 'Texas';
    expect(personWords(marty, after)).toEqual([
      'John Marty: moved from Seattle, Washington, United States of America to Austin, Texas, United States of America',
    ]);
  });

  it('the 2023 shape against a newer one with location_str and meta: no change', () => {
    const after = copyOf(marty);
    after.location_str = 'Seattle, Washington, United States';
    after.meta = { thin_profile: false, last_updated: '2026-11-01T00:00:00Z' };
    expect(personChanges(marty, after)).toEqual([]);
  });

  it('the trimmed quickstart answer (no ends_at, most fields missing)', () => {
    const satya = realPerson('person-profile.enrichlayer-quickstart-trimmed.json');
    expect(currentExperiences(satya.experiences).map((experience) => experience.company)).toEqual([
      'Microsoft',
    ]);
    const after = copyOf(satya);
    after.experiences![0]!.ends_at = ENDED;
    after.experiences!.unshift(DIFFERENCE_CO);
    after.headline = 'CTO at Difference Co.';
    expect(personWords(satya, after)).toEqual([
      'Satya Nadella: Chairman and Chief Executive Officer at Microsoft → CTO at Difference Co.',
      'Satya Nadella: headline “Chairman and CEO at Microsoft” → “CTO at Difference Co.”',
    ]);
    // The same person as the full answer would give more fields: none of them is a change.
    const fuller = copyOf(satya);
    Object.assign(fuller, { summary: 'Long summary', follower_count: 10, country: 'US', location_str: null });
    expect(personChanges(satya, fuller)).toEqual([]);
  });
});

describe('a company', () => {
  let company: CompanyProfile;
  beforeAll(async () => {
    company = await sandboxCompany(sandboxCompanyUrl());
  });

  it('the sandbox’s answer: employees, by how much, and the other fields', () => {
    const size = company.company_size_on_network!;
    const after = copyOf(company);
    after.company_size_on_network = size + 14;
    after.name = `${company.name} Group`;
    after.website = 'https://example.org/';
    after.follower_count = company.follower_count! - 3;
    expect(companyChanges(company, after)).toEqual([
      { kind: 'employees', before: size, after: size + 14, by: 14 },
      { kind: 'name', before: company.name, after: `${company.name} Group` },
      { kind: 'website', before: company.website, after: 'https://example.org/' },
      { kind: 'followers', before: company.follower_count, after: company.follower_count! - 3, by: -3 },
    ]);
    const name = after.name;
    expect(companyWords(company, after)).toEqual([
      `${name}: ${size.toLocaleString('en-US')} → ${(size + 14).toLocaleString('en-US')} employees (+14)`,
      `${name}: renamed from ${company.name} to ${name}`,
      `${name}: website ${company.website} → https://example.org/`,
      `${name}: ${company.follower_count!.toLocaleString('en-US')} → ${(company.follower_count! - 3).toLocaleString('en-US')} followers (-3)`,
    ]);
  });

  it('the words of a small count change', () => {
    const before = { ...company, name: 'Acme', company_size_on_network: 120 };
    expect(companyWords(before, { ...before, company_size_on_network: 134 })).toEqual([
      'Acme: 120 → 134 employees (+14)',
    ]);
    expect(companyWords(before, { ...before, company_size_on_network: 1 })).toEqual([
      'Acme: 120 → 1 employee (-119)',
    ]);
  });

  it('nothing reported for differences that do not matter', () => {
    const after = copyOf(company);
    after.name = ` ${company.name!.toUpperCase()}`;
    expect(company.website).toMatch(/^https:\/\/www\./);
    after.website = `${company.website!.replace(/^https:\/\/www\./, 'HTTP://')}/`;
    after.company_size = [10001, null];
    after.description = 'Rewritten';
    after.updates = [];
    after.locations = [...(after.locations ?? [])].reverse();
    expect(companyChanges(company, after)).toEqual([]);
    const unknown = copyOf(company);
    unknown.company_size_on_network = null;
    delete unknown.follower_count;
    unknown.website = '';
    unknown.name = null;
    expect(companyChanges(company, unknown)).toEqual([]);
    expect(companyChanges(unknown, company)).toEqual([]);
  });

  it('the real published answer (Google)', () => {
    const google = realCompany();
    const after = copyOf(google);
    after.company_size_on_network = 320_001;
    after.follower_count = 27_472_792;
    expect(companyWords(google, after)).toEqual(['Google: 319,856 → 320,001 employees (+145)']);
  });
});
