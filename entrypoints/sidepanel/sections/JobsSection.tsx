/**
 * Jobs: the company's job postings, searched by its `search_id` (from its profile) with the job
 * search's filters, page by page; a job's title opens its profile inline, a quoted action of its own.
 */

import { ExternalLink } from '@/components/profile/parts';
import { JobRow, jobUrlOf, textOf } from '@/components/results/ResultRows';
import { safeHttpUrl } from '@/components/safe-url';
import { AnswerLine, SpendArea } from '@/components/spend/SpendArea';
import { useQuotedAction } from '@/hooks/useQuotedAction';
import type { JobListEntry } from '@/lib/api/schemas';
import type { CsvColumn } from '@/lib/csv';
import { type SectionContext, spendHandlers } from './backend';
import { JobProfileView } from './JobProfileView';
import { PagedSection } from './PagedSection';
import { SectionShell } from './SectionShell';

const cell = (field: keyof JobListEntry) => (job: JobListEntry) => textOf(job[field]);

export const JOB_CSV_COLUMNS: readonly CsvColumn<JobListEntry>[] = [
  { header: 'Title', value: cell('job_title') },
  { header: 'Company', value: cell('company') },
  { header: 'Location', value: cell('location') },
  { header: 'Listed', value: cell('list_date') },
  { header: 'Job URL', value: cell('job_url') },
  { header: 'Company URL', value: cell('company_url') },
];

export function JobsSection({ searchId, ...context }: SectionContext & { searchId: string | null }) {
  if (!searchId) {
    return (
      <SectionShell title="Jobs">
        <p class="section-blocked">
          Jobs are searched with the company's search ID, which comes with its profile. Enrich the company
          above to search its jobs.
        </p>
      </SectionShell>
    );
  }
  return (
    <PagedSection
      {...context}
      endpointId="job.search"
      title="Jobs"
      fixed={{ search_id: searchId }}
      noun={{ one: 'job', many: 'jobs' }}
      verbs={{ ask: 'Search jobs', refresh: 'Refresh jobs', running: 'Searching jobs…' }}
      rowKey={(job, index) => `${jobUrlOf(job) ?? ''}#${index}`}
      renderRow={(job) => <JobRow job={job} detail={() => <JobDetail {...context} url={jobUrlOf(job)} />} />}
      csv={{ prefix: 'company-jobs', columns: JOB_CSV_COLUMNS }}
    />
  );
}

/** A job's profile under its row: quoted first, shown at once when cached. */
export function JobDetail({ url, ...context }: SectionContext & { url: string | null }) {
  const { backend, settings } = context;
  const job = useQuotedAction({
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    endpointId: 'job.profile',
    params: url ? { url } : null,
    onSpent: context.onSpent,
  });
  if (!url) return <p class="section-blocked">This job has no address to open.</p>;
  return (
    <>
      {job.answer && (
        <>
          <JobProfileView job={job.answer.data} />
          <AnswerLine meta={job.answer} staleAfterDays={settings.staleAfterDays} />
        </>
      )}
      <SpendArea
        verb={job.answer ? 'Refresh job profile' : 'Open job profile'}
        runningText={job.answer ? 'Refreshing…' : 'Opening the job profile…'}
        quote={job.quote}
        action={job.action}
        primary={!job.answer}
        {...spendHandlers(job, backend)}
      />
      {safeHttpUrl(url) && (
        <p class="small">
          <ExternalLink href={url}>View the posting</ExternalLink>
        </p>
      )}
    </>
  );
}
