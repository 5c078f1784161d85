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
  const data = (typeof job === 'object' && job !== null ? job : {}) as Record<string, unknown>;
  const company = (typeof data.company === 'object' && data.company !== null ? data.company : {}) as Record<
    string,
    unknown
  >;
  const location = (
    typeof data.location === 'object' && data.location !== null ? data.location : {}
  ) as Record<string, unknown>;
  const applicants = typeof data.total_applicants === 'number' ? formatNumber(data.total_applicants) : null;
  const facts: FactRow[] = [
    ['Location', joinParts([textOf(location.city), textOf(location.region), textOf(location.country)])],
    ['Employment', textOf(data.employment_type)],
    ['Seniority', textOf(data.seniority_level)],
    ['Functions', listOf(data.job_functions)],
    ['Industry', listOf(data.industry)],
    ['Applicants', applicants],
  ];
  const description = textOf(data.job_description);
  const apply = safeHttpUrl(data.apply_url);
  const companyName = textOf(company.name);
  const heading = useRef<HTMLHeadingElement>(null);
  // It replaces the control that opened it: the keyboard continues from its heading.
  useRefocus(() => heading.current, null, { onMount: true });
  return (
    <article class="job-profile" aria-label={textOf(data.title) ?? 'Job'}>
      <h3 ref={heading} tabIndex={-1}>
        {textOf(data.title) ?? 'Title not known'}
      </h3>
      {companyName && (
        <p class="result-sub">
          <ExternalLink href={textOf(company.url)}>{companyName}</ExternalLink>
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
