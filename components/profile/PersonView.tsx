/**
 * The whole v2 person profile (`person.profile`, also for social and microblog pages), not a
 * summary: head, about, experience, education, languages, certifications, projects, the other
 * accomplishments, recommendations, activities, people also viewed, similarly named, and the
 * optional fields when they were asked for. Every field may be missing; a missing one is left out.
 * Long sections fold. Everything is text; only http(s) links are made.
 */
import type { PERSON_ENRICHMENT_FIELDS } from '@/lib/api/assumptions';
import type { PersonProfile, RelatedPerson } from '@/lib/api/schemas';
import { canonicalHandleUrl, canonicalPersonUrl, type HandleNetwork } from '@/lib/networks';
import { formatTimestamp } from '../format';
import {
  Avatar,
  Block,
  Chips,
  Cover,
  Entry,
  ExternalLink,
  Facts,
  FoldList,
  FoldText,
  type HeadingLevel,
  hasData,
  NotAvailable,
  type RelatedEntry,
  RelatedList,
  UnshownEntry,
} from './parts';
import {
  formatNumber,
  formatPeriod,
  formatRange,
  formatSpecDate,
  formatSpecMonth,
  humanize,
  joinParts,
} from './profile-format';

/** The request params that ask for an optional field (`extra`, `skills`, ...). */
export type PersonOption = keyof typeof PERSON_ENRICHMENT_FIELDS;

export interface PersonViewProps {
  person: PersonProfile;
  /** The options the answer was asked with: an asked-for field that is missing says so. */
  requested?: readonly string[];
  /** The level of the name's heading; its sections are one below. */
  level?: 2 | 3;
}

/** The arrays whose element shape the spec does not show, with what a person calls them. */
const UNSHOWN_SECTIONS = [
  ['accomplishment_organisations', 'Organisations', 'organisations'],
  ['accomplishment_publications', 'Publications', 'publications'],
  ['accomplishment_honors_awards', 'Honours and awards', 'awards'],
  ['accomplishment_patents', 'Patents', 'patents'],
  ['accomplishment_courses', 'Courses', 'courses'],
  ['accomplishment_test_scores', 'Test scores', 'test scores'],
  ['volunteer_work', 'Volunteering', 'entries'],
  ['articles', 'Articles', 'articles'],
  ['groups', 'Groups', 'groups'],
] as const;

const ID_LINKS: readonly [PersonOption & `${HandleNetwork}_profile_id`, HandleNetwork, string][] = [
  ['codehost_profile_id', 'codehost', 'Code host'],
  ['social_profile_id', 'social', 'Social network'],
  ['microblog_profile_id', 'microblog', 'Microblog'],
];

export function personName(person: PersonProfile): string | null {
  return person.full_name?.trim() || joinParts([person.first_name, person.last_name], ' ');
}

