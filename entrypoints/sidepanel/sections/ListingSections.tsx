/**
 * The people listings: a company's employees and a school's students (deprecated by the service),
 * with their filters (role search or boolean role search, country, status, sort, page size,
 * enrich), page by page; an enriched page streams, and its rows show as they arrive.
 */
import { ListingRow, listingRowText, textOf } from '@/components/results/ResultRows';
import type { ListingEntry } from '@/lib/api/schemas';
import type { CsvColumn } from '@/lib/csv';
import type { SectionContext } from './backend';
import { PagedSection } from './PagedSection';

export const LISTING_CSV_COLUMNS: readonly CsvColumn<ListingEntry>[] = [
  { header: 'Profile URL', value: (entry) => listingRowText(entry).url },
  { header: 'Full name', value: (entry) => textOf(entry.profile?.full_name) },
  { header: 'Headline', value: (entry) => listingRowText(entry).headline },
  { header: 'Location', value: (entry) => listingRowText(entry).place },
  { header: 'Last updated', value: (entry) => textOf(entry.last_updated) },
];

const rowKey = (entry: ListingEntry, index: number) => `${listingRowText(entry).url ?? ''}#${index}`;
const renderRow = (entry: ListingEntry) => <ListingRow entry={entry} />;

export function EmployeesSection({ companyUrl, ...context }: SectionContext & { companyUrl: string }) {
  return (
    <PagedSection
      {...context}
      endpointId="employee.list"
      title="Employees"
      fixed={{ url: companyUrl }}
      noun={{ one: 'employee', many: 'employees' }}
      verbs={{ ask: 'List employees', refresh: 'Refresh employees', running: 'Listing employees…' }}
      rowKey={rowKey}
      renderRow={renderRow}
      csv={{ prefix: 'company-employees', columns: LISTING_CSV_COLUMNS }}
      planDependent
    />
  );
}

export function StudentsListing({ schoolUrl, ...context }: SectionContext & { schoolUrl: string }) {
  return (
    <PagedSection
      {...context}
      endpointId="student.list"
      title="Students"
      mark="deprecated"
      intro={
        <p class="section-intro muted">
          The service marks the student listing as deprecated: it may change or stop working without notice.
        </p>
      }
      fixed={{ school_url: schoolUrl }}
      noun={{ one: 'student', many: 'students' }}
      verbs={{ ask: 'List students', refresh: 'Refresh students', running: 'Listing students…' }}
      rowKey={rowKey}
      renderRow={renderRow}
      csv={{ prefix: 'school-students', columns: LISTING_CSV_COLUMNS }}
    />
  );
}
