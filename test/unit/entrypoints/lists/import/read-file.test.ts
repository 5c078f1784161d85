/**
 * Reading a list as people bring it (entrypoints/lists/import): the encodings spreadsheets save in,
 * any delimiter, quoted cells; what each column holds, from its header and its cells; the one
 * request that enriches each row, in order of precedence, or why there is none; duplicates asked
 * once; and 10,000 rows planned quickly.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRequests, rowRequest } from '../../../../../entrypoints/lists/import/row-requests';
import { guessRoles } from '../../../../../lib/list-columns';
import { LIST_LIMITS } from '../../../../../lib/list-limits';
import type { ListColumnRole, ListOptions } from '../../../../../lib/protocol';
import { decodeBytes, detectEncoding, parseTable, readListBytes } from '../../../../../lib/table-file';

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

/** Text as Windows-1252 saves it: one byte a character (the Latin letters these tests use). */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (code > 0xff) throw new Error(`${char} is not in this test's Windows-1252`);
    return code;
  });
}

describe('reading a file', () => {
  it('reads UTF-8 with and without a byte order mark, accents kept', () => {
    const text = 'Name,Email\nJosé Núñez,jose@example.com';
    const utf8 = new TextEncoder().encode(text);
    expect(decodeBytes(utf8)).toEqual({ text, encoding: 'utf-8', invalid: null });
    expect(decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])).text).toBe(text);
  });

  it("reads Excel's Unicode text (UTF-16 with its mark) and UTF-16 without one", () => {
    const text = 'Name\tEmail\r\nJosé Núñez\tjose@example.com';
    expect(decodeBytes(utf16le(text))).toMatchObject({ text, encoding: 'utf-16le' });
    expect(decodeBytes(utf16le(text, false))).toMatchObject({ text, encoding: 'utf-16le' });
  });

  it('a file mixing UTF-8 with a byte UTF-8 does not allow stops: the byte is named with its row, column and line', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('First name,Last name,Company\nZoë,Müller,Bäckerei\n"Luz\nMarta",Pe'),
      0xf1,
      ...new TextEncoder().encode('a,Acme\n'),
    ]);
    const decoded = decodeBytes(bytes);
    expect(decoded.encoding).toBe('utf-8');
    await expect(parseTable(decoded)).rejects.toThrow(
      'Row 3, column 2 (line 4) holds the byte 0xF1, which is not UTF-8. Nothing was read: choose the encoding the file was saved in (older Excel on Windows saves Windows-1252).',
    );
    // The person's choice reads it: no replacement marks, no guessed names.
    const chosen = await parseTable(decodeBytes(bytes, 'windows-1252'));
    expect(chosen.rows[1]).toEqual(['Luz\nMarta', 'Peña', 'Acme']);
  });

  it("Excel's semicolon export on Windows (Windows-1252) is read as it is, without a question", async () => {
    const bytes = windows1252(
      'Prénom;Nom;Société\r\nHélène;Dupré;Crédit Agricole\r\nZoë;Müller;Bäckerei Groß\r\n',
    );
    expect(detectEncoding(bytes)).toBe('windows-1252');
    const decoded = decodeBytes(bytes);
    expect(decoded).toMatchObject({ encoding: 'windows-1252', invalid: null });
    const table = await parseTable(decoded);
    expect(table.delimiter).toBe(';');
    expect(table.columns).toEqual(['Prénom', 'Nom', 'Société']);
    expect(table.rows).toEqual([
      ['Hélène', 'Dupré', 'Crédit Agricole'],
      ['Zoë', 'Müller', 'Bäckerei Groß'],
    ]);
  });

  it('plain ASCII and valid UTF-8 are read as UTF-8; a byte Windows-1252 leaves undefined asks', () => {
    expect(detectEncoding(new TextEncoder().encode('Name,Email\nAda,ada@example.com'))).toBe('utf-8');
    const utf8 = 'Prénom;Nom\r\nHélène;Dupré';
    expect(decodeBytes(new TextEncoder().encode(utf8))).toEqual({
      text: utf8,
      encoding: 'utf-8',
      invalid: null,
    });
    expect(detectEncoding(new Uint8Array([...windows1252('Nom\nH'), 0xe9, 0x81]))).toBe('utf-8');
    // A UTF-8 mark says UTF-8, whatever follows it.
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, ...windows1252('Nom\nH'), 0xe9]))).toBe('utf-8');
  });

  it("Excel's semicolon export in Windows-1252, accented names and all, mapped and planned", async () => {
    const bytes = windows1252(
      'Prénom;Nom;Société;Courriel\r\nJosé;Núñez;Crème & Brûlée SARL;jose@example.fr\r\nZoë;Müller;Bäckerei Groß;\r\n',
    );
    const table = await parseTable(decodeBytes(bytes));
    expect(table.delimiter).toBe(';');
    expect(table.columns).toEqual(['Prénom', 'Nom', 'Société', 'Courriel']);
    expect(table.rows).toEqual([
      ['José', 'Núñez', 'Crème & Brûlée SARL', 'jose@example.fr'],
      ['Zoë', 'Müller', 'Bäckerei Groß', ''],
    ]);
    expect(planRequests(table.rows, guessRoles(table.columns, table.rows), OPTIONS).requests).toEqual([
      expect.objectContaining({
        endpointId: 'email.lookup',
        params: expect.objectContaining({ email: 'jose@example.fr' }),
      }),
    ]);
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
    expect(table.skippedLines).toBe(0);
  });

  it('keeps every cell as the file has it (leading tabs, carriage returns, spaces); matching reads them trimmed', async () => {
    const table = await parseTable(
      'Email,Notes\r\n" ada@example.com ","\tindented"\r\nbob@example.com,"\rreturn "\r\n',
    );
    expect(table.rows).toEqual([
      [' ada@example.com ', '\tindented'],
      ['bob@example.com', '\rreturn '],
    ]);
    const roles = guessRoles(table.columns, table.rows);
    expect(roles).toEqual(['email', 'ignore']);
    expect(planRequests(table.rows, roles, OPTIONS).requests[0]!.params.email).toBe('ada@example.com');
  });

  it('says what is wrong with a file that has no rows', async () => {
    await expect(parseTable('')).rejects.toThrow('This list is empty');
    await expect(parseTable('Name,Email\n')).rejects.toThrow('This file has no rows under its header.');
  });
});

