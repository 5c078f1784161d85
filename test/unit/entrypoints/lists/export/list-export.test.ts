/**
 * What a list gives back (entrypoints/lists/export, lib/background/lists/enriched.ts): every input row in its
 * order, the service's answers beside the row that asked (a repeated row says so, at 0 credits, so
 * the Credits column adds up to the spend), provenance, cells a spreadsheet would run neutralised;
 * JSON; vCard 4.0 as RFC 6350 writes it; and the fields read from the service's real published
 * answers.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { listToCsv, listToJson, listToVcards } from '../../../../../entrypoints/lists/export/list-export';
import type { EndpointId } from '../../../../../lib/api/ids';
import { readEnriched } from '../../../../../lib/background/lists/enriched';
import type { ListInput, ListOptions, ListRequestView } from '../../../../../lib/protocol';
import { parseTable } from '../../../../../lib/table-file';
import { listRequestView } from '../../../../support/list-views';

const OPTIONS: ListOptions = { freshness: 'if-present', withProfiles: true, contacts: false };
const real = (name: string) =>
  JSON.parse(readFileSync(resolve(__dirname, '../../../../fixtures/real', name), 'utf8')) as unknown;

/** An answered request (1 credit, fetched 2026-11-24 09:30 UTC) unless told otherwise. */
function request(key: string, patch: Partial<ListRequestView>): ListRequestView {
  return listRequestView(key, {
    status: 'done',
    credits: 1,
    fetchedAt: Date.UTC(2026, 10, 24, 9, 30),
    ...patch,
  });
}

const INPUT: ListInput = {
  columns: ['Profile', 'Notes'],
  mapping: ['profile_url', 'ignore'],
  rows: [
    ['linkedin.com/in/ada', '=HYPERLINK("https://attacker.example","x")'],
    ['linkedin.com/in/bob', '@SUM(A1)'],
    ['linkedin.com/in/ada/', '+44 20 7946 0000'],
    ['', '-2'],
    ['linkedin.com/in/cyd', 'tab\tfirst'],
  ],
  targets: [{ key: 'ada' }, { key: 'bob' }, { key: 'ada' }, { reason: 'Nothing to look up' }, { key: 'cyd' }],
};

const REQUESTS = new Map<string, ListRequestView>([
  [
    'ada',
    request('ada', {
      enriched: {
        fullName: 'José Núñez, Jr.',
        headline: 'Builds engines; writes notes',
        title: 'Analyst',
        company: 'Analytical',
        profileUrl: 'https://www.linkedin.com/in/ada',
        emails: ['ada@example.com'],
        phones: ['+44 20 7946 0000'],
      },
    }),
  ],
  [
    'bob',
    request('bob', {
      status: 'failed',
      credits: 0,
      error: { name: 'ApiError', kind: 'not-found', message: 'Not found' },
    }),
  ],
  ['cyd', request('cyd', { cached: true, credits: 0, enriched: { fullName: 'Cyd Charisse' } })],
]);

