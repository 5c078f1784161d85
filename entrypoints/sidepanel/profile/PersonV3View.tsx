/**
 * The whole v3 person profile (`person.v3`): every section of the spec's v3 shape, with the
 * headline and follower series drawn as small charts. Sections behind an include flag (social
 * links, phone numbers, personal and work emails, career insight, developer profile) show when
 * present, and say so when asked for and absent. Text only; only http(s) links are made.
 */
import type { ComponentChildren } from 'preact';
import { formatTimestamp } from '@/components/format';
import {
  Avatar,
  Block,
  Chips,
  Cover,
  Entry,
  ExternalLink,
  type FactRow,
  Facts,
  FoldList,
  FoldText,
  type HeadingLevel,
  hasData,
  NotAvailable,
  type RelatedEntry,
  RelatedList,
} from '@/components/profile/parts';
import {
  formatIsoDate,
  formatNumber,
  formatPeriod,
  formatRange,
  humanize,
  joinParts,
} from '@/components/profile/profile-format';
import type { PersonV3, V3NetworkCounts, V3OrganizationId, V3RelatedProfile } from '@/lib/api/schemas';
import { canonicalCompanyUrl, canonicalHandleUrl, canonicalPersonUrl } from '@/lib/networks';
import { TimeSeriesChart } from './TimeSeriesChart';

export interface PersonV3ViewProps {
  person: PersonV3;
  /** The include flags the answer was asked with (`careerInsight`, ...). */
  requested?: readonly string[];
  level?: 2 | 3;
}

export function personV3Name(person: PersonV3): string | null {
  return (
    person.fullName?.trim() ||
    person.summary?.fullName?.trim() ||
    joinParts([person.firstName, person.middleName, person.lastName, person.suffix], ' ')
  );
}

/** A span to the month, as the v2 view words it ("Sep 2022 – present"). */
function period(
  start: string | null | undefined,
  end: string | null | undefined,
  openEnd: 'present' | 'unknown',
) {
  return formatPeriod(isoMonth(start), isoMonth(end), openEnd);
}

function isoMonth(value: string | null | undefined): string | null {
  return formatIsoDate(value?.replace(/^(\d{4}-\d{2})-\d{2}.*$/, '$1'));
}

const NETWORK_LABELS = [
  ['network', 'Main network'],
  ['microblog', 'Microblog'],
  ['social', 'Social network'],
  ['codehost', 'Code host'],
] as const;