describe("LinkedIn's connections export, notes before its header", () => {
  const file = readFileSync(resolve(__dirname, '../../../../fixtures/linkedin-connections.csv'));

  it('the header is the first row that looks like one; the lines before it are counted, not read as rows', async () => {
    const table = await parseTable(decodeBytes(new Uint8Array(file)));
    expect(table.columns).toEqual([
      'First Name',
      'Last Name',
      'URL',
      'Email Address',
      'Company',
      'Position',
      'Connected On',
    ]);
    expect(table.skippedLines).toBe(3);
    expect(table.rows).toHaveLength(5);
    expect(table.rows[0]![0]).toBe('Ada');
    const roles = guessRoles(table.columns, table.rows);
    expect(roles.slice(0, 3)).toEqual(['first_name', 'last_name', 'profile_url']);
    expect(roles[4]).toBe('company_name');
    // Every row is a person asked for; none is "Not asked".
    const plan = planRequests(table.rows, roles, OPTIONS);
    expect(plan.targets.every((target) => typeof target === 'number')).toBe(true);
    expect(plan.requests).toHaveLength(5);
  });

  it('a first row of data is not taken for notes, and a list of one column keeps its first row', async () => {
    const noHeader = await parseTable('Email\nada@example.com,met at the fair\n');
    expect(noHeader.columns).toEqual(['Email', 'Column 2']);
    const oneColumn = await parseTable('Email\nada@example.com\nbob@example.com\n');
    expect(oneColumn.columns).toEqual(['Email']);
    expect(oneColumn.rows).toHaveLength(2);
    // A name with a comma further down is not a header: no row as wide follows it.
    const names = await parseTable('Name\nAda Lovelace\nLovelace, Ada\nBob\n');
    expect(names.columns).toEqual(['Name', 'Column 2']);
    expect(names.skippedLines).toBe(0);
  });
});

describe('a file larger than a list can be, refused while it is read', () => {
  it('a file over the size limit is refused before its bytes are read', async () => {
    const big = {
      size: LIST_LIMITS.fileBytes + 1,
      arrayBuffer: () => Promise.reject(new Error('read')),
    } as unknown as Blob;
    await expect(readListBytes(big)).rejects.toThrow(
      'This file is 25 MB: a list file can be at most 25 MB. Split it into smaller files.',
    );
  });

  it('a row of 20,001 cells (a 40 kB file) names its row and the column limit', async () => {
    const text = `Email,Name\nada@example.com,Ada\n${','.repeat(20_000).replace(/,/g, 'x,')}x\n`;
    await expect(parseTable(text)).rejects.toThrow(
      'Row 3 has 20,001 cells: a list can have at most 100 columns.',
    );
  });

  it('200,000 rows stop at the row limit, without overflowing the stack', async () => {
    const text = `Email\n${Array.from({ length: 200_000 }, (_, i) => `p${i}@example.com`).join('\n')}`;
    await expect(parseTable(text)).rejects.toThrow(
      'This list has more than 20,000 rows: a list can have at most 20,000. Split it into smaller files.',
    );
  });

  it('20,000 rows are read, and a cell over 10,000 characters is named with its row and column', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `p${i}@example.com`);
    expect((await parseTable(`Email\n${rows.join('\n')}`)).rows).toHaveLength(20_000);
    await expect(parseTable(`Email,Notes\nada@example.com,"${'x'.repeat(10_001)}"\n`)).rejects.toThrow(
      'Row 2, column 2 holds 10,001 characters: a cell can hold at most 10,000.',
    );
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

  // How fast a plan is made is measured by test/bench/list-import.ts, not timed here.
  it('plans 10,000 rows, each row pointing at its one request, a repeated profile asked once', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      i % 2 === 0 ? [`https://www.linkedin.com/in/person-${i % 7000}`, ''] : ['', `person${i}@example.com`],
    );
    const plan = planRequests(rows, ['profile_url', 'email'], OPTIONS);
    expect(plan.targets).toHaveLength(10_000);
    // 3,500 distinct profiles (rows 7,000 on repeat the first ones) and 5,000 distinct emails.
    expect(plan.requests).toHaveLength(8_500);
    expect(plan.targets[7_000]).toBe(plan.targets[0]);
  });
});
