/**
 * What each column of a list holds, guessed from its header and its cells; the person can change
 * it. Cells win over a header that misleads ("Contact" full of email addresses is an email column).
 */

import { isEmailAddress } from './email-selection';
import { parseProfileUrl, websiteDomain } from './profile-urls';
import type { ListColumnRole } from './protocol';

export const ROLE_LABELS: { readonly [R in ListColumnRole]: string } = {
  ignore: 'Ignore',
  profile_url: 'Profile URL (any network)',
  company_url: 'Company profile URL',
  email: 'Email',
  full_name: 'Full name',
  first_name: 'First name',
  last_name: 'Last name',
  company_name: 'Company name',
  company_domain: 'Company domain or website',
};

/** Headers, lower case with letters and digits only, that say what a column holds. */
const HEADERS: ReadonlyArray<[ListColumnRole, readonly string[]]> = [
  [
    'company_url',
    [
      'companylinkedin',
      'companylinkedinurl',
      'companyurl',
      'companyprofile',
      'companyprofileurl',
      'linkedincompany',
    ],
  ],
  [
    'profile_url',
    [
      'linkedin',
      'linkedinurl',
      'linkedinprofile',
      'profile',
      'profileurl',
      'url',
      'twitter',
      'x',
      'facebook',
      'github',
      'personlinkedinurl',
    ],
  ],
  ['email', ['email', 'emailaddress', 'workemail', 'businessemail', 'mail', 'personalemail']],
  ['first_name', ['firstname', 'givenname', 'first', 'forename']],
  ['last_name', ['lastname', 'surname', 'familyname', 'last']],
  ['full_name', ['name', 'fullname', 'contact', 'contactname', 'person']],
  ['company_domain', ['domain', 'website', 'companydomain', 'companywebsite', 'web', 'site']],
  [
    'company_name',
    ['company', 'companyname', 'organization', 'organisation', 'account', 'accountname', 'employer'],
  ],
];

/** Cells looked at per column. */
const SAMPLE = 50;

export function normalHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** What a column's cells look like, if most of them look like one thing. */
function roleOfCells(rows: readonly string[][], column: number): ListColumnRole | null {
  const cells: string[] = [];
  for (const row of rows) {
    const cell = row[column]?.trim();
    if (cell) cells.push(cell);
    if (cells.length === SAMPLE) break;
  }
  if (cells.length === 0) return null;
  const most = (test: (cell: string) => boolean) => cells.filter(test).length > cells.length / 2;
  if (most(isEmailAddress)) return 'email';
  const profiles = cells.map(parseProfileUrl);
  if (profiles.filter((profile) => profile?.kind === 'company').length > cells.length / 2)
    return 'company_url';
  if (profiles.filter(Boolean).length > cells.length / 2) return 'profile_url';
  if (most((cell) => websiteDomain(cell) !== null)) return 'company_domain';
  return null;
}

export function guessRoles(columns: readonly string[], rows: readonly string[][]): ListColumnRole[] {
  const taken = new Set<ListColumnRole>();
  const roles = columns.map((column, index): ListColumnRole => {
    const byCells = roleOfCells(rows, index);
    const header = normalHeader(column);
    const byHeader = HEADERS.find(([, names]) => names.includes(header))?.[0] ?? null;
    // Cells that look like addresses or emails decide; a header alone decides only for words.
    const cellKinds: readonly ListColumnRole[] = ['email', 'profile_url', 'company_url', 'company_domain'];
    let role = byCells ?? (byHeader && !cellKinds.includes(byHeader) ? byHeader : null);
    // A header promising addresses over cells that are not: not an identifier.
    if (!byCells && byHeader && cellKinds.includes(byHeader)) role = null;
    if (!role) return 'ignore';
    // Several columns may hold profile addresses (one per network); any other role is given once.
    if (role !== 'profile_url' && taken.has(role)) return 'ignore';
    taken.add(role);
    return role;
  });
  return roles;
}

/** The cells of a row in the columns with this role, non-empty, in column order. */
export function cellsOf(
  cells: readonly string[],
  roles: readonly ListColumnRole[],
  role: ListColumnRole,
): string[] {
  // Asked several times for each row of a list of thousands: only the role's own cells are trimmed.
  const found: string[] = [];
  for (let index = 0; index < roles.length; index++) {
    if (roles[index] !== role) continue;
    const cell = cells[index]?.trim();
    if (cell) found.push(cell);
  }
  return found;
}