export function PersonView({ person, requested = [], level = 2 }: PersonViewProps) {
  const sub = (level + 1) as HeadingLevel;
  const name = personName(person);
  const location =
    person.location_str ?? joinParts([person.city, person.state, person.country_full_name ?? person.country]);
  const asked = (option: PersonOption) => requested.includes(option);
  const experiences = person.experiences?.filter(hasData) ?? [];
  const education = person.education?.filter(hasData) ?? [];
  const projects = person.accomplishment_projects?.filter(hasData) ?? [];
  const certifications = person.certifications?.filter(hasData) ?? [];
  const recommendations = person.recommendations?.filter((text) => text.trim()) ?? [];
  const activities = person.activities?.filter(hasData) ?? [];
  const profileUrl = person.public_identifier ? canonicalPersonUrl(person.public_identifier) : null;
  const Name = `h${level}` as 'h2';
  return (
    <article class="profile-card" aria-label={name ?? 'Person'}>
      <Cover src={person.background_cover_image_url} />
      <header class="profile-head">
        <Avatar src={person.profile_pic_url} name={name} shape="round" />
        <div class="profile-head-text">
          <Name class="profile-name">{name ?? 'Name not known'}</Name>
          {person.headline && <p class="profile-headline">{person.headline}</p>}
          {person.occupation && person.occupation !== person.headline && (
            <p class="muted">{person.occupation}</p>
          )}
          {location && <p class="muted">{location}</p>}
        </div>
      </header>
      <Facts
        rows={[
          ['Followers', person.follower_count != null ? formatNumber(person.follower_count) : null],
          ['Connections', person.connections != null ? formatNumber(person.connections) : null],
          [
            'Profile',
            profileUrl && <ExternalLink href={profileUrl}>{person.public_identifier}</ExternalLink>,
          ],
        ]}
      />
      {person.meta?.thin_profile && (
        <p class="muted small">The service holds only a thin profile for this person.</p>
      )}
      {person.summary?.trim() && (
        <Block title="About" level={sub}>
          <FoldText text={person.summary} />
        </Block>
      )}
      {experiences.length > 0 && (
        <Block title="Experience" level={sub} count={experiences.length}>
          <FoldList
            items={experiences}
            noun="experiences"
            render={(experience) => (
              <Entry
                main={experience.title}
                sub={
                  experience.company && (
                    <ExternalLink href={experience.company_network_profile_url}>
                      {experience.company}
                    </ExternalLink>
                  )
                }
                meta={joinParts(
                  [
                    formatPeriod(
                      formatSpecMonth(experience.starts_at),
                      formatSpecMonth(experience.ends_at),
                      'present',
                    ),
                    experience.location,
                  ],
                  ' · ',
                )}
              >
                {experience.description?.trim() && <FoldText text={experience.description} max={160} />}
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
                main={
                  school.school && (
                    <ExternalLink href={school.school_network_profile_url}>{school.school}</ExternalLink>
                  )
                }
                sub={joinParts([school.degree_name, school.field_of_study])}
                meta={joinParts(
                  [
                    formatPeriod(
                      formatSpecMonth(school.starts_at),
                      formatSpecMonth(school.ends_at),
                      'unknown',
                    ),
                    school.grade && `Grade ${school.grade}`,
                  ],
                  ' · ',
                )}
              >
                {school.activities_and_societies?.trim() && (
                  <p class="small">Activities and societies: {school.activities_and_societies}</p>
                )}
                {school.description?.trim() && <FoldText text={school.description} max={160} />}
              </Entry>
            )}
          />
        </Block>
      )}
      <Languages person={person} level={sub} />
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
                sub={joinParts([certification.authority, certification.display_source], ' · ')}
                meta={joinParts(
                  [
                    formatPeriod(
                      formatSpecMonth(certification.starts_at),
                      formatSpecMonth(certification.ends_at),
                      'unknown',
                    ),
                    certification.license_number && `Licence ${certification.license_number}`,
                  ],
                  ' · ',
                )}
              />
            )}
          />
        </Block>
      )}
      {projects.length > 0 && (
        <Block title="Projects" level={sub} count={projects.length}>
          <FoldList
            items={projects}
            noun="projects"
            render={(project) => (
              <Entry
                main={project.title && <ExternalLink href={project.url}>{project.title}</ExternalLink>}
                meta={formatPeriod(
                  formatSpecMonth(project.starts_at),
                  formatSpecMonth(project.ends_at),
                  'unknown',
                )}
              >
                {project.description?.trim() && <FoldText text={project.description} max={160} />}
              </Entry>
            )}
          />
        </Block>
      )}
      {UNSHOWN_SECTIONS.map(([field, title, noun]) => {
        const items = (person[field] ?? []).filter(hasData);
        return items.length > 0 ? (
          <Block key={field} title={title} level={sub} count={items.length}>
            <FoldList items={items} noun={noun} render={(item) => <UnshownEntry item={item} />} />
          </Block>
        ) : null;
      })}
      {recommendations.length > 0 && (
        <Block title="Recommendations" level={sub} count={recommendations.length}>
          <FoldList
            items={recommendations}
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
      {activities.length > 0 && (
        <Block title="Activities" level={sub} count={activities.length}>
          <FoldList
            items={activities}
            noun="activities"
            render={(activity) => (
              <Entry
                main={activity.title && <ExternalLink href={activity.link}>{activity.title}</ExternalLink>}
                meta={activity.activity_status}
              />
            )}
          />
        </Block>
      )}
      <RelatedList
        title="People also viewed"
        items={person.people_also_viewed}
        level={sub}
        noun="people"
        read={readRelatedPerson}
      />
      <RelatedList
        title="Similarly named"
        items={person.similarly_named_profiles}
        level={sub}
        noun="people"
        read={readRelatedPerson}
      />
      <Optional person={person} asked={asked} level={sub} />
      {person.meta?.last_updated && (
        <p class="muted small">Last updated by the service: {formatTimestamp(person.meta.last_updated)}</p>
      )}
    </article>
  );
}

