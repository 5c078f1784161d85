/**
 * Exports a CRM's importer takes as they are: each preset's header line is the CRM's own labels,
 * so its importer matches every column to its field without a person mapping them. Plain data and
 * functions, for every page (no zod). The file is CSV through lib/csv.ts (formula-safe; the page
 * adds the byte order mark), one row per person (or company) found, and it ends with the
 * provenance the list export carries (Asked, Fetched at, Credits): columns no CRM field has, which
 * each importer leaves out unless the person maps them (to a note, say).
 *
 * Emails and numbers are written only when they were asked for and found, and a CRM's email and
 * phone columns each take one value (HubSpot and Salesforce match contacts on that one email), so
 * the first one found goes there.
 */
import { type CsvColumn, rowsToCsv } from '../csv';
import type { EnrichedFields } from '../protocol';
import { nameParts } from './names';

export type CrmKind = 'person' | 'company';

/** A person or company found, as every source gives it to the exports: a list, a search, a watch list, the panel. */
export interface CrmRecord {
  kind: CrmKind;
  fields: EnrichedFields;
  /** Emails and numbers were asked for: only then are they exported. */
  contacts: boolean;
  /** What was asked, in a person's words ("Person profile · linkedin.com/in/ada"). */
  asked: string;
  /** When the service fetched the answer (ms since epoch); null when not known. */
  fetchedAt: number | null;
  /** What it cost; null when not known. */
  credits: number | null;
}

export type CrmPresetId = 'hubspot-contacts' | 'hubspot-companies' | 'salesforce-leads' | 'pipedrive-people';

export interface CrmPreset {
  id: CrmPresetId;
  /** What a person picks: "HubSpot contacts". */
  label: string;
  /** Which records it writes, one row each. */
  kind: CrmKind;
  columns: readonly CsvColumn<CrmRecord>[];
  /** Why a record cannot be imported (a field the CRM requires is missing), or null. */
  refusal?: (record: CrmRecord) => string | null;
}

const firstEmail = (record: CrmRecord) => (record.contacts ? record.fields.emails?.[0] : undefined);
const firstPhone = (record: CrmRecord) => (record.contacts ? record.fields.phones?.[0] : undefined);
const first = (record: CrmRecord) => nameParts(record.fields).first;
const last = (record: CrmRecord) => nameParts(record.fields).last;

/** The list export's provenance columns, under its own headers (entrypoints/lists/export/list-export.ts). */
const PROVENANCE: readonly CsvColumn<CrmRecord>[] = [
  { header: 'Asked', value: (record) => record.asked },
  {
    header: 'Fetched at',
    value: (record) => (record.fetchedAt === null ? '' : new Date(record.fetchedAt).toISOString()),
  },
  { header: 'Credits', value: (record) => record.credits },
];

// HubSpot's "Set up your import files" (https://knowledge.hubspot.com/import-and-export/set-up-your-import-file):
// a header matching a property's label is mapped to it; contacts need First name, Last name or Email
// (Email is the key it deduplicates on). The profile address goes to the default property "LinkedIn URL"
// (internal name hs_linkedin_url; https://knowledge.hubspot.com/properties/hubspots-default-contact-properties).
const HUBSPOT_CONTACTS: CrmPreset = {
  id: 'hubspot-contacts',
  label: 'HubSpot contacts',
  kind: 'person',
  columns: [
    { header: 'First name', value: first },
    { header: 'Last name', value: last },
    { header: 'Email', value: firstEmail },
    { header: 'Phone number', value: firstPhone, phone: true },
    { header: 'Job title', value: (record) => record.fields.title },
    { header: 'Company name', value: (record) => record.fields.company },
    { header: 'Website URL', value: (record) => record.fields.website },
    { header: 'City', value: (record) => record.fields.city },
    { header: 'State/Region', value: (record) => record.fields.state },
    { header: 'Country/Region', value: (record) => record.fields.country },
    { header: 'LinkedIn URL', value: (record) => record.fields.profileUrl },
    ...PROVENANCE,
  ],
};

// HubSpot's import files need "Company domain name" for companies, the key it deduplicates on
// (https://knowledge.hubspot.com/import-and-export/set-up-your-import-file); the company's profile
// address goes to the default property "LinkedIn Company Page" (linkedin_company_page,
// https://knowledge.hubspot.com/properties/hubspot-crm-default-company-properties). "Number of
// employees" is a number property: one count (EnrichedFields.employeeCount), never a range.
const HUBSPOT_COMPANIES: CrmPreset = {
  id: 'hubspot-companies',
  label: 'HubSpot companies',
  kind: 'company',
  columns: [
    { header: 'Company name', value: (record) => record.fields.company },
    { header: 'Company domain name', value: (record) => record.fields.companyDomain },
    { header: 'Industry', value: (record) => record.fields.industry },
    { header: 'Number of employees', value: (record) => record.fields.employeeCount },
    { header: 'City', value: (record) => record.fields.city },
    { header: 'Country/Region', value: (record) => record.fields.country },
    { header: 'LinkedIn Company Page', value: (record) => record.fields.profileUrl },
    ...PROVENANCE,
  ],
};

