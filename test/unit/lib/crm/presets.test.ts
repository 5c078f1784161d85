// @vitest-environment node
/**
 * The CRM presets (lib/crm/presets.ts): each file is read back with papaparse (the project's CSV
 * library), its header line is the CRM's documented labels exactly, and each row says what the
 * sandbox answered about that person or company. Emails and numbers only when they were asked for;
 * Salesforce leaves out (and counts) a person without a company.
 */
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { readEnriched } from '../../../../lib/background/lists/enriched';
import {
  CRM_PRESETS,
  type CrmPresetId,
  type CrmRecord,
  crmFile,
  crmPreset,
  presetsFor,
} from '../../../../lib/crm/presets';
import { answerCrmRecord, watchCrmRecords } from '../../../../lib/crm/records';
import { parseKeys } from '../../../../sandbox/keys';
import { unitSandbox } from '../../../support/sandbox-service';

/** The header lines as each CRM's documentation writes them (the sources are cited in presets.ts). */
const DOCUMENTED: Record<CrmPresetId, string[]> = {
  'hubspot-contacts': [
    'First name',
    'Last name',
    'Email',
    'Phone number',
    'Job title',
    'Company name',
    'Website URL',
    'City',
    'State/Region',
    'Country/Region',
    'LinkedIn URL',
  ],
  'hubspot-companies': [
    'Company name',
    'Company domain name',
    'Industry',
    'Number of employees',
    'City',
    'Country/Region',
    'LinkedIn Company Page',
  ],
  'salesforce-leads': [
    'First Name',
    'Last Name',
    'Company',
    'Title',
    'Email',
    'Phone',
    'City',
    'Country',
    'Website',
    'Lead Source',
    'Profile URL',
  ],
  'pipedrive-people': [
    'Person - Name',
    'Person - Email',
    'Person - Phone',
    'Organization - Name',
    'Person - Job title',
    'Profile URL',
  ],
};
const PROVENANCE = ['Asked', 'Fetched at', 'Credits'];

type Data = Record<string, unknown>;
const sandbox = unitSandbox({ keys: parseKeys('k=100000:growth') });

async function ask(path: string, params: Record<string, string>): Promise<Data> {
  const response = await sandbox.app.request(`${path}?${new URLSearchParams(params)}`, {
    headers: { Authorization: 'Bearer k' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Data;
}

/** Reads a file back as papaparse does: its header line and its rows by header. */
function readBack(csv: string) {
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  return {
    header: header!,
    rows: rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? '']))),
  };
}

const FETCHED_AT = Date.UTC(2026, 10, 27, 9, 30);
let people: Array<{ answer: Data; url: string }>;
let companies: Array<{ answer: Data; url: string }>;

beforeAll(async () => {
  const found = await ask('/api/v2/search/person', { country: 'US', page_size: '5' });
  const urls = (found.results as Array<{ network_profile_url: string }>).map(
    (row) => row.network_profile_url,
  );
  expect(urls.length).toBeGreaterThanOrEqual(3);
  people = await Promise.all(
    urls.slice(0, 4).map(async (url) => ({
      url,
      answer: await ask('/api/v2/profile', {
        profile_url: url,
        personal_email: 'include',
        personal_contact_number: 'include',
      }),
    })),
  );
  const foundCompanies = await ask('/api/v2/search/company', { country: 'US', page_size: '3' });
  companies = await Promise.all(
    (foundCompanies.results as Array<{ network_profile_url: string }>).map(async (row) => ({
      url: row.network_profile_url,
      answer: await ask('/api/v2/company', { url: row.network_profile_url }),
    })),
  );
});

/** The people as a list holds them (the background's reading of each answer), contacts asked or not. */
function peopleRecords(contacts: boolean): CrmRecord[] {
  return people.map(({ answer, url }) => ({
    kind: 'person',
    fields: readEnriched('person.profile', answer).fields!,
    contacts,
    asked: `Person profile · ${url}`,
    fetchedAt: FETCHED_AT,
    credits: 1,
  }));
}

