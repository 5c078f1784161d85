/**
 * Matching rows against the CRM reference: profile URL first, then email, then full name with
 * company domain; a name alone never matches; case, accents, spaces and `www.` do not matter.
 */
import { describe, expect, it } from 'vitest';
import { compactName, crmKeys, indexReference, matchRow } from '../../../../../lib/background/crm/match';

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
});
