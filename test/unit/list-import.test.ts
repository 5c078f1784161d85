/**
 * Reading a list as people bring it (entrypoints/lists/import): the encodings spreadsheets save in,
 * any delimiter, quoted cells; what each column holds, from its header and its cells; the one
 * request that enriches each row, in order of precedence, or why there is none; duplicates asked
 * once; and 10,000 rows planned quickly.
 */
import { describe, expect, it } from 'vitest';
import { guessRoles } from '../../entrypoints/lists/import/columns';
import { decodeBytes, parseTable } from '../../entrypoints/lists/import/read-file';
import { planRequests, rowRequest } from '../../entrypoints/lists/import/row-requests';
import type { ListColumnRole, ListOptions } from '../../lib/protocol';

const OPTIONS: ListOptions = { freshness: 'if-present', withProfiles: true, contacts: false };

function utf16le(text: string, bom = true): Uint8Array {
  const bytes = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  if (bom) bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[(bom ? 2 : 0) + i * 2] = code & 0xff;
    bytes[(bom ? 2 : 0) + i * 2 + 1] = code >> 8;
  }
  return bytes;
}

describe('reading a file', () => {
  it('reads UTF-8 with and without a byte order mark, accents kept', () => {
    const text = 'Name,Email\nJosé Núñez,jose@example.com';
    const utf8 = new TextEncoder().encode(text);
    expect(decodeBytes(utf8)).toBe(text);
    expect(decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
  });

  it("reads Excel's Unicode text (UTF-16 with its mark) and UTF-16 without one", () => {
    const text = 'Name\tEmail\r\nJosé Núñez\tjose@example.com';
    expect(decodeBytes(utf16le(text))).toBe(text);
    expect(decodeBytes(utf16le(text, false))).toBe(text);
  });

  it('reads an older Windows export (Windows-1252) rather than showing replacement marks', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('Name\nJos'), 0xe9]);
    expect(decodeBytes(bytes)).toBe('Name\nJosé');
  });

  it('finds the delimiter: semicolons with quoted cells holding semicolons and line breaks', async () => {
    const table = await parseTable(
      'Name;Notes;Email\r\n"Núñez; José";"met at\r\nthe booth";jose@example.com\r\n',
    );
    expect(table.delimiter).toBe(';');
    expect(table.columns).toEqual(['Name', 'Notes', 'Email']);
    expect(table.rows).toEqual([['Núñez; José', 'met at\r\nthe booth', 'jose@example.com']]);
  });

  it('tabs too; blank and repeated headers are named, short rows padded, long rows keep every cell', async () => {
    const table = await parseTable(
      'Email\t\tEmail\na@example.com\tx\tb@example.com\textra\n\nc@example.com\n',
    );
    expect(table.delimiter).toBe('\t');
    expect(table.columns).toEqual(['Email', 'Column 2', 'Email (2)', 'Column 4']);
    expect(table.rows).toEqual([
      ['a@example.com', 'x', 'b@example.com', 'extra'],
      ['c@example.com', '', '', ''],
    ]);
  });

  it('says what is wrong with a file that has no rows', async () => {
    await expect(parseTable('')).rejects.toThrow('This list is empty');
    await expect(parseTable('Name,Email\n')).rejects.toThrow('This file has no rows under its header.');
  });
});

describe('what each column holds', () => {
  it('from the usual headers of CRM and event exports', () => {
    expect(
      guessRoles(
        ['First Name', 'Last name', 'Company Name', 'Work email', 'LinkedIn URL', 'Website', 'Notes'],
        [
          [
            'Ada',
            'Lovelace',
            'Analytical',
            'ada@analytical.io',
            'https://www.linkedin.com/in/ada',
            'analytical.io',
            'hi',
          ],
        ],
      ),
    ).toEqual([
      'first_name',
      'last_name',
      'company_name',
      'email',
      'profile_url',
      'company_domain',
      'ignore',
    ]);
  });

  it('the cells win over a misleading header, and several columns may hold profile addresses', () => {
    expect(
      guessRoles(
        ['Contact', 'Twitter', 'Facebook', 'Account'],
        [
          [
            'ada@example.com',
            'https://x.com/ada',
            'https://www.facebook.com/ada.l',
            'https://www.linkedin.com/company/acme',
          ],
          [
            'bob@example.com',
            '@bob',
            'https://www.facebook.com/bob.b',
            'https://www.linkedin.com/company/initech',
          ],
        ],
      ),
    ).toEqual(['email', 'profile_url', 'profile_url', 'company_url']);
  });

  it('a header promising addresses over cells that are not is not read as one', () => {
    expect(guessRoles(['Email', 'Website'], [['ask at desk', 'soon']])).toEqual(['ignore', 'ignore']);
  });
});