function companyRecords(): CrmRecord[] {
  return companies.map(({ answer, url }) => ({
    kind: 'company',
    fields: readEnriched('company.lookup', { url, profile: answer }).fields!,
    contacts: false,
    asked: `Company profile · ${url}`,
    fetchedAt: FETCHED_AT,
    credits: 1,
  }));
}

const all = () => [...peopleRecords(true), ...companyRecords()];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What the sandbox answered about a person: the current experience, as the service orders them. */
function current(answer: Data) {
  const experiences = (answer.experiences as Data[] | undefined) ?? [];
  return experiences.find((experience) => experience.ends_at == null) ?? experiences[0] ?? {};
}

describe('each preset: the documented header line, then one row per person or company found', () => {
  it.each(CRM_PRESETS.map((preset) => [preset.id]))('%s: the header line, exactly', async (id) => {
    const file = await crmFile(crmPreset(id), all());
    expect(readBack(file.csv).header).toEqual([...DOCUMENTED[id], ...PROVENANCE]);
    expect(file.csv.split('\r\n')[0]).toBe([...DOCUMENTED[id], ...PROVENANCE].join(','));
  });

  it('HubSpot contacts: each row is the sandbox answer, first and last name as it gives them', async () => {
    const { rows } = readBack((await crmFile(crmPreset('hubspot-contacts'), all())).csv);
    expect(rows).toHaveLength(people.length);
    rows.forEach((row, index) => {
      const { answer, url } = people[index]!;
      expect(row).toMatchObject({
        'First name': answer.first_name,
        'Last name': answer.last_name,
        Email: text((answer.personal_emails as string[] | undefined)?.[0]),
        'Phone number': text((answer.personal_numbers as string[] | undefined)?.[0]),
        'Job title': text(current(answer).title),
        'Company name': text(current(answer).company),
        City: text(answer.city),
        'State/Region': text(answer.state),
        'Country/Region': text(answer.country_full_name ?? answer.country),
        'LinkedIn URL': expect.stringContaining(String(answer.public_identifier)),
        Asked: `Person profile · ${url}`,
        'Fetched at': '2026-11-27T09:30:00.000Z',
        Credits: '1',
      });
    });
    // The sandbox gives emails for some: the file is not all empty cells.
    expect(rows.some((row) => row.Email !== '')).toBe(true);
  });

  it('emails and numbers only when they were asked for', async () => {
    for (const id of ['hubspot-contacts', 'salesforce-leads', 'pipedrive-people'] as const) {
      const { rows } = readBack((await crmFile(crmPreset(id), peopleRecords(false))).csv);
      for (const row of rows) {
        for (const [header, cell] of Object.entries(row))
          if (/Email|Phone/.test(header)) expect(cell, `${id} ${header}`).toBe('');
      }
    }
  });

  it('HubSpot companies: one row per company, its domain, industry and one employee count', async () => {
    const { rows } = readBack((await crmFile(crmPreset('hubspot-companies'), all())).csv);
    expect(rows).toHaveLength(companies.length);
    rows.forEach((row, index) => {
      const { answer, url } = companies[index]!;
      const hq = (answer.hq ?? {}) as Data;
      expect(row).toMatchObject({
        'Company name': answer.name,
        'Company domain name': expect.stringMatching(/^[a-z0-9.-]+\.[a-z]+$/),
        Industry: text(answer.industry),
        City: text(hq.city),
        'Country/Region': text(hq.country),
        'LinkedIn Company Page': url,
      });
      expect(String(answer.website)).toContain(row['Company domain name']);
      expect(row['Number of employees']).toMatch(/^\d+$/);
    });
  });

  it('Salesforce leads: every row has a company; a person without one is left out and counted', async () => {
    const records = peopleRecords(true);
    const withoutCompany: CrmRecord = {
      ...records[0]!,
      fields: { ...records[0]!.fields, company: undefined },
    };
    const file = await crmFile(crmPreset('salesforce-leads'), [withoutCompany, ...records.slice(1)]);
    const { rows } = readBack(file.csv);
    expect(rows).toHaveLength(records.length - 1);
    expect(file).toMatchObject({ written: records.length - 1, leftOut: 1 });
    expect(file.note).toBe(
      `${records.length - 1} people in the file · 1 person left out: Salesforce requires a company and none was found`,
    );
    rows.forEach((row, index) => {
      const { answer } = people[index + 1]!;
      expect(row).toMatchObject({
        'First Name': answer.first_name,
        'Last Name': answer.last_name,
        Company: text(current(answer).company),
        Title: text(current(answer).title),
        'Lead Source': 'Other',
      });
      expect(row.Company).not.toBe('');
    });
  });

  it('Pipedrive people: the full name in one column, the organisation and job title', async () => {
    const { rows } = readBack((await crmFile(crmPreset('pipedrive-people'), all())).csv);
    rows.forEach((row, index) => {
      const { answer } = people[index]!;
      expect(row).toMatchObject({
        'Person - Name': answer.full_name,
        'Person - Email': text((answer.personal_emails as string[] | undefined)?.[0]),
        'Organization - Name': text(current(answer).company),
        'Person - Job title': text(current(answer).title),
      });
    });
  });

  it('cells a spreadsheet would run are neutralised; a plain phone number is written as it is', async () => {
    const record = peopleRecords(true)[0]!;
    const file = await crmFile(crmPreset('hubspot-contacts'), [
      {
        ...record,
        fields: {
          ...record.fields,
          title: '=HYPERLINK("https://attacker.example")',
          company: '+cmd|"/c calc"!A0',
          phones: ['+44 20 7946 0000'],
        },
      },
      { ...record, fields: { ...record.fields, phones: ['+1 555 0100+SUM(A1)'] } },
    ]);
    const [first, second] = readBack(file.csv).rows;
    expect(first).toMatchObject({
      'Job title': '\'=HYPERLINK("https://attacker.example")',
      'Company name': '\'+cmd|"/c calc"!A0',
      'Phone number': '+44 20 7946 0000',
    });
    expect(second!['Phone number']).toBe("'+1 555 0100+SUM(A1)");
  });

  it('a name without parts is split at its first word', async () => {
    const record = peopleRecords(false)[0]!;
    const { firstName: _f, lastName: _l, ...fields } = { ...record.fields, fullName: 'José Núñez, Jr.' };
    const { rows } = readBack((await crmFile(crmPreset('salesforce-leads'), [{ ...record, fields }])).csv);
    expect(rows[0]).toMatchObject({ 'First Name': 'José', 'Last Name': 'Núñez, Jr.' });
  });
});