function Languages({ person, level }: { person: PersonProfile; level: HeadingLevel }) {
  const withProficiency = person.languages_and_proficiencies?.filter((language) => language.name) ?? [];
  const named = new Set(withProficiency.map((language) => language.name!.toLowerCase()));
  const others = (person.languages ?? []).filter((name) => name.trim() && !named.has(name.toLowerCase()));
  if (withProficiency.length === 0 && others.length === 0) return null;
  return (
    <Block title="Languages" level={level}>
      {withProficiency.length > 0 && (
        <ul class="entries compact">
          {withProficiency.map((language, index) => (
            <li key={index}>
              <Entry
                main={language.name}
                sub={language.proficiency ? humanize(language.proficiency) : null}
              />
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && <Chips items={others} />}
    </Block>
  );
}

/** The optional fields: shown when present, and said to be missing when asked for and absent. */
function Optional({
  person,
  asked,
  level,
}: {
  person: PersonProfile;
  asked: (option: PersonOption) => boolean;
  level: HeadingLevel;
}) {
  const extra = person.extra;
  const ids = ID_LINKS.filter(([option]) => hasData(person[option]) || asked(option));
  const numbers = person.personal_numbers?.filter((value) => value.trim()) ?? [];
  const emails = person.personal_emails?.filter((value) => value.trim()) ?? [];
  const salary = person.inferred_salary;
  const skills = person.skills?.filter((value) => value.trim()) ?? [];
  return (
    <>
      {(hasData(extra) || asked('extra')) && (
        <Block title="Extra details" level={level}>
          {hasData(extra) ? (
            <>
              <Facts
                rows={[
                  ['Gender', extra?.gender],
                  ['Birth date', formatSpecDate(extra?.birth_date)],
                  ['Industry', extra?.industry],
                ]}
              />
              {extra?.interests && extra.interests.length > 0 && <Chips items={extra.interests} />}
            </>
          ) : (
            <NotAvailable free />
          )}
        </Block>
      )}
      {ids.length > 0 && (
        <Block title="Other profiles" level={level}>
          <Facts
            rows={ids.map(([option, network, label]) => {
              const id = person[option];
              return [
                label,
                id ? (
                  <ExternalLink href={canonicalHandleUrl(network, id)}>{id}</ExternalLink>
                ) : (
                  <span class="muted">not available, not charged</span>
                ),
              ] as const;
            })}
          />
        </Block>
      )}
      {(numbers.length > 0 || asked('personal_contact_number')) && (
        <Block title="Personal phone numbers" level={level} count={numbers.length}>
          {numbers.length > 0 ? (
            <ul class="entries compact">
              {numbers.map((number) => (
                <li key={number}>{number}</li>
              ))}
            </ul>
          ) : (
            <NotAvailable free />
          )}
        </Block>
      )}
      {(emails.length > 0 || asked('personal_email')) && (
        <Block title="Personal emails" level={level} count={emails.length}>
          {emails.length > 0 ? (
            <ul class="entries compact">
              {emails.map((email) => (
                <li key={email} class="found-email">
                  {email}
                </li>
              ))}
            </ul>
          ) : (
            <NotAvailable free />
          )}
        </Block>
      )}
      {(hasData(salary) || asked('inferred_salary')) && (
        <Block title="Inferred salary" level={level}>
          {hasData(salary) ? (
            <p>
              {formatRange(salary?.min, salary?.max)}{' '}
              <span class="muted small">as the service infers it (currency and period not stated)</span>
            </p>
          ) : (
            <NotAvailable free />
          )}
        </Block>
      )}
      {(skills.length > 0 || asked('skills')) && (
        <Block title="Skills" level={level} count={skills.length}>
          {skills.length > 0 ? <Chips items={skills} /> : <NotAvailable free />}
        </Block>
      )}
    </>
  );
}

function readRelatedPerson(related: RelatedPerson): RelatedEntry {
  return { url: related.link, name: related.name, sub: related.summary, meta: related.location };
}
