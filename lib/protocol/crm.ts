/**
 * "Already in your CRM": the person's own CRM export, kept as a reference in the background
 * (lib/background/crm/) and never sent anywhere. The lists page reads the file and sends what
 * identifies each of its rows; every page that quotes many rows asks which of its rows the
 * reference holds (`crm.match`), and never holds the reference itself.
 */

/**
 * What identifies a person or company, as a file or a page gives it (untrimmed, any case): the
 * background canonicalises it (lib/matching/crm.ts). A row of the reference, and a row a
 * page asks about, are both this.
 */
export interface CrmIdentity {
  /** A profile URL of theirs (a person's, or a company's for a company). */
  profileUrl?: string;
  email?: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  /** Their company's domain or website (`www.acme.com`, `https://acme.com/about`). */
  companyDomain?: string;
  companyName?: string;
}

/** Which export the file was recognised as, by its headers (entrypoints/lists/crm/crm-shapes.ts). */
export type CrmShape =
  | 'hubspot-contacts'
  | 'hubspot-companies'
  | 'salesforce'
  | 'pipedrive-people'
  | 'mapped';

export interface CrmImportRequest {
  /** The file's name, to show which export is the reference. */
  name: string;
  shape: CrmShape;
  rows: CrmIdentity[];
}

/** How a row matched the reference: by profile URL, then email, then full name with company domain. */
export type CrmMatchBy = 'profile' | 'email' | 'name' | 'company';

/** What the import read, as the person is told it. */
export interface CrmReferenceSummary {
  name: string;
  shape: CrmShape;
  importedAt: number;
  /** Rows the file had. */
  read: number;
  /** Rows kept: each gives something to match on. */
  usable: number;
  /** Rows not kept, by why (most frequent first). */
  unusable: Array<{ reason: string; rows: number }>;
}

export interface CrmMessages {
  /** What the reference is (null: none imported). */
  'crm.reference'(): CrmReferenceSummary | null;
  /** Replaces the reference with this export; says what it read. */
  'crm.import'(data: CrmImportRequest): CrmReferenceSummary;
  'crm.clear'(): { ok: true };
  /**
   * Which of these rows the reference holds, in order (null: not in it). `reference` is false when
   * there is none, so a page shows no "In your CRM" choice at all.
   */
  'crm.match'(data: { rows: CrmIdentity[] }): { reference: boolean; matches: Array<CrmMatchBy | null> };
}
