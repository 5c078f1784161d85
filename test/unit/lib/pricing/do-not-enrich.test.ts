// @vitest-environment node
/**
 * The do-not-enrich matching: what a line reads as; every request naming a listed subject named by
 * the list, in any of its parameters and forms; and what an answer is about (its subject, not who it
 * mentions), so that an answer about a listed subject is never kept nor shown while the rest of a
 * search's or listing's page stays.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS } from '../../../../lib/api/ids';
import { listedIn, readList, screenAnswer } from '../../../../lib/pricing/do-not-enrich';
import { ASKED, company, fullName, listedKeySet, person, REFUSED } from '../../../support/do-not-enrich-list';

describe('reading the list', () => {
  it('reads addresses, domains and profile URLs in the forms people paste them', () => {
    const { entries, unreadable } = readList(
      [
        'Ada@Example.com',
        '@customer.com',
        'https://www.partner.org/about',
        'www.linkedin.com/in/Grace-Hopper/',
        'https://www.linkedin.com/company/acme # a customer',
        '',
        'not a thing',
        'Ada@example.com',
      ].join('\n'),
    );
    expect(entries.map((entry) => entry.key)).toEqual([
      'email:ada@example.com',
      'domain:customer.com',
      'domain:partner.org',
      'profile:person:grace-hopper',
      'profile:company:acme',
    ]);
    expect(unreadable).toEqual(['not a thing']);
  });
});

describe('a request naming a listed subject, in every endpoint and form', () => {
  it('is named by the list, whatever parameter and form carries it', () => {
    const listed = listedKeySet();
    // The plus-tagged entry is matched by its mailbox, as the background reads the stored list.
    listed.add('email:grace@example.org');
    for (const id of ENDPOINT_IDS) {
      expect(REFUSED[id].length, id).toBeGreaterThan(0);
      for (const params of REFUSED[id])
        expect(listedIn(listed, id, params), `${id} ${JSON.stringify(params)}`).not.toBeNull();
    }
    for (const [id, params] of ASKED)
      expect(listedIn(listed, id, params), `${id} ${JSON.stringify(params)}`).toBeNull();
  });
});

describe('what an answer is about', () => {
  const listed = listedKeySet();

  it('a v3 profile by its slugs and addresses; a company by its website; a logo by its domains', () => {
    expect(screenAnswer(listed, 'person.v3', { slug: { codehost: 'ada-codes' } })).toMatchObject({
      listed: 'profile:codehost:ada-codes',
    });
    expect(
      screenAnswer(listed, 'person.v3', {
        contactInformation: { emails: { work: [{ email: 'Bob@Customer.com' }] } },
      }),
    ).toMatchObject({ listed: 'domain:customer.com' });
    expect(screenAnswer(listed, 'company.profile', { website: 'https://www.acme.com/' })).toMatchObject({
      listed: 'domain:acme.com',
    });
    const logos = [
      { companyName: 'Acme', domain: { resolved: 'acme.com', original: 'acme.com', alternatives: [] } },
      { companyName: 'Beta', domain: { resolved: 'beta.io', original: 'beta.io', alternatives: [] } },
    ];
    expect(screenAnswer(listed, 'company.logo', logos)).toEqual({ listed: null, data: [logos[1]], left: 1 });
  });

  it('not by what it says of others, though it is kept without mentioning a listed person', () => {
    const mentioned = { link: 'https://www.linkedin.com/in/someone-third', name: 'Someone Third' };
    const answer = {
      public_identifier: 'someone-else',
      people_also_viewed: [{ link: person.url, name: fullName }, mentioned],
      experiences: [{ company_network_profile_url: company.url }],
    };
    expect(screenAnswer(listed, 'person.profile', answer)).toEqual({
      listed: null,
      data: { ...answer, people_also_viewed: [mentioned] },
      left: 0,
    });
    const other = { public_identifier: 'someone-else', people_also_viewed: [mentioned] };
    expect(screenAnswer(listed, 'person.profile', other)).toEqual({ listed: null, data: other, left: 0 });
  });
});
