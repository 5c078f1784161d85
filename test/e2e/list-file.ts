/**
 * The 200-row file the lists page is tested with, made from the sandbox's own dataset (the seed the
 * test sandbox serves): what people bring from an event or another tool. Profile addresses of three
 * networks, companies' profile addresses, emails, names with their company, company websites, rows
 * repeated (some written differently), junk rows, and a note that a spreadsheet would run as a
 * formula. Along with it, what the dry run must say and what each row must come back as.
 */
import { canonicalHandleUrl } from '../../lib/networks';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import type { Dataset } from '../../sandbox/data/types';
import { companyNameKey } from '../../sandbox/search/similarity';

export const LIST_COLUMNS = ['Name', 'Company', 'Email', 'Profile', 'Website', 'Notes'] as const;

/** A row and what it asks, for the checks. */
export interface ListFileRow {
  cells: string[];
  /** The endpoint that enriches it, or null for a junk row. */
  endpointId:
    | 'person.profile'
    | 'company.profile'
    | 'email.lookup'
    | 'person.lookup'
    | 'company.lookup'
    | null;
  /** The full name (a person) or company name the service's answer gives, when the row is found. */
  expectedName?: string;
  /** Repeats an earlier row (1-based), written the same or differently. */
  duplicateOf?: number;
}

/** A line break after its first character: papaparse's own escapeFormulae let such a cell through. */
export const FORMULA_NOTE = '=HYPERLINK("https://attacker.example/?x=1",\n"Details")';

export function eventListFile(): { rows: ListFileRow[]; csv: string } {
  const { dataset } = datasetForSeed(DEFAULT_SEED);
  const rows: ListFileRow[] = [];
  const row = (
    values: Partial<Record<(typeof LIST_COLUMNS)[number], string>>,
    rest: Omit<ListFileRow, 'cells'>,
  ) => rows.push({ cells: LIST_COLUMNS.map((column) => values[column] ?? ''), ...rest });
  const name = (index: number) => String(dataset.people[index]!.profile.full_name);
  const currentCompany = (personIndex: number) => currentCompanyOf(dataset, personIndex);

  // 50 people by their profile address on the main network.
  for (let i = 0; i < 50; i++) {
    const company = currentCompany(i);
    row(
      { Name: name(i), Company: String(company?.profile.name ?? ''), Profile: dataset.people[i]!.url },
      { endpointId: 'person.profile', expectedName: name(i) },
    );
  }
  // 15 people by their address on the two other networks.
  const withHandles = dataset.people
    .map((person, index) => ({ person, index }))
    .filter(({ person, index }) => index >= 50 && (person.socialHandle || person.microblogHandle))
    .slice(0, 15);
  for (const { person, index } of withHandles) {
    const url = person.socialHandle
      ? canonicalHandleUrl('social', person.socialHandle)
      : canonicalHandleUrl('microblog', person.microblogHandle!);
    row({ Name: name(index), Profile: url }, { endpointId: 'person.profile', expectedName: name(index) });
  }
  // 30 people by an email address of theirs.
  for (let i = 100; i < 130; i++) {
    row({ Email: dataset.people[i]!.emails[0]! }, { endpointId: 'email.lookup', expectedName: name(i) });
  }
  // 30 people by their name and the name of the company they work at now: names written "given
  // family" with one given name, as the page splits a full name at its first space (a "Mary Ann"
  // or a name written without spaces is not found by name alone, and says "No match").
  // Their company's name is its own: "Miller LLC" and "Miller Inc" are one name to the service,
  // which then picks the most followed.
  const namesakes = new Map<string, number>();
  for (const company of dataset.companies) {
    const key = companyNameKey(String(company.profile.name));
    namesakes.set(key, (namesakes.get(key) ?? 0) + 1);
  }
  let named = 0;
  for (let i = 140; named < 30; i++) {
    const company = currentCompany(i);
    const { first_name, last_name } = dataset.people[i]!.profile;
    if (
      !company ||
      namesakes.get(companyNameKey(String(company.profile.name))) !== 1 ||
      String(first_name).includes(' ') ||
      name(i) !== `${first_name} ${last_name}`
    )
      continue;
    row(
      { Name: name(i), Company: String(company.profile.name) },
      { endpointId: 'person.lookup', expectedName: name(i) },
    );
    named += 1;
  }
  // 20 companies by their website, 10 by their profile address.
  for (let i = 0; i < 20; i++) {
    const company = dataset.companies[i]!;
    row(
      { Website: `https://www.${company.domain}/` },
      { endpointId: 'company.lookup', expectedName: String(company.profile.name) },
    );
  }
  for (let i = 20; i < 30; i++) {
    const company = dataset.companies[i]!;
    row(
      { Profile: company.url },
      { endpointId: 'company.profile', expectedName: String(company.profile.name) },
    );
  }
  // One person whose note a spreadsheet would run as a formula.
  row(
    { Name: name(60), Profile: dataset.people[60]!.url, Notes: FORMULA_NOTE },
    { endpointId: 'person.profile', expectedName: name(60) },
  );
  // 30 rows repeating earlier ones, some written differently (a trailing slash, capitals).
  const originals = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 95, 96, 97, 98, 99, 125, 126, 127,
    128, 129,
  ];
  for (const [n, original] of originals.entries()) {
    const source = rows[original]!;
    const cells = [...source.cells];
    if (n % 3 === 1 && cells[2]) cells[2] = cells[2].toUpperCase();
    if (n % 3 === 2 && cells[3]) cells[3] = `${cells[3]}/`;
    rows.push({
      cells,
      endpointId: source.endpointId,
      expectedName: source.expectedName,
      duplicateOf: original + 1,
    });
  }
  // Junk: nothing to look up by, or not what it claims to be.
  const junk = [
    { Notes: 'met at the booth' },
    { Name: 'Someone', Notes: 'no company given' },
    { Email: 'bob@' },
    { Email: 'n/a' },
    { Profile: 'https://example.com/about' },
    { Notes: '+44 20 7946 0000' },
    { Name: '-', Company: '' },
    { Profile: 'not a link' },
  ];
  while (rows.length < 200) row(junk[rows.length % junk.length]!, { endpointId: null });

  return { rows, csv: listCsv(rows.map((r) => r.cells)) };
}

/** The company a person of the dataset works at now (a position with no end, at a company it has). */
export function currentCompanyOf(
  dataset: Dataset,
  personIndex: number,
): Dataset['companies'][number] | undefined {
  const stint = dataset.employments.find(
    (e) => e.personIndex === personIndex && e.end === null && !e.nameOnly,
  );
  return stint ? dataset.companies[stint.companyIndex] : undefined;
}

/** The rows under the file's header as CSV, quoted where a cell needs it (RFC 4180). */
export function listCsv(rows: readonly (readonly string[])[]): string {
  const quote = (cell: string) => (/[",\n\r;]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return [LIST_COLUMNS.join(','), ...rows.map((cells) => cells.map(quote).join(','))].join('\r\n');
}
