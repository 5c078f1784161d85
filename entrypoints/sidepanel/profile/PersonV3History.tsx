/**
 * A v3 person's history (`person.v3`): work, volunteering, education and certifications, each a
 * folding section, each left out when the answer has none.
 */
import { Entry, ExternalLink, type HeadingLevel, hasData } from '@/components/profile/parts';
import { Description, EntryBlock } from '@/components/profile/person-parts';
import { formatIsoDate, formatPeriod, humanize, joinParts } from '@/components/profile/profile-format';
import type { PersonV3, V3OrganizationId } from '@/lib/api/schemas';
import { canonicalCompanyUrl } from '@/lib/networks';

/** A span to the month, as the v2 view words it ("Sep 2022 – present"). */
export function period(
  start: string | null | undefined,
  end: string | null | undefined,
  openEnd: 'present' | 'unknown',
) {
  return formatPeriod(isoMonth(start), isoMonth(end), openEnd);
}

function isoMonth(value: string | null | undefined): string | null {
  return formatIsoDate(value?.replace(/^(\d{4}-\d{2})-\d{2}.*$/, '$1'));
}

/** "network 123 · bizdata acme": an organisation's ids, when there are any. */
function organizationIds(ids: V3OrganizationId | null | undefined): string | null {
  if (!ids) return null;
  return joinParts(
    [
      ids.networkId != null ? `network ${ids.networkId}` : null,
      ids.bizdataId != null ? `bizdata ${ids.bizdataId}` : null,
      ids.socialId != null ? `social ${ids.socialId}` : null,
      ids.microblogId != null ? `microblog ${ids.microblogId}` : null,
    ],
    ' · ',
  );
}

export function PersonV3History({ person, level }: { person: PersonV3; level: HeadingLevel }) {
  const work = person.experience?.work?.filter(hasData) ?? [];
  const volunteer = person.experience?.volunteer?.filter(hasData) ?? [];
  const education = person.education?.filter(hasData) ?? [];
  const certifications = person.certifications?.filter(hasData) ?? [];
  return (
    <>
      {work.length > 0 && (
        <EntryBlock
          title="Experience"
          level={level}
          items={work}
          noun="experiences"
          render={(job) => {
            const company = job.companyInfo?.network;
            const companyUrl = company?.slug ? canonicalCompanyUrl(company.slug) : company?.website;
            return (
              <Entry
                main={job.title}
                sub={job.companyName && <ExternalLink href={companyUrl}>{job.companyName}</ExternalLink>}
                meta={joinParts([period(job.startDate, job.endDate, 'present'), job.location], ' · ')}
              >
                {(hasData(job.seniority) || hasData(job.employmentType) || hasData(job.jobFunction)) && (
                  <p class="small muted">
                    {joinParts(
                      [
                        job.seniority?.map(humanize).join(', '),
                        job.employmentType?.map(humanize).join(', '),
                        job.jobFunction?.map(humanize).join(', '),
                        job.isDecisionMaker ? 'decision maker' : null,
                      ],
                      ' · ',
                    )}
                  </p>
                )}
                <Description text={job.description} />
              </Entry>
            );
          }}
        />
      )}
      {volunteer.length > 0 && (
        <EntryBlock
          title="Volunteering"
          level={level}
          items={volunteer}
          noun="entries"
          render={(entry) => (
            <Entry
              main={entry.title}
              sub={joinParts([entry.organization, entry.cause], ' · ')}
              meta={joinParts(
                [period(entry.startDate, entry.endDate, 'present'), organizationIds(entry.organizationId)],
                ' · ',
              )}
            >
              <Description text={entry.description} />
            </Entry>
          )}
        />
      )}
      {education.length > 0 && (
        <EntryBlock
          title="Education"
          level={level}
          items={education}
          noun="schools"
          render={(school) => (
            <Entry
              main={school.school}
              sub={joinParts([school.degreeName, school.fieldOfStudy])}
              meta={joinParts(
                [
                  period(school.startDate, school.endDate, 'unknown'),
                  school.grade && `Grade ${school.grade}`,
                ],
                ' · ',
              )}
            >
              {school.activities?.trim() && <p class="small">Activities: {school.activities}</p>}
              <Description text={school.description} />
            </Entry>
          )}
        />
      )}
      {certifications.length > 0 && (
        <EntryBlock
          title="Certifications"
          level={level}
          items={certifications}
          noun="certifications"
          render={(certification) => (
            <Entry
              main={
                certification.name && (
                  <ExternalLink href={certification.url}>{certification.name}</ExternalLink>
                )
              }
              sub={
                certification.authority && (
                  <ExternalLink href={certification.organizationUrl}>{certification.authority}</ExternalLink>
                )
              }
              meta={joinParts(
                [
                  period(certification.startDate, certification.endDate, 'unknown'),
                  certification.licenseNumber && `Licence ${certification.licenseNumber}`,
                  certification.displaySource,
                ],
                ' · ',
              )}
            />
          )}
        />
      )}
    </>
  );
}