function countRows(counts: V3NetworkCounts | null | undefined): FactRow[] {
  if (!counts) return [];
  return [
    ['Total', counts.total != null ? formatNumber(counts.total) : null],
    ...NETWORK_LABELS.map(
      ([key, label]) => [label, counts[key] != null ? formatNumber(counts[key]!) : null] as const,
    ),
  ];
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

export function PersonV3View({ person, requested = [], level = 2 }: PersonV3ViewProps) {
  const sub = (level + 1) as HeadingLevel;
  const Name = `h${level}` as 'h2';
  const name = personV3Name(person);
  const asked = (flag: string) => requested.includes(flag);
  const location =
    person.location?.rawLocationString ??
    joinParts([
      person.location?.city,
      person.location?.stateFullName ?? person.location?.state,
      person.location?.countryFullName ?? person.location?.country,
    ]) ??
    person.summary?.location;
  const photo =
    person.profileImageUrl?.network ??
    person.summary?.profileImage ??
    person.profileImageUrl?.codehost ??
    person.profileImageUrl?.microblog;
  const cover =
    person.backgroundImageUrl?.network ??
    person.backgroundImageUrl?.microblog ??
    person.backgroundImageUrl?.codehost;
  const work = person.experience?.work?.filter(hasData) ?? [];
  const volunteer = person.experience?.volunteer?.filter(hasData) ?? [];
  const education = person.education?.filter(hasData) ?? [];
  const certifications = person.certifications?.filter(hasData) ?? [];
  const accomplishments = person.accomplishments;
  const presence = person.socialPresence;
  return (
    <article class="profile-card" aria-label={name ?? 'Person'}>
      <Cover src={cover} />
      <header class="profile-head">
        <Avatar src={photo} name={name} shape="round" />
        <div class="profile-head-text">
          <Name class="profile-name">{name ?? 'Name not known'}</Name>
          {person.nickname && <p class="muted">“{person.nickname}”</p>}
          {(person.headline ?? person.jobTitle ?? person.summary?.jobTitle) && (
            <p class="profile-headline">{person.headline ?? person.jobTitle ?? person.summary?.jobTitle}</p>
          )}
          {location && <p class="muted">{location}</p>}
        </div>
      </header>
      <Facts
        rows={[
          ['Job title', person.jobTitle !== person.headline ? person.jobTitle : null],
          ['Works at', person.summary?.currentCompanies?.filter(Boolean).join(', ')],
          ['Industries', person.industries?.filter(Boolean).join(', ')],
          ['Gender (inferred)', person.inferredGender],
          ['Followers', presence?.followers?.total != null ? formatNumber(presence.followers.total) : null],
          [
            'Connections',
            presence?.connections?.total != null ? formatNumber(presence.connections.total) : null,
          ],
          ['Updated', person.meta?.updatedAt ? formatTimestamp(person.meta.updatedAt) : null],
          ['Last active', person.meta?.activityAt ? formatTimestamp(person.meta.activityAt) : null],
        ]}
      />
      {person.about?.trim() && (
        <Block title="About" level={sub}>
          <FoldText text={person.about} />
        </Block>
      )}
      {(hasData(person.headlineTimeseries) || hasData(presence?.followersCountTimeseries)) && (
        <Block title="Over time" level={sub}>
          <TimeSeriesChart title="Headline" points={person.headlineTimeseries ?? []} />
          <TimeSeriesChart title="Followers" points={presence?.followersCountTimeseries ?? []} />
        </Block>
      )}
      {(hasData(presence?.followers) || hasData(presence?.connections)) && (
        <Block title="Social presence" level={sub}>
          {hasData(presence?.followers) && (
            <>
              <p class="small muted">Followers</p>
              <Facts rows={countRows(presence?.followers)} />
            </>
          )}
          {hasData(presence?.connections) && (
            <>
              <p class="small muted">Connections</p>
              <Facts rows={countRows(presence?.connections)} />
            </>
          )}
        </Block>
      )}
      <Links person={person} asked={asked('socialLink')} level={sub} />
      <Contact person={person} asked={asked} level={sub} />
      {work.length > 0 && (
        <Block title="Experience" level={sub} count={work.length}>
          <FoldList
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
                  {job.description?.trim() && <FoldText text={job.description} max={160} />}
                </Entry>
              );
            }}
          />
        </Block>
      )}
      {volunteer.length > 0 && (
        <Block title="Volunteering" level={sub} count={volunteer.length}>
          <FoldList
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
                {entry.description?.trim() && <FoldText text={entry.description} max={160} />}
              </Entry>
            )}
          />
        </Block>
      )}
      {education.length > 0 && (
        <Block title="Education" level={sub} count={education.length}>
          <FoldList
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
                {school.description?.trim() && <FoldText text={school.description} max={160} />}
              </Entry>
            )}
          />
        </Block>
      )}
      {certifications.length > 0 && (
        <Block title="Certifications" level={sub} count={certifications.length}>
          <FoldList
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
                    <ExternalLink href={certification.organizationUrl}>
                      {certification.authority}
                    </ExternalLink>
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
        </Block>
      )}
      {hasData(accomplishments) && (
        <Block title="Accomplishments" level={sub}>
          <Listed
            title="Organisations"
            items={accomplishments?.organizations}
            render={(entry) => (
              <Entry
                main={entry.name}
                sub={entry.position}
                meta={period(entry.startDate, entry.endDate, 'unknown')}
              >
                {entry.description?.trim() && <FoldText text={entry.description} max={160} />}
              </Entry>
            )}
          />
          <Listed
            title="Honours and awards"
            items={accomplishments?.honorsAwards}
            render={(entry) => (
              <Entry main={entry.title} sub={entry.issuer} meta={formatIsoDate(entry.issuedDate)}>
                {entry.description?.trim() && <FoldText text={entry.description} max={160} />}
              </Entry>
            )}
          />
          <Listed
            title="Courses"
            items={accomplishments?.courses}
            render={(entry) => <Entry main={entry.name} meta={entry.number} />}
          />
          <Listed
            title="Projects"
            items={accomplishments?.projects}
            render={(entry) => (
              <Entry
                main={entry.title && <ExternalLink href={entry.url}>{entry.title}</ExternalLink>}
                meta={period(entry.startDate, entry.endDate, 'unknown')}
              >
                {entry.description?.trim() && <FoldText text={entry.description} max={160} />}
              </Entry>
            )}
          />
          <Listed
            title="Test scores"
            items={accomplishments?.testScores}
            render={(entry) => (
              <Entry main={entry.name} sub={entry.score} meta={formatIsoDate(entry.date)}>
                {entry.description?.trim() && <FoldText text={entry.description} max={160} />}
              </Entry>
            )}
          />
        </Block>
      )}
      {hasData(person.publications) && (
        <Block title="Publications" level={sub} count={person.publications?.length}>
          <FoldList
            items={person.publications!.filter(hasData)}
            noun="publications"
            render={(entry) => (
              <Entry
                main={entry.title && <ExternalLink href={entry.url}>{entry.title}</ExternalLink>}
                sub={entry.publisher}
                meta={formatIsoDate(entry.publishedDate)}
              >
                {entry.description?.trim() && <FoldText text={entry.description} max={160} />}
              </Entry>
            )}
          />
        </Block>
      )}
      {hasData(person.patents) && (
        <Block title="Patents" level={sub} count={person.patents?.length}>
          <FoldList
            items={person.patents!.filter(hasData)}
            noun="patents"
            render={(entry) => (
              <Entry
                main={entry.title && <ExternalLink href={entry.url}>{entry.title}</ExternalLink>}
                sub={joinParts(
                  [
                    entry.issuer,
                    entry.patentNumber && `Patent ${entry.patentNumber}`,
                    entry.applicationNumber && `Application ${entry.applicationNumber}`,
                  ],
                  ' · ',
                )}
                meta={formatIsoDate(entry.issuedDate)}
              >
                {entry.description?.trim() && <FoldText text={entry.description} max={160} />}
              </Entry>
            )}
          />
        </Block>
      )}
      {hasData(person.languages) && (
        <Block title="Languages" level={sub}>
          <ul class="entries compact">
            {person.languages!.filter(hasData).map((language, index) => (
              <li key={index}>
                <Entry
                  main={language.name}
                  sub={language.proficiency ? humanize(language.proficiency) : null}
                />
              </li>
            ))}
          </ul>
        </Block>
      )}
      {hasData(person.interests) && (
        <Block title="Interests" level={sub}>
          <Chips items={person.interests!.filter((value) => value.trim())} />
        </Block>
      )}
      <Career person={person} asked={asked('careerInsight')} level={sub} />
      <Developer person={person} asked={asked('developerProfile')} level={sub} />
      {hasData(person.recommendations) && (
        <Block title="Recommendations" level={sub} count={person.recommendations?.length}>
          <FoldList
            items={person.recommendations!.filter((text) => text.trim())}
            noun="recommendations"
            shown={2}
            render={(text) => (
              <blockquote class="recommendation">
                <FoldText text={text} max={200} />
              </blockquote>
            )}
          />
        </Block>
      )}
      {hasData(person.activities) && (
        <Block title="Activities" level={sub} count={person.activities?.length}>
          <FoldList
            items={person.activities!.filter(hasData)}
            noun="activities"
            render={(entry) => (
              <Entry main={<ExternalLink href={entry.url}>{entry.title ?? entry.url}</ExternalLink>} />
            )}
          />
        </Block>
      )}
      {hasData(person.articles) && (
        <Block title="Articles" level={sub} count={person.articles?.length}>
          <FoldList
            items={person.articles!.filter(hasData)}
            noun="articles"
            render={(entry) => (
              <Entry
                main={<ExternalLink href={entry.url}>{entry.title ?? entry.url}</ExternalLink>}
                sub={entry.author}
                meta={formatIsoDate(entry.publishedDate)}
              />
            )}
          />
        </Block>
      )}
      {hasData(person.groups) && (
        <Block title="Groups" level={sub} count={person.groups?.length}>
          <FoldList
            items={person.groups!.filter(hasData)}
            noun="groups"
            render={(entry) => (
              <Entry
                main={<ExternalLink href={entry.link}>{entry.name ?? entry.link}</ExternalLink>}
                meta={entry.type}
              />
            )}
          />
        </Block>
      )}
      <RelatedList
        title="Related profiles"
        items={person.relatedProfiles}
        level={sub}
        noun="people"
        read={readRelatedProfile}
      />
      <RelatedList
        title="Similar names"
        items={person.similarNames}
        level={sub}
        noun="people"
        read={readRelatedProfile}
      />
    </article>
  );
}

