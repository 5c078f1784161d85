/**
 * A CRM export recognised by its headers, its columns read by each CRM's own labels, any other CSV
 * read as a list is; and a list's rows the reference holds left out of its plan, so the quote and
 * the start carry only the others.
 */
import { describe, expect, it } from 'vitest';
import { leaveOutInCrm } from '../../../../../entrypoints/lists/crm/in-crm';
import { dryRun, dryRunWords } from '../../../../../entrypoints/lists/draft/dry-run';
import { planRequests } from '../../../../../entrypoints/lists/import/row-requests';
import { identityOf, recognise } from '../../../../../lib/crm/shapes';
import type { ListQuote } from '../../../../../lib/protocol';

const row = (columns: string[], cells: string[]) => {
  const { shape, roles } = recognise(columns, [cells]);
  return { shape, identity: identityOf(cells, roles) };
};

describe('a CRM export, by its headers', () => {
  it('reads a HubSpot contacts export', () => {
    expect(
      row(
        [
          'Record ID',
          'First Name',
          'Last Name',
          'Email',
          'Phone Number',
          'Company Name',
          'Website URL',
          'Lifecycle Stage',
        ],
        ['101', 'Ada', 'Lovelace', 'ada@acme.com', '+44 20', 'Acme', 'www.acme.com', 'lead'],
      ),
    ).toEqual({
      shape: 'hubspot-contacts',
      identity: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@acme.com',
        companyName: 'Acme',
        companyDomain: 'www.acme.com',
      },
    });
  });

  it('reads a HubSpot companies export', () => {
    expect(
      row(
        ['Record ID', 'Company name', 'Company Domain Name', 'LinkedIn Company Page', 'Industry'],
        ['7', 'Acme', 'acme.com', 'https://www.linkedin.com/company/acme', 'Software'],
      ),
    ).toEqual({
      shape: 'hubspot-companies',
      identity: {
        companyName: 'Acme',
        companyDomain: 'acme.com',
        profileUrl: 'https://www.linkedin.com/company/acme',
      },
    });
  });

  it('reads a Salesforce leads report', () => {
    expect(
      row(
        ['Lead ID', 'First Name', 'Last Name', 'Title', 'Company', 'Email', 'Website', 'Lead Source'],
        ['00Q1', 'Grace', 'Hopper', 'Admiral', 'Navy', 'grace@navy.mil', 'navy.mil', 'Web'],
      ),
    ).toEqual({
      shape: 'salesforce',
      identity: {
        firstName: 'Grace',
        lastName: 'Hopper',
        companyName: 'Navy',
        email: 'grace@navy.mil',
        companyDomain: 'navy.mil',
      },
    });
  });

  it('reads a Pipedrive people export', () => {
    expect(
      row(
        [
          'Person - Name',
          'Person - Email - Work',
          'Person - Phone - Work',
          'Person - Organization',
          'Person - Job title',
        ],
        ['José Núñez', 'jose@acme.com', '+34 9', 'Acme', 'CTO'],
      ),
    ).toEqual({
      shape: 'pipedrive-people',
      identity: { fullName: 'José Núñez', email: 'jose@acme.com', companyName: 'Acme' },
    });
  });

  it('reads any other CSV as the lists page reads a list', () => {
    expect(
      row(
        ['Name', 'LinkedIn', 'Work email', 'Domain'],
        ['Ada', 'linkedin.com/in/ada', 'ada@acme.com', 'acme.com'],
      ),
    ).toEqual({
      shape: 'mapped',
      identity: {
        fullName: 'Ada',
        profileUrl: 'linkedin.com/in/ada',
        email: 'ada@acme.com',
        companyDomain: 'acme.com',
      },
    });
  });
});

describe('a list’s rows in the CRM reference', () => {
  const rows = [
    ['https://www.linkedin.com/in/a'],
    ['https://www.linkedin.com/in/b'],
    ['https://www.linkedin.com/in/a'],
    ['https://www.linkedin.com/in/c'],
  ];
  const plan = planRequests(rows, ['profile_url'], {
    freshness: 'if-present',
    withProfiles: true,
    contacts: false,
  });
  const quoteOf = (requests: unknown[]): ListQuote => ({
    rows: requests.map((_, index) => ({
      ok: true,
      key: `k${index}`,
      quote: { min: 1, max: 1, lines: [] },
      cachedAt: null,
    })),
    total: { min: requests.length, max: requests.length, lines: [] },
    remainingToday: null,
    ratePerMinute: 300,
  });

  it('are left out of the requests and marked, the others asked as before', () => {
    const matches = [null, 'profile', null, null] as const;
    const left = leaveOutInCrm(plan, matches);
    expect(left.requests.map((request) => request.params.profile_url)).toEqual([
      'https://www.linkedin.com/in/a',
      'https://www.linkedin.com/in/c',
    ]);
    expect(left.targets).toEqual([0, { reason: 'In your CRM' }, 0, 1]);
    const run = dryRun(left, quoteOf(left.requests), matches);
    expect(run.inCrm).toBe(1);
    expect(run.enrichRows).toBe(3);
    expect(run.rows.map(dryRunWords)).toEqual([
      '1 credit',
      'In your CRM · left out',
      'Same as row 1 · 0 credits',
      '1 credit',
    ]);
  });

  it('are asked, still marked, when the person includes them', () => {
    const matches = [null, 'email', null, null] as const;
    const run = dryRun(plan, quoteOf(plan.requests), matches);
    expect(run.inCrm).toBe(0);
    expect(run.enrichRows).toBe(4);
    expect(dryRunWords(run.rows[1]!)).toBe('In your CRM · 1 credit');
  });

  it('leave the plan as it is when nothing matched', () => {
    expect(leaveOutInCrm(plan, [null, null, null, null])).toBe(plan);
  });
});