describe('the sources', () => {
  it('offers the presets that have rows: people, companies or both', () => {
    expect(presetsFor(peopleRecords(false)).map((preset) => preset.id)).toEqual([
      'hubspot-contacts',
      'salesforce-leads',
      'pipedrive-people',
    ]);
    expect(presetsFor(companyRecords()).map((preset) => preset.id)).toEqual(['hubspot-companies']);
  });

  it('an answer a page holds reads as the list reads it', () => {
    const { answer, url } = people[0]!;
    const record = answerCrmRecord({
      kind: 'person',
      data: answer,
      contacts: true,
      asked: 'Person profile',
      fetchedAt: FETCHED_AT,
      credits: 1,
    });
    expect(record).toEqual({ ...peopleRecords(true)[0]!, asked: 'Person profile' });
    expect(record!.fields.profileUrl).toBe(url);
  });

  it("a watch list's members with an answer, without emails or numbers, with what each cost", async () => {
    const [record] = peopleRecords(true);
    const records = watchCrmRecords([
      {
        key: 'a',
        kind: 'person',
        url: people[0]!.url,
        name: 'A',
        checkedAt: FETCHED_AT,
        enriched: record!.fields,
        credits: 2,
        error: null,
      },
      {
        key: 'b',
        kind: 'person',
        url: people[1]!.url,
        name: 'B',
        checkedAt: null,
        enriched: null,
        credits: null,
        error: null,
      },
    ]);
    expect(records).toHaveLength(1);
    const { rows } = readBack((await crmFile(crmPreset('hubspot-contacts'), records)).csv);
    expect(rows[0]).toMatchObject({ 'First name': people[0]!.answer.first_name, Email: '', Credits: '2' });
  });
});
