/**
 * A v2 person's history (`person.profile`): experience, education, languages, certifications and
 * projects, each a section, each left out when the answer has none.
 */
import type { PersonProfile } from '@/lib/api/schemas';
import { Block, Chips, Entry, ExternalLink, type HeadingLevel, hasData } from './parts';
import { Description, EntryBlock, LanguageEntries } from './person-parts';
import { formatPeriod, formatSpecMonth, joinParts } from './profile-format';

export function PersonHistory({ person, level }: { person: PersonProfile; level: HeadingLevel }) {
  const experiences = person.experiences?.filter(hasData) ?? [];
  const education = person.education?.filter(hasData) ?? [];
  const certifications = person.certifications?.filter(hasData) ?? [];
  const projects = person.accomplishment_projects?.filter(hasData) ?? [];
  return (
    <>
      <Experience items={experiences} level={level} />
      <Education items={education} level={level} />
      <Languages person={person} level={level} />
      <Certifications items={certifications} level={level} />
      <Projects items={projects} level={level} />
    </>
  );
}

function Experience({
  items,
  level,
}: {
  items: NonNullable<PersonProfile['experiences']>;
  level: HeadingLevel;
}) {
  if (items.length === 0) return null;
  return (
    <EntryBlock
      title="Experience"
      level={level}
      items={items}
      noun="experiences"
      render={(experience) => (
        <Entry
          main={experience.title}
          sub={
            experience.company && (
              <ExternalLink href={experience.company_network_profile_url}>{experience.company}</ExternalLink>
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
          <Description text={experience.description} />
        </Entry>
      )}
    />
  );
}

function Education({
  items,
  level,
}: {
  items: NonNullable<PersonProfile['education']>;
  level: HeadingLevel;
}) {
  if (items.length === 0) return null;
  return (
    <EntryBlock
      title="Education"
      level={level}
      items={items}
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
              formatPeriod(formatSpecMonth(school.starts_at), formatSpecMonth(school.ends_at), 'unknown'),
              school.grade && `Grade ${school.grade}`,
            ],
            ' · ',
          )}
        >
          {school.activities_and_societies?.trim() && (
            <p class="small">Activities and societies: {school.activities_and_societies}</p>
          )}
          <Description text={school.description} />
        </Entry>
      )}
    />
  );
}

function Certifications({
  items,
  level,
}: {
  items: NonNullable<PersonProfile['certifications']>;
  level: HeadingLevel;
}) {
  if (items.length === 0) return null;
  return (
    <EntryBlock
      title="Certifications"
      level={level}
      items={items}
      noun="certifications"
      render={(certification) => (
        <Entry
          main={
            certification.name && <ExternalLink href={certification.url}>{certification.name}</ExternalLink>
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
  );
}

function Projects({
  items,
  level,
}: {
  items: NonNullable<PersonProfile['accomplishment_projects']>;
  level: HeadingLevel;
}) {
  if (items.length === 0) return null;
  return (
    <EntryBlock
      title="Projects"
      level={level}
      items={items}
      noun="projects"
      render={(project) => (
        <Entry
          main={project.title && <ExternalLink href={project.url}>{project.title}</ExternalLink>}
          meta={formatPeriod(formatSpecMonth(project.starts_at), formatSpecMonth(project.ends_at), 'unknown')}
        >
          <Description text={project.description} />
        </Entry>
      )}
    />
  );
}

function Languages({ person, level }: { person: PersonProfile; level: HeadingLevel }) {
  const withProficiency = person.languages_and_proficiencies?.filter((language) => language.name) ?? [];
  const named = new Set(withProficiency.map((language) => language.name!.toLowerCase()));
  const others = (person.languages ?? []).filter((name) => name.trim() && !named.has(name.toLowerCase()));
  if (withProficiency.length === 0 && others.length === 0) return null;
  return (
    <Block title="Languages" level={level}>
      {withProficiency.length > 0 && <LanguageEntries languages={withProficiency} />}
      {others.length > 0 && <Chips items={others} />}
    </Block>
  );
}
