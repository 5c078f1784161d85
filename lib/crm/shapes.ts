/**
 * Which CRM export a file is, by its headers, and what identifies each of its rows. The three
 * CRMs' exports are recognised by the columns only they write (HubSpot's `Record ID`, Salesforce's
 * `Lead ID` / `Contact ID` / `Account Name`, Pipedrive's `Person - …`), and their columns read by
 * their own labels; any other file is read as the lists page reads a list (lib/list-columns.ts),
 * with the same column roles the person can change.
 *
 * Pure, for both sides: the lists page reads an export here (and lets the person change the
 * columns' roles), and the team hub reads the admin's upload with the same code (`readCrmFile`:
 * the detected encoding, the recognised roles), under the same limits.
 */

import { cellsOf, guessRoles, normalHeader } from '../list-columns';
import { CRM_REFERENCE_LIMITS } from '../list-limits';
import type { CrmExport, CrmIdentity, CrmShape, ListColumnRole } from '../protocol';
import { checkFileSize, decodeBytes, type FileKind, parseTable } from '../table-file';

/**
 * A CRM export, as its limits and messages name it. One export is the reference (another replaces
 * it), so one too large is exported smaller rather than split.
 */
export const CRM_EXPORT: FileKind = {
  limits: CRM_REFERENCE_LIMITS,
  file: 'a CRM export',
  table: 'CRM export',
  tooLarge:
    'Export only the columns that identify people (names, emails, profile addresses, company websites): the others are not kept.',
  tooManyRows: 'Export only the people and companies you want your lists checked against.',
};

/** Each shape's labels (as normalHeader writes them) and what they hold. */
const SHAPE_COLUMNS: {
  readonly [S in Exclude<CrmShape, 'mapped'>]: Readonly<Record<string, ListColumnRole>>;
} = {
  'hubspot-contacts': {
    firstname: 'first_name',
    lastname: 'last_name',
    email: 'email',
    companyname: 'company_name',
    websiteurl: 'company_domain',
    companydomainname: 'company_domain',
    linkedinurl: 'profile_url',
    linkedinbio: 'profile_url',
    twitterusername: 'profile_url',
  },
  'hubspot-companies': {
    companyname: 'company_name',
    name: 'company_name',
    companydomainname: 'company_domain',
    websiteurl: 'company_domain',
    linkedincompanypage: 'company_url',
  },
  salesforce: {
    firstname: 'first_name',
    lastname: 'last_name',
    fullname: 'full_name',
    name: 'full_name',
    email: 'email',
    company: 'company_name',
    accountname: 'company_name',
    website: 'company_domain',
    linkedinprofile: 'profile_url',
  },
  'pipedrive-people': {
    personname: 'full_name',
    personfirstname: 'first_name',
    personlastname: 'last_name',
    personemail: 'email',
    personemailwork: 'email',
    personemailhome: 'email',
    personemailother: 'email',
    personorganization: 'company_name',
    organizationname: 'company_name',
    organizationwebsite: 'company_domain',
    personlinkedin: 'profile_url',
  },
};

/** Which export the headers are, by what only that CRM writes. */
function shapeOf(headers: readonly string[]): CrmShape {
  const has = (header: string) => headers.includes(header);
  if (headers.some((header) => header.startsWith('person') && header !== 'person')) {
    if (has('personname') || has('personemail') || has('personfirstname')) return 'pipedrive-people';
  }
  if (has('recordid')) {
    if (has('email') || has('firstname')) return 'hubspot-contacts';
    if (has('companydomainname') || has('companyname') || has('name')) return 'hubspot-companies';
  }
  if ((has('leadid') || has('contactid') || has('accountname')) && (has('lastname') || has('email')))
    return 'salesforce';
  return 'mapped';
}

/** The shape of a file, and what each of its columns holds. */
export function recognise(
  columns: readonly string[],
  rows: readonly string[][],
): { shape: CrmShape; roles: ListColumnRole[] } {
  const headers = columns.map(normalHeader);
  const shape = shapeOf(headers);
  if (shape === 'mapped') return { shape, roles: guessRoles(columns, rows) };
  const known = SHAPE_COLUMNS[shape];
  const taken = new Set<ListColumnRole>();
  const roles = headers.map((header): ListColumnRole => {
    const role = known[header] ?? 'ignore';
    // Several columns may hold profile addresses or emails; any other role is given once.
    if (role !== 'profile_url' && role !== 'email' && taken.has(role)) return 'ignore';
    taken.add(role);
    return role;
  });
  return { shape, roles };
}

/** What identifies a row, by its columns' roles (the background canonicalises it). */
export function identityOf(cells: readonly string[], roles: readonly ListColumnRole[]): CrmIdentity {
  const first = (role: ListColumnRole) => cellsOf(cells, roles, role)[0];
  const identity: CrmIdentity = {};
  const set = (name: keyof CrmIdentity, value: string | undefined) => {
    if (value) identity[name] = value;
  };
  set('profileUrl', first('profile_url') ?? first('company_url'));
  set('email', first('email'));
  set('fullName', first('full_name'));
  set('firstName', first('first_name'));
  set('lastName', first('last_name'));
  set('companyDomain', first('company_domain'));
  set('companyName', first('company_name'));
  return identity;
}

/**
 * A CRM export's bytes as the export the reference is read from: refused (a clear Error) when the
 * file is larger than a CRM export can be, or its table is not one (too many rows, columns or
 * characters, a byte its encoding does not allow); its encoding detected and its columns' roles
 * recognised, as the lists page proposes them before the person changes any.
 */
export async function readCrmFile(name: string, bytes: Uint8Array): Promise<CrmExport> {
  checkFileSize(bytes.byteLength, CRM_EXPORT);
  const table = await parseTable(decodeBytes(bytes), CRM_EXPORT);
  const { shape, roles } = recognise(table.columns, table.rows);
  return { name, shape, rows: table.rows.map((cells) => identityOf(cells, roles)) };
}