/** A titled list inside a section (the accomplishments' kinds). */
function Listed<T extends object>({
  title,
  items,
  render,
}: {
  title: string;
  items: readonly T[] | null | undefined;
  render: (item: T) => ComponentChildren;
}) {
  const shown = items?.filter(hasData) ?? [];
  if (shown.length === 0) return null;
  return (
    <div class="sub-list">
      <p class="small muted">{title}</p>
      <FoldList items={shown} noun={title.toLowerCase()} render={render} />
    </div>
  );
}

function Links({ person, asked, level }: { person: PersonV3; asked: boolean; level: HeadingLevel }) {
  const links = person.contactInformation?.socialLinks;
  const slug = person.slug;
  const rows: FactRow[] = [
    [
      'Main network',
      link(links?.networkUrl ?? (slug?.network ? canonicalPersonUrl(slug.network) : null), slug?.network),
    ],
    [
      'Code host',
      link(
        links?.codehostUrl ?? (slug?.codehost ? canonicalHandleUrl('codehost', slug.codehost) : null),
        slug?.codehost,
      ),
    ],
    [
      'Social network',
      link(
        links?.socialUrl ?? (slug?.social ? canonicalHandleUrl('social', slug.social) : null),
        slug?.social,
      ),
    ],
    [
      'Microblog',
      link(
        links?.microblogUrl ?? (slug?.microblog ? canonicalHandleUrl('microblog', slug.microblog) : null),
        slug?.microblog,
      ),
    ],
    ['Website', link(links?.websiteUrl, null)],
  ];
  const any = rows.some(([, value]) => value);
  if (!any && !asked) return null;
  return (
    <Block title="Profiles and links" level={level}>
      {any ? <Facts rows={rows} /> : <NotAvailable />}
    </Block>
  );
}

