/**
 * "Already in your CRM": the person's own CRM export, kept as a reference in the background
 * (lib/background/crm/) and never sent anywhere. The lists page reads the file and sends what
 * identifies each of its rows, in parts (`crm.importPart`, `crm.import`); every page that quotes
 * many rows asks which of its rows the reference holds (`crm.match`), and never holds the reference
 * itself.
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

/** Which export the file was recognised as, by its headers (lib/crm/shapes.ts). */
export type CrmShape =
  | 'hubspot-contacts'
  | 'hubspot-companies'
  | 'salesforce'
  | 'pipedrive-people'
  | 'mapped';

/** A CRM export as the lists page read it: what the background reads and keeps as the reference. */
export interface CrmExport {
  /** The file's name, to show which export is the reference. */
  name: string;
  shape: CrmShape;
  rows: CrmIdentity[];
}

/**
 * An export reaches the background in parts (`crm.importPart`, then `crm.import`): a whole one can
 * be larger than the 64 MiB Chrome lets one message be. Each part is a run of its rows, in order.
 */
export interface CrmImportPart {
  /** The import it belongs to, new for each import: a first part of another replaces a half-sent one. */
  importId: string;
  /** Its place among the import's parts, from 0. */
  index: number;
  rows: CrmIdentity[];
}

/** The end of an import: every part was sent. The background keeps the export whole, or nothing. */
export interface CrmImportRequest {
  importId: string;
  name: string;
  shape: CrmShape;
  /** How many parts, and rows in all, were sent: the background checks it holds them all. */
  parts: number;
  rows: number;
}

/**
 * What the background says when it no longer holds an import's parts (the worker stopped between
 * two of them, or another import started): the page sends the export again from its first part.
 */
export const CRM_IMPORT_LOST = 'The CRM export being sent was lost by the background';

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
  /** One part of an export (see CrmImportPart); says how many rows of it the background holds. */
  'crm.importPart'(data: CrmImportPart): { received: number };
  /** Replaces the reference with the export whose parts were sent; says what it read. */
  'crm.import'(data: CrmImportRequest): CrmReferenceSummary;
  'crm.clear'(): { ok: true };
  /**
   * Which of these rows the reference holds, in order (null: not in it). `reference` is false when
   * there is none, so a page shows no "In your CRM" choice at all.
   */
  'crm.match'(data: { rows: CrmIdentity[] }): { reference: boolean; matches: Array<CrmMatchBy | null> };
}