/**
 * Salesforce's Data Import Wizard refuses a lead without Company. A row that would say "no
 * company" there would put words into a CRM field as if they were a company; the person is left out
 * of the file instead, and counted in the export's note, so the import has no failed rows.
 */
const NO_COMPANY = 'Salesforce requires a company and none was found';

// Salesforce Help, "Field Mapping for Importing Leads" (Data Import Wizard):
// https://help.salesforce.com/s/articleView?id=xcloud.field_mapping_for_importing_leads.htm
// Lead Source is a picklist: "Other" is a value of every org's standard list, so no row fails on it.
// Leads have no profile address field: "Profile URL" maps to a custom field of that label, if the org has one.
const SALESFORCE_LEADS: CrmPreset = {
  id: 'salesforce-leads',
  label: 'Salesforce leads',
  kind: 'person',
  columns: [
    { header: 'First Name', value: first },
    { header: 'Last Name', value: last },
    { header: 'Company', value: (record) => record.fields.company },
    { header: 'Title', value: (record) => record.fields.title },
    { header: 'Email', value: firstEmail },
    { header: 'Phone', value: firstPhone, phone: true },
    { header: 'City', value: (record) => record.fields.city },
    { header: 'Country', value: (record) => record.fields.country },
    { header: 'Website', value: (record) => record.fields.website },
    { header: 'Lead Source', value: () => 'Other' },
    { header: 'Profile URL', value: (record) => record.fields.profileUrl },
    ...PROVENANCE,
  ],
  refusal: (record) => (record.fields.company ? null : NO_COMPANY),
};

// Pipedrive's "Import fields" (https://support.pipedrive.com/en/article/import-fields): the mapping
// screen names each field by its item and label, "Person - Name", "Organization - Name"; a person
// needs a name (https://support.pipedrive.com/en/article/importing-mandatory-fields). "Profile URL"
// maps to a custom person field of that label, if the account has one.
const PIPEDRIVE_PEOPLE: CrmPreset = {
  id: 'pipedrive-people',
  label: 'Pipedrive people',
  kind: 'person',
  columns: [
    { header: 'Person - Name', value: (record) => record.fields.fullName },
    { header: 'Person - Email', value: firstEmail },
    { header: 'Person - Phone', value: firstPhone, phone: true },
    { header: 'Organization - Name', value: (record) => record.fields.company },
    { header: 'Person - Job title', value: (record) => record.fields.title },
    { header: 'Profile URL', value: (record) => record.fields.profileUrl },
    ...PROVENANCE,
  ],
};

export const CRM_PRESETS: readonly CrmPreset[] = [
  HUBSPOT_CONTACTS,
  HUBSPOT_COMPANIES,
  SALESFORCE_LEADS,
  PIPEDRIVE_PEOPLE,
];

export function crmPreset(id: CrmPresetId): CrmPreset {
  const preset = CRM_PRESETS.find((candidate) => candidate.id === id);
  if (!preset) throw new Error(`No CRM export called "${id}"`);
  return preset;
}

/** The presets that have something to write for these records (a list of companies: HubSpot companies). */
export function presetsFor(records: readonly CrmRecord[]): CrmPreset[] {
  return CRM_PRESETS.filter((preset) => records.some((record) => record.kind === preset.kind));
}

export interface CrmFile {
  csv: string;
  /** Rows written. */
  written: number;
  /** Records of the preset's kind left out, with why (Salesforce: no company). */
  leftOut: number;
  /** What the page says beside the download: how many rows, and who was left out and why. */
  note: string;
}

/** The rows a preset writes: the records of its kind it can import, in their order. */
function split(preset: CrmPreset, records: readonly CrmRecord[]) {
  const ofKind = records.filter((record) => record.kind === preset.kind);
  const reasons = new Map<string, number>();
  const rows = ofKind.filter((record) => {
    const reason = preset.refusal?.(record) ?? null;
    if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    return reason === null;
  });
  return { rows, reasons };
}

const count = (n: number, kind: CrmKind) =>
  `${n} ${kind === 'person' ? (n === 1 ? 'person' : 'people') : n === 1 ? 'company' : 'companies'}`;

/** A preset's file of these records, and what to say about it. */
export async function crmFile(preset: CrmPreset, records: readonly CrmRecord[]): Promise<CrmFile> {
  const { rows, reasons } = split(preset, records);
  const leftOut = [...reasons.values()].reduce((sum, n) => sum + n, 0);
  const why = [...reasons].map(([reason, n]) => `${count(n, preset.kind)} left out: ${reason}`);
  return {
    csv: await rowsToCsv(preset.columns, rows),
    written: rows.length,
    leftOut,
    note: [`${count(rows.length, preset.kind)} in the file`, ...why].join(' · '),
  };
}