function link(url: string | null | undefined, text: string | null | undefined) {
  if (!url) return null;
  return <ExternalLink href={url}>{text || url}</ExternalLink>;
}

function Contact({
  person,
  asked,
  level,
}: {
  person: PersonV3;
  asked: (flag: string) => boolean;
  level: HeadingLevel;
}) {
  const contact = person.contactInformation;
  const groups = [
    ['Personal emails', 'personalEmail', contact?.emails?.personal],
    ['Work emails', 'workEmail', contact?.emails?.work],
  ] as const;
  const phones = contact?.phoneNumbers?.filter((value) => value.trim()) ?? [];
  const shownGroups = groups.filter(([, flag, emails]) => hasData(emails) || asked(flag));
  if (shownGroups.length === 0 && phones.length === 0 && !asked('phoneNumber')) return null;
  return (
    <Block title="Contact" level={level}>
      {shownGroups.map(([title, , emails]) => (
        <div class="sub-list" key={title}>
          <p class="small muted">{title}</p>
          {hasData(emails) ? (
            <ul class="entries compact">
              {emails!.filter(hasData).map((email, index) => (
                <li key={index}>
                  <Entry
                    main={<span class="found-email">{email.email ?? email.normalized}</span>}
                    meta={joinParts(
                      [
                        typeof email.validity === 'boolean'
                          ? email.validity
                            ? 'valid'
                            : 'not valid'
                          : email.validity,
                        email.validatedAt && `checked ${formatTimestamp(email.validatedAt)}`,
                        email.gateway,
                      ],
                      ' · ',
                    )}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <NotAvailable />
          )}
        </div>
      ))}
      {(phones.length > 0 || asked('phoneNumber')) && (
        <div class="sub-list">
          <p class="small muted">Phone numbers</p>
          {phones.length > 0 ? (
            <ul class="entries compact">
              {phones.map((phone) => (
                <li key={phone}>{phone}</li>
              ))}
            </ul>
          ) : (
            <NotAvailable />
          )}
        </div>
      )}
    </Block>
  );
}

function Career({ person, asked, level }: { person: PersonV3; asked: boolean; level: HeadingLevel }) {
  const career = person.careerInsight;
  if (!hasData(career) && !asked) return null;
  const seniority = career?.seniority;
  const years = (value: number | null | undefined) =>
    value == null ? null : `${value.toLocaleString('en', { maximumFractionDigits: 1 })} years`;
  return (
    <Block title="Career insight" level={level}>
      {hasData(career) ? (
        <>
          <Facts
            rows={[
              ['Estimated salary', formatRange(career?.estimatedSalary?.min, career?.estimatedSalary?.max)],
              ['Experience', years(seniority?.totalExperienceYears)],
              ['In current role', years(seniority?.currentTenureYears)],
              ['Average tenure', years(seniority?.averageTenureYears)],
              ['Influencer', seniority?.isInfluencer == null ? null : seniority.isInfluencer ? 'yes' : 'no'],
            ]}
          />
          {hasData(career?.inferredSkills) && <Chips items={career!.inferredSkills!} />}
        </>
      ) : (
        <NotAvailable />
      )}
    </Block>
  );
}

function Developer({ person, asked, level }: { person: PersonV3; asked: boolean; level: HeadingLevel }) {
  const codehost = person.developerProfile?.codehost;
  if (!hasData(codehost) && !asked) return null;
  const count = (value: number | null | undefined) => (value == null ? null : formatNumber(value));
  return (
    <Block title="Developer profile" level={level}>
      {hasData(codehost) ? (
        <>
          <Facts
            rows={[
              [
                'Code host',
                codehost?.username ? (
                  <ExternalLink href={canonicalHandleUrl('codehost', codehost.username)}>
                    {codehost.username}
                  </ExternalLink>
                ) : null,
              ],
              ['Followers', count(codehost?.followersCount)],
              ['Following', count(codehost?.followingCount)],
              ['Public repositories', count(codehost?.publicReposCount)],
              ['Public gists', count(codehost?.publicGistsCount)],
              ['Contributions', count(codehost?.contributionsCount)],
            ]}
          />
          {hasData(codehost?.languages) && <Chips items={codehost!.languages!} />}
        </>
      ) : (
        <NotAvailable />
      )}
    </Block>
  );
}

function readRelatedProfile(related: V3RelatedProfile): RelatedEntry {
  return { url: related.url, name: related.name, sub: related.headline, meta: related.location };
}
