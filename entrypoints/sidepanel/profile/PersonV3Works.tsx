/**
 * What a v3 person made and did (`person.v3`): accomplishments (organisations, honours, courses,
 * projects, test scores), publications and patents; and their activities, articles and groups.
 */
import type { ComponentChildren } from 'preact';
import { Block, Entry, ExternalLink, FoldList, type HeadingLevel, hasData } from '@/components/profile/parts';
import { Description, EntryBlock } from '@/components/profile/person-parts';
import { formatIsoDate, joinParts } from '@/components/profile/profile-format';
import type { PersonV3 } from '@/lib/api/schemas';
import { period } from './PersonV3History';

export function PersonV3Accomplishments({ person, level }: { person: PersonV3; level: HeadingLevel }) {
  const accomplishments = person.accomplishments;
  return (
    <>
      {hasData(accomplishments) && (
        <Block title="Accomplishments" level={level}>
          <Listed
            title="Organisations"
            items={accomplishments?.organizations}
            render={(entry) => (
              <Entry
                main={entry.name}
                sub={entry.position}
                meta={period(entry.startDate, entry.endDate, 'unknown')}
              >
                <Description text={entry.description} />
              </Entry>
            )}
          />
          <Listed
            title="Honours and awards"
            items={accomplishments?.honorsAwards}
            render={(entry) => (
              <Entry main={entry.title} sub={entry.issuer} meta={formatIsoDate(entry.issuedDate)}>
                <Description text={entry.description} />
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
                <Description text={entry.description} />
              </Entry>
            )}
          />
          <Listed
            title="Test scores"
            items={accomplishments?.testScores}
            render={(entry) => (
              <Entry main={entry.name} sub={entry.score} meta={formatIsoDate(entry.date)}>
                <Description text={entry.description} />
              </Entry>
            )}
          />
        </Block>
      )}
      {hasData(person.publications) && (
        <EntryBlock
          title="Publications"
          level={level}
          count={person.publications?.length}
          items={person.publications!.filter(hasData)}
          noun="publications"
          render={(entry) => (
            <Entry
              main={entry.title && <ExternalLink href={entry.url}>{entry.title}</ExternalLink>}
              sub={entry.publisher}
              meta={formatIsoDate(entry.publishedDate)}
            >
              <Description text={entry.description} />
            </Entry>
          )}
        />
      )}
      {hasData(person.patents) && (
        <EntryBlock
          title="Patents"
          level={level}
          count={person.patents?.length}
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
              <Description text={entry.description} />
            </Entry>
          )}
        />
      )}
    </>
  );
}

export function PersonV3Activity({ person, level }: { person: PersonV3; level: HeadingLevel }) {
  return (
    <>
      {hasData(person.activities) && (
        <EntryBlock
          title="Activities"
          level={level}
          count={person.activities?.length}
          items={person.activities!.filter(hasData)}
          noun="activities"
          render={(entry) => (
            <Entry main={<ExternalLink href={entry.url}>{entry.title ?? entry.url}</ExternalLink>} />
          )}
        />
      )}
      {hasData(person.articles) && (
        <EntryBlock
          title="Articles"
          level={level}
          count={person.articles?.length}
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
      )}
      {hasData(person.groups) && (
        <EntryBlock
          title="Groups"
          level={level}
          count={person.groups?.length}
          items={person.groups!.filter(hasData)}
          noun="groups"
          render={(entry) => (
            <Entry
              main={<ExternalLink href={entry.link}>{entry.name ?? entry.link}</ExternalLink>}
              meta={entry.type}
            />
          )}
        />
      )}
    </>
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