async function csvOf(input = INPUT, options = OPTIONS) {
  const parsed = Papa.parse<string[]>(await listToCsv(input, REQUESTS, options), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  return {
    header: header!,
    rows,
    cell: (row: number, column: string) => rows[row]![header!.indexOf(column)],
  };
}

describe('the CSV', () => {
  it('has every input row in order, the answers beside them, and provenance', async () => {
    const { header, rows, cell } = await csvOf();
    expect(header).toEqual([
      'Profile',
      'Notes',
      'Full name',
      'Headline',
      'Current title',
      'Current company',
      'Location',
      'Profile URL',
      'Company domain',
      'Company size',
      'Asked',
      'Fetched at',
      'Freshness',
      'Credits',
      'Status',
    ]);
    expect(rows.map((row) => row[0])).toEqual(INPUT.rows.map((row) => row[0]));
    expect(cell(0, 'Full name')).toBe('José Núñez, Jr.');
    expect(cell(0, 'Fetched at')).toBe('2026-11-24T09:30:00.000Z');
    expect(cell(0, 'Freshness')).toBe('Any age');
    expect(rows.map((_, i) => cell(i, 'Status'))).toEqual([
      'Enriched',
      'Failed: Nothing was found for this request',
      'Same as row 1',
      'Not asked: Nothing to look up',
      'Enriched (cached)',
    ]);
    // A repeated row shows no answer of its own and costs nothing: the column adds up to the spend.
    expect(cell(2, 'Full name')).toBe('');
    expect(rows.map((_, i) => cell(i, 'Credits'))).toEqual(['1', '0', '0', '0', '0']);
  });

  it('neutralises every cell a spreadsheet would run as a formula, and nothing else', async () => {
    const { rows } = await csvOf();
    expect(rows.map((row) => row[1])).toEqual([
      `'=HYPERLINK("https://attacker.example","x")`,
      `'@SUM(A1)`,
      `'+44 20 7946 0000`,
      `'-2`,
      'tab\tfirst',
    ]);
    const { cell } = await csvOf({ ...INPUT, rows: [['\tx', '\rcr'], ...INPUT.rows.slice(1)] });
    expect(cell(0, 'Profile')).toBe(`'\tx`);
    expect(cell(0, 'Notes')).toBe(`'\rcr`);
  });

  it('neutralises a formula by its first character whatever follows, line breaks included', async () => {
    const notes = [
      '=HYPERLINK("https://attacker.example/?x=1",\n"Details")',
      "+1\r\n+cmd|' /C calc'!A0",
      '-2+3\ncontinued',
      '@SUM(1+1)\n',
      '\t=1+1\nmore',
      '\r=1+1\r\nmore',
    ];
    const input: ListInput = {
      columns: ['=Profile\nheader', 'Notes'],
      mapping: ['profile_url', 'ignore'],
      rows: notes.map((note) => ['', note]),
      targets: notes.map(() => ({ reason: 'Nothing to look up' })),
    };
    const { header, rows } = await csvOf(input);
    expect(header[0]).toBe(`'=Profile\nheader`);
    expect(rows.map((row) => row[1])).toEqual(notes.map((note) => `'${note}`));
  });

  it('adds emails and numbers only when they were asked for', async () => {
    expect((await csvOf()).header).not.toContain('Emails');
    const { cell } = await csvOf(INPUT, { ...OPTIONS, contacts: true });
    expect(cell(0, 'Emails')).toBe('ada@example.com');
    expect(cell(0, 'Phone numbers')).toBe(`'+44 20 7946 0000`);
  });
});

describe('JSON and vCards', () => {
  it('JSON: one object a row, the input by column name, contacts only when asked for', () => {
    const rows = listToJson(INPUT, REQUESTS, OPTIONS);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      row: 1,
      input: { Profile: 'linkedin.com/in/ada' },
      enriched: { fullName: 'José Núñez, Jr.' },
      provenance: { credits: 1, status: 'Enriched' },
    });
    expect(rows[0]!.enriched).not.toHaveProperty('emails');
    expect(listToJson(INPUT, REQUESTS, { ...OPTIONS, contacts: true })[0]!.enriched).toHaveProperty('emails');
  });

  it('JSON gives back every cell as the file had it: a leading tab or carriage return is kept', async () => {
    const table = await parseTable(
      'Profile,Notes\r\nlinkedin.com/in/ada,"\tindented"\r\nlinkedin.com/in/bob,"\rreturn"\r\n',
    );
    const input: ListInput = {
      columns: table.columns,
      mapping: ['profile_url', 'ignore'],
      rows: table.rows,
      targets: [{ key: 'ada' }, { key: 'bob' }],
    };
    expect(listToJson(input, REQUESTS, OPTIONS).map((row) => row.input.Notes)).toEqual([
      '\tindented',
      '\rreturn',
    ]);
  });

  it('vCard 4.0: one card a person found, escaped and folded as RFC 6350 says', () => {
    const cards = listToVcards(INPUT, REQUESTS, { ...OPTIONS, contacts: true });
    expect(cards.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(cards).toContain('VERSION:4.0\r\n');
    expect(cards).toContain('FN:José Núñez\\, Jr.\r\n');
    expect(cards).toContain('N:Núñez\\, Jr.;José;;;\r\n');
    expect(cards).toContain('NOTE:Builds engines\\; writes notes\r\n');
    expect(cards).toContain('EMAIL:ada@example.com\r\n');
    expect(cards).toContain('TEL;VALUE=uri:tel:+442079460000\r\n');
    expect(cards.endsWith('END:VCARD\r\n')).toBe(true);
    const long = listToVcards(
      { ...INPUT, rows: [INPUT.rows[0]!], targets: [{ key: 'long' }] },
      new Map([
        ['long', request('long', { enriched: { fullName: 'Ada Lovelace', headline: 'é'.repeat(80) } })],
      ]),
      OPTIONS,
    );
    for (const line of long.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(long.replace(/\r\n /g, '')).toContain(`NOTE:${'é'.repeat(80)}`);
  });
});

describe('vCard values the service chose', () => {
  /** The cards of one person found with these fields, contacts asked for. */
  function cardOf(enriched: ListRequestView['enriched']): string {
    return listToVcards(
      { ...INPUT, rows: [INPUT.rows[0]!], targets: [{ key: 'one' }] },
      new Map([['one', request('one', { enriched: { fullName: 'Ada Lovelace', ...enriched } })]]),
      { ...OPTIONS, contacts: true },
    ).replace(/\r\n /g, '');
  }

  it.each([
    ['javascript:alert(document.domain)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
    ['JaVaScRiPt:alert(1)'],
    ['not a url'],
  ])('writes no URL for %j', (profileUrl) => {
    const card = cardOf({ profileUrl });
    expect(card).toContain('FN:Ada Lovelace');
    expect(card).not.toMatch(/^URL/m);
  });

  it('writes an http(s) profile address', () => {
    expect(cardOf({ profileUrl: 'https://www.linkedin.com/in/ada' })).toContain(
      'URL:https://www.linkedin.com/in/ada\r\n',
    );
  });

  it.each([
    ['+1 555 010 0100;ext=2', 'tel:+15550100100;ext=2'],
    ['+1 (555) 010-0100 x2', 'tel:+15550100100;ext=2'],
    ['+1 555 010 0100 ext. 204', 'tel:+15550100100;ext=204'],
    ['+1 555 010 0100 extension 7', 'tel:+15550100100;ext=7'],
    ['+44 20 7946 0000 #12', 'tel:+442079460000;ext=12'],
    ['+44 20 7946 0000', 'tel:+442079460000'],
  ])('keeps the extension of %j as an extension', (phone, uri) => {
    expect(cardOf({ phones: [phone] })).toContain(`TEL;VALUE=uri:${uri}\r\n`);
  });

  it('writes no TEL for a number without digits', () => {
    expect(cardOf({ phones: ['unlisted'] })).not.toMatch(/^TEL/m);
  });
});

describe("the fields read from the service's real answers", () => {
  const read = (endpointId: EndpointId, file: string) => readEnriched(endpointId, real(file));

  it('a person profile: name, headline, current title and company, location, address', () => {
    const { fields, noMatch } = read('person.profile', 'person-profile.json');
    expect(noMatch).toBe(false);
    expect(fields).toMatchObject({
      fullName: expect.any(String),
      headline: expect.any(String),
      title: expect.any(String),
      company: expect.any(String),
      location: expect.any(String),
      profileUrl: expect.stringMatching(/^https:\/\/www\.linkedin\.com\/in\//),
    });
  });

  it('lookups: the profile inside, the address the answer gives; nothing matched says so', () => {
    for (const [endpointId, file] of [
      ['person.lookup', 'person-lookup.json'],
      ['email.lookup', 'reverse-email-lookup.json'],
    ] as const) {
      const answer = real(file) as { url: string; profile: { full_name: string } };
      expect(readEnriched(endpointId, answer).fields).toMatchObject({
        fullName: answer.profile.full_name,
        profileUrl: answer.url,
      });
    }
    const company = real('company-lookup.json') as { url: string; profile: { name: string } };
    expect(readEnriched('company.lookup', company).fields).toMatchObject({
      company: company.profile.name,
      profileUrl: company.url,
      companyDomain: expect.any(String),
      companySize: expect.stringMatching(/^\d/),
    });
    expect(readEnriched('email.lookup', { url: null, profile: null, last_updated: null })).toEqual({
      fields: null,
      noMatch: true,
    });
  });

  it('a company profile: name, domain of its website, size; a job: its title and company', () => {
    expect(read('company.profile', 'company-profile.json').fields).toMatchObject({
      company: 'Google',
      companyDomain: 'goo.gle',
      companySize: '10001+',
    });
    expect(read('job.profile', 'job-profile.json').fields).toMatchObject({
      title: expect.any(String),
      company: expect.any(String),
    });
  });

  it('a field of another type is left out, not shown', () => {
    expect(readEnriched('person.profile', { full_name: 42, headline: 'Analyst' }).fields).toEqual({
      headline: 'Analyst',
    });
  });
});
