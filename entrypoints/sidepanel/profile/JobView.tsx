/**
 * The whole job profile: title, company (linked), location, employment type, seniority, industry,
 * job functions, applicants, the description (folded when long) and the apply link when it is
 * http(s). Text only.
 */

import { Avatar, Block, ExternalLink, Facts, FoldText, type HeadingLevel } from '@/components/profile/parts';
import { formatNumber, joinParts } from '@/components/profile/profile-format';
import { safeHttpUrl } from '@/components/safe-url';
import type { JobProfile } from '@/lib/api/schemas';

export interface JobViewProps {
  job: JobProfile;
  level?: 2 | 3;
}

export function JobView({ job, level = 2 }: JobViewProps) {
  const sub = (level + 1) as HeadingLevel;
  const Name = `h${level}` as 'h2';
  const companyName = job.company?.name?.trim() || null;
  const applyUrl = safeHttpUrl(job.apply_url);
  const location = job.location;
  const coordinates =
    location?.latitude != null && location?.longitude != null
      ? `${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)}`
      : null;
  return (
    <article class="profile-card" aria-label={job.title ?? 'Job'}>
      <header class="profile-head">
        <Avatar src={job.company?.logo} name={companyName} shape="square" />
        <div class="profile-head-text">
          <Name class="profile-name">{job.title?.trim() || 'Title not known'}</Name>
          {companyName && (
            <p class="profile-headline">
              <ExternalLink href={job.company?.url}>{companyName}</ExternalLink>
            </p>
          )}
          {joinParts([location?.city, location?.region, location?.country]) && (
            <p class="muted">{joinParts([location?.city, location?.region, location?.country])}</p>
          )}
        </div>
      </header>
      <Facts
        rows={[
          ['Employment', job.employment_type],
          ['Seniority', job.seniority_level],
          ['Industry', job.industry?.filter(Boolean).join(', ')],
          ['Job functions', job.job_functions?.filter(Boolean).join(', ')],
          ['Applicants', job.total_applicants != null ? formatNumber(job.total_applicants) : null],
          ['Address', joinParts([location?.street, location?.postal_code])],
          ['Coordinates', coordinates],
          ['Job id', job.network_internal_id],
        ]}
      />
      {job.job_description?.trim() && (
        <Block title="Description" level={sub}>
          <FoldText text={job.job_description} />
        </Block>
      )}
      {applyUrl && (
        <p>
          <a class="button-link" href={applyUrl} target="_blank" rel="noopener noreferrer">
            Apply
          </a>
        </p>
      )}
    </article>
  );
}