describe('the request that enriches a row', () => {
  const roles: ListColumnRole[] = ['full_name', 'company_name', 'email', 'profile_url', 'company_domain'];
  const row = (cells: Partial<Record<'name' | 'company' | 'email' | 'profile' | 'website', string>>) => [
    cells.name ?? '',
    cells.company ?? '',
    cells.email ?? '',
    cells.profile ?? '',
    cells.website ?? '',
  ];

  it("a person's profile address first, asked at the chosen freshness", () => {
    expect(
      rowRequest(row({ name: 'Ada', email: 'ada@x.com', profile: 'linkedin.com/in/Ada-Lovelace/' }), roles, {
        ...OPTIONS,
        freshness: 'if-recent',
      }),
    ).toMatchObject({
      endpointId: 'person.profile',
      params: {
        profile_url: 'https://www.linkedin.com/in/ada-lovelace',
        use_cache: 'if-recent',
        live_fetch: 'default',
      },
    });
    expect(rowRequest(row({ profile: 'https://twitter.com/ada' }), roles, OPTIONS)).toMatchObject({
      endpointId: 'person.profile',
      params: { microblog_profile_url: 'https://x.com/ada' },
    });
  });

  it('personal emails and numbers only when asked for', () => {
    const asked = rowRequest(row({ profile: 'https://www.linkedin.com/in/ada' }), roles, {
      ...OPTIONS,
      contacts: true,
    });
    expect(asked).toMatchObject({
      params: { personal_email: 'include', personal_contact_number: 'include' },
    });
    expect(rowRequest(row({ profile: 'https://www.linkedin.com/in/ada' }), roles, OPTIONS)).not.toMatchObject(
      {
        params: { personal_email: 'include' },
      },
    );
  });

  it('then an email, then a name with a company (a website read as its domain), then a company', () => {
    expect(rowRequest(row({ name: 'Ada Lovelace', email: 'Ada@X.com' }), roles, OPTIONS)).toMatchObject({
      endpointId: 'email.lookup',
      params: { email: 'ada@x.com', lookup_depth: 'deep', enrich_profile: 'enrich' },
    });
    expect(
      rowRequest(
        row({ name: 'Luz Carrasco Peña', company: 'Acme', website: 'https://www.acme.com/about' }),
        roles,
        {
          ...OPTIONS,
          withProfiles: false,
        },
      ),
    ).toMatchObject({
      endpointId: 'person.lookup',
      params: {
        first_name: 'Luz',
        last_name: 'Carrasco Peña',
        company_domain: 'acme.com',
        enrich_profile: 'skip',
      },
    });
    expect(
      rowRequest(row({ profile: 'https://www.linkedin.com/company/acme' }), roles, OPTIONS),
    ).toMatchObject({
      endpointId: 'company.profile',
      params: { url: 'https://www.linkedin.com/company/acme' },
    });
    expect(rowRequest(row({ website: 'WWW.Acme.com' }), roles, OPTIONS)).toMatchObject({
      endpointId: 'company.lookup',
      params: { company_domain: 'acme.com', enrich_profile: 'enrich' },
    });
    expect(rowRequest(row({ company: 'Acme, Inc.' }), roles, OPTIONS)).toMatchObject({
      endpointId: 'company.lookup',
      params: { company_name: 'Acme, Inc.' },
    });
  });

  it('a row with nothing to ask says why, in words', () => {
    const reason = (cells: Parameters<typeof row>[0]) =>
      (rowRequest(row(cells), roles, OPTIONS) as { reason: string }).reason;
    expect(reason({})).toBe('Nothing to look up: no profile address, email, name with company, or company');
    expect(reason({ name: 'Ada Lovelace' })).toBe('A name alone: a person is looked up by name and company');
    expect(reason({ email: 'ada@' })).toBe('“ada@” is not an email address');
    expect(reason({ profile: 'https://example.com/ada' })).toBe(
      '“https://example.com/ada” is not a profile address we recognise',
    );
    expect(reason({ profile: 'https://www.linkedin.com/in/ACoAAB1234567890abcdefgh' })).toBe(
      'A hashed profile address: the service does not accept it',
    );
  });
});

describe('the plan of a whole list', () => {
  it('asks each distinct question once, in the order first met, and keeps every row', () => {
    const rows = [
      ['https://www.linkedin.com/in/ada'],
      ['https://linkedin.com/in/ADA/'],
      ['nothing'],
      ['https://www.linkedin.com/in/bob'],
    ];
    const plan = planRequests(rows, ['profile_url'], OPTIONS);
    expect(plan.requests.map((request) => request.params.profile_url)).toEqual([
      'https://www.linkedin.com/in/ada',
      'https://www.linkedin.com/in/bob',
    ]);
    expect(plan.targets).toEqual([0, 0, { reason: '“nothing” is not a profile address we recognise' }, 1]);
  });

  it('plans 10,000 rows in well under a second', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      i % 2 === 0 ? [`https://www.linkedin.com/in/person-${i % 7000}`, ''] : ['', `person${i}@example.com`],
    );
    const began = performance.now();
    const plan = planRequests(rows, ['profile_url', 'email'], OPTIONS);
    expect(performance.now() - began).toBeLessThan(1_000);
    expect(plan.targets).toHaveLength(10_000);
    expect(plan.requests.length).toBeLessThan(10_000);
  });
});
