/**
 * A job's profile, opened inline under its row in the Jobs section: title, company, where, what
 * kind of job, a short description and the way to apply. Compact (the row already names the job),
 * with its own level-3 heading under the section's. Only http(s) links are clickable.
 */
import { useRef } from 'preact/hooks';
import { ExternalLink, type FactRow, Facts } from '@/components/profile/parts';
import { excerpt, formatNumber, joinParts } from '@/components/profile/profile-format';
import { useRefocus } from '@/components/results/focus';
import { textOf } from '@/components/results/ResultRows';
import { safeHttpUrl } from '@/components/safe-url';
import type { JobProfile } from '@/lib/api/schemas';

const DESCRIPTION_CHARS = 400;

function listOf(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  return joinParts(value.map(textOf));
}

export function JobProfileView({ job }: { job: JobProfile }) {
  const { company, location } = job;
  const applicants = typeof job.total_applicants === 'number' ? formatNumber(job.total_applicants) : null;
  const facts: FactRow[] = [
    ['Location', joinParts([textOf(location?.city), textOf(location?.region), textOf(location?.country)])],
    ['Employment', textOf(job.employment_type)],
    ['Seniority', textOf(job.seniority_level)],
    ['Functions', listOf(job.job_functions)],
    ['Industry', listOf(job.industry)],
    ['Applicants', applicants],
  ];
  const description = textOf(job.job_description);
  const apply = safeHttpUrl(job.apply_url);
  const companyName = textOf(company?.name);
  const heading = useRef<HTMLHeadingElement>(null);
  // It replaces the control that opened it: the keyboard continues from its heading.
  useRefocus(() => heading.current, null, { onMount: true });
  return (
    <article class="job-profile" aria-label={textOf(job.title) ?? 'Job'}>
      <h3 ref={heading} tabIndex={-1}>
        {textOf(job.title) ?? 'Title not known'}
      </h3>
      {companyName && (
        <p class="result-sub">
          <ExternalLink href={textOf(company?.url)}>{companyName}</ExternalLink>
        </p>
      )}
      <Facts rows={facts} />
      {description && <p class="profile-description">{excerpt(description, DESCRIPTION_CHARS)}</p>}
      {apply && (
        <p>
          <a class="button-link" href={apply} target="_blank" rel="noopener noreferrer">
            Apply
          </a>
        </p>
      )}
    </article>
  );
}
