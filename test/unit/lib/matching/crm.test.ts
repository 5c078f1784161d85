/**
 * Matching rows against the CRM reference: profile URL first, then email, then full name with
 * company domain; a name alone never matches; case, accents, spaces and `www.` do not matter; a
 * free email domain is nobody's employer, and a placeholder name names nobody.
 */
import { describe, expect, it } from 'vitest';
import { compactName, crmKeys, indexReference, matchRow } from '../../../../lib/matching/crm';

const reference = indexReference([
  {
    profileUrl: 'https://www.linkedin.com/in/Ada-Lovelace/',
    fullName: 'Someone Else',
    companyDomain: 'x.io',
  },
  { email: 'Grace@Navy.MIL', firstName: 'Grace', lastName: 'Hopper' },
  { firstName: 'José', lastName: 'Núñez  García', companyDomain: 'https://www.Acme.com/about' },
  { fullName: 'Name Alone' },
  { companyName: 'Initech', companyDomain: 'initech.com', profileUrl: 'linkedin.com/company/initech' },
]);

describe('matching against the CRM reference', () => {
  it('matches by the canonical profile URL, whatever form it is written in', () => {
    expect(matchRow(reference, { profileUrl: 'linkedin.com/in/ada-lovelace' })).toBe('profile');
    expect(matchRow(reference, { profileUrl: 'http://uk.linkedin.com/in/ada-lovelace?trk=x' })).toBe(
      'profile',
    );
    expect(matchRow(reference, { profileUrl: 'https://www.linkedin.com/in/ada-lovelac' })).toBeNull();
  });

  it('matches by email with case aside, and takes the profile URL before it', () => {
    expect(matchRow(reference, { email: ' grace@navy.mil ' })).toBe('email');
    expect(matchRow(reference, { email: 'GRACE@NAVY.MIL' })).toBe('email');
    // A row with both: the profile decides first.
    expect(matchRow(reference, { profileUrl: 'linkedin.com/in/ada-lovelace', email: 'grace@navy.mil' })).toBe(
      'profile',
    );
    // A profile that is not in the reference falls through to the email.
    expect(matchRow(reference, { profileUrl: 'linkedin.com/in/nobody', email: 'grace@navy.mil' })).toBe(
      'email',
    );
  });

  it('matches by full name together with company domain, accents, case, spaces and www aside', () => {
    expect(matchRow(reference, { fullName: 'jose nunez garcia', companyDomain: 'acme.com' })).toBe('name');
    expect(
      matchRow(reference, { firstName: 'JOSÉ', lastName: 'Núñez García', companyDomain: 'www.acme.com' }),
    ).toBe('name');
    // The email comes before the name.
    expect(
      matchRow(reference, {
        email: 'grace@navy.mil',
        fullName: 'José Núñez García',
        companyDomain: 'acme.com',
      }),
    ).toBe('email');
  });

  it('matches a name written family name first, with no space, by its first and last name', () => {
    const cjk = indexReference([{ firstName: '聡', lastName: '新田', companyDomain: 'okoncasper.com' }]);
    expect(matchRow(cjk, { fullName: '新田聡', companyDomain: 'okoncasper.com' })).toBe('name');
    expect(matchRow(cjk, { fullName: '新田 聡', companyDomain: 'okoncasper.com' })).toBe('name');
    expect(matchRow(cjk, { fullName: '新田聡', companyDomain: 'other.com' })).toBeNull();
  });

  it('never matches a name without its company domain, nor at another domain', () => {
    expect(matchRow(reference, { fullName: 'José Núñez García' })).toBeNull();
    expect(matchRow(reference, { fullName: 'José Núñez García', companyDomain: 'acme.org' })).toBeNull();
    // A reference row with a name alone was never indexed: the same name with a domain does not match it.
    expect(matchRow(reference, { fullName: 'Name Alone', companyDomain: 'acme.com' })).toBeNull();
    // A row with a profile URL is known by its name at its company too.
    expect(matchRow(reference, { fullName: 'Someone Else', companyDomain: 'x.io' })).toBe('name');
  });

  it('matches a company row by its profile URL or its domain, never a person by their company', () => {
    expect(matchRow(reference, { profileUrl: 'https://www.linkedin.com/company/initech/' })).toBe('profile');
    expect(matchRow(reference, { companyDomain: 'www.initech.com' })).toBe('company');
    expect(matchRow(reference, { companyName: 'Initech', companyDomain: 'initech.com' })).toBe('company');
    expect(matchRow(reference, { fullName: 'Peter Gibbons', companyDomain: 'initech.com' })).toBeNull();
  });

  it('says why a row gives nothing to match on', () => {
    expect(crmKeys({ fullName: 'Ada Lovelace' }).unusable).toBe('a name without a company domain');
    expect(crmKeys({ profileUrl: 'https://example.com/ada' }).unusable).toBe(
      'a profile address we do not recognise',
    );
    expect(crmKeys({ email: 'ada at example' }).unusable).toBe('an email address that is not one');
    expect(crmKeys({ fullName: 'Ada Lovelace', companyDomain: 'n/a' }).unusable).toBe(
      'a company website that is not one',
    );
    expect(crmKeys({ companyName: 'Acme' }).unusable).toBe('nothing to match on');
    expect(crmKeys({ fullName: 'Ada Lovelace', companyDomain: 'acme.com' }).unusable).toBeNull();
  });

  it('compares names with accents, case, spaces and punctuation aside', () => {
    expect(compactName('  Zoë   O’Brien-Smith ')).toBe('zoeobriensmith');
    expect(compactName('Прасковья Князева')).toBe('прасковьякнязева');
  });

  it('never takes a free email domain for an employer: two John Smiths at gmail.com are two people', () => {
    const johns = indexReference([{ fullName: 'John Smith', companyDomain: 'gmail.com' }]);
    expect(matchRow(johns, { fullName: 'John Smith', companyDomain: 'gmail.com' })).toBeNull();
    expect(
      matchRow(johns, { firstName: 'John', lastName: 'Smith', companyDomain: 'www.gmail.com' }),
    ).toBeNull();
    // Nor is a company row at a free email domain a company.
    const companies = indexReference([{ companyDomain: 'gmail.com' }]);
    expect(matchRow(companies, { companyDomain: 'gmail.com' })).toBeNull();
    // Providers' country domains and subdomains are free email domains too.
    const abroad = indexReference([
      { fullName: 'Jane Doe', companyDomain: 'yahoo.co.uk' },
      { fullName: 'Hans Meier', companyDomain: 'https://www.gmx.de/' },
      { fullName: 'Ivan Petrov', companyDomain: 'yandex.com.tr' },
      { fullName: 'Li Wei', companyDomain: 'mail.qq.com' },
    ]);
    expect(matchRow(abroad, { fullName: 'Jane Doe', companyDomain: 'yahoo.co.uk' })).toBeNull();
    expect(matchRow(abroad, { fullName: 'Hans Meier', companyDomain: 'gmx.de' })).toBeNull();
    expect(matchRow(abroad, { fullName: 'Ivan Petrov', companyDomain: 'yandex.com.tr' })).toBeNull();
    expect(matchRow(abroad, { fullName: 'Li Wei', companyDomain: 'mail.qq.com' })).toBeNull();
    expect(crmKeys({ fullName: 'John Smith', companyDomain: 'gmail.com' }).unusable).toBe(
      'a free email domain (such as gmail.com) as the company domain',
    );
  });

  it('still matches a person by their own address at a free email provider', () => {
    const johns = indexReference([
      { email: 'john.smith@gmail.com', fullName: 'John Smith', companyDomain: 'gmail.com' },
    ]);
    expect(matchRow(johns, { email: 'John.Smith@Gmail.com' })).toBe('email');
    // Another John Smith with another address there is not him.
    expect(
      matchRow(johns, { email: 'jsmith1970@gmail.com', fullName: 'John Smith', companyDomain: 'gmail.com' }),
    ).toBeNull();
  });

  it('still matches a name at a real employer, including one whose name resembles a provider', () => {
    const employers = indexReference([
      { fullName: 'John Smith', companyDomain: 'acme.com' },
      { fullName: 'Mia Wong', companyDomain: 'yahoo.example.com' },
      { fullName: 'Tom Berg', companyDomain: 'livemail.io' },
    ]);
    expect(matchRow(employers, { firstName: 'john', lastName: 'SMITH', companyDomain: 'www.acme.com' })).toBe(
      'name',
    );
    expect(matchRow(employers, { fullName: 'Mia Wong', companyDomain: 'yahoo.example.com' })).toBe('name');
    expect(matchRow(employers, { fullName: 'Tom Berg', companyDomain: 'livemail.io' })).toBe('name');
  });

  it('never matches a person by a blank or placeholder name, nor takes their row for a company', () => {
    // A CRM row with no name at acme.com is acme.com the company: a person named "-" there is not it.
    const acme = indexReference([{ companyDomain: 'acme.com' }]);
    for (const placeholder of ['-', '--', 'n/a', 'NA', 'N.A.', '.', '?', 'none', 'Unknown', 'NULL', '…']) {
      expect(matchRow(acme, { fullName: placeholder, companyDomain: 'acme.com' }), placeholder).toBeNull();
      expect(
        matchRow(acme, { firstName: placeholder, lastName: placeholder, companyDomain: 'acme.com' }),
        placeholder,
      ).toBeNull();
    }
    // A blank name is no name at all (as an empty cell is): that row is the company's.
    expect(matchRow(acme, { fullName: '  ', companyDomain: 'acme.com' })).toBe('company');
    expect(crmKeys({ fullName: ' \t ', companyDomain: 'acme.com' }).namesAtDomain).toEqual([]);
    // Two people whose names are placeholders at one company are not each other.
    const unnamed = indexReference([{ fullName: 'n/a', companyDomain: 'acme.com' }]);
    expect(matchRow(unnamed, { fullName: 'N/A', companyDomain: 'acme.com' })).toBeNull();
    expect(matchRow(unnamed, { fullName: 'unknown', companyDomain: 'acme.com' })).toBeNull();
    expect(crmKeys({ fullName: '-', companyDomain: 'acme.com' }).unusable).toBe(
      'a name that is a placeholder (such as “-” or “n/a”)',
    );
    // A placeholder beside a real name part leaves the real part: "Ada" with last name "-".
    const ada = indexReference([{ firstName: 'Ada', lastName: 'Lovelace', companyDomain: 'acme.com' }]);
    expect(matchRow(ada, { fullName: 'Ada Lovelace', lastName: '-', companyDomain: 'acme.com' })).toBe(
      'name',
    );
    // A placeholder name does not stop its email or profile from matching.
    const grace = indexReference([{ email: 'grace@navy.mil' }]);
    expect(matchRow(grace, { fullName: '-', email: 'grace@navy.mil', companyDomain: 'acme.com' })).toBe(
      'email',
    );
  });
});
