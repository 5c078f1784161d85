/**
 * The whole v2 person profile (`person.profile`, also for social and microblog pages), not a
 * summary: head, about, experience, education, languages, certifications, projects, the other
 * accomplishments, recommendations, activities, people also viewed, similarly named, and the
 * optional fields when they were asked for. Every field may be missing; a missing one is left out.
 * Long sections fold. Everything is text; only http(s) links are made.
 */
import { useEffect, useState } from 'preact/hooks';
import type { PersonProfile, RelatedPerson } from '@/lib/api/schemas';
import { canonicalPersonUrl } from '@/lib/networks';
import { formatTimestamp } from '../format';
import { PersonHistory } from './PersonHistory';
import { type PersonOption, PersonOptional } from './PersonOptional';
import {
  Block,
  Entry,
  ExternalLink,
  Facts,
  FoldList,
  FoldText,
  type HeadingLevel,
  hasData,
  type RelatedEntry,
  UnshownEntry,
} from './parts';
import { EntryBlock, PersonHead, Recommendations, RelatedPeople } from './person-parts';
import { formatNumber, joinParts } from './profile-format';

export interface PersonViewProps {
  person: PersonProfile;
  /** The options the answer was asked with: an asked-for field that is missing says so. */
  requested?: readonly string[];
  /** The level of the name's heading; its sections are one below. */
  level?: 2 | 3;
  /**
   * Draw the head, the facts and "About" first, and the sections under them once that frame is
   * on screen: the side panel's first frame of a long profile then holds what its first screen
   * shows, and is laid out and painted sooner (test/bench/panel-open.ts).
   */
  headFirst?: boolean;
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

export function personName(person: PersonProfile): string | null {
  return person.full_name?.trim() || joinParts([person.first_name, person.last_name], ' ');
}

export function PersonView({ person, requested = [], level = 2, headFirst = false }: PersonViewProps) {
  const drawsAll = useFirstFrameDrawn() || !headFirst;
  const sub = (level + 1) as HeadingLevel;
  const name = personName(person);
  const location =
    person.location_str ?? joinParts([person.city, person.state, person.country_full_name ?? person.country]);
  const asked = (option: PersonOption) => requested.includes(option);
  const recommendations = person.recommendations?.filter((text) => text.trim()) ?? [];
  const activities = person.activities?.filter(hasData) ?? [];
  const profileUrl = person.public_identifier ? canonicalPersonUrl(person.public_identifier) : null;
  return (
    <article class="profile-card" aria-label={name ?? 'Person'}>
      <PersonHead
        cover={person.background_cover_image_url}
        photo={person.profile_pic_url}
        name={name}
        level={level}
      >
        {person.headline && <p class="profile-headline">{person.headline}</p>}
        {person.occupation && person.occupation !== person.headline && (
          <p class="muted">{person.occupation}</p>
        )}
        {location && <p class="muted">{location}</p>}
      </PersonHead>
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
      {drawsAll && (
        <>
          <PersonHistory person={person} level={sub} />
          {UNSHOWN_SECTIONS.map(([field, title, noun]) => {
            const items = (person[field] ?? []).filter(hasData);
            return items.length > 0 ? (
              <Block key={field} title={title} level={sub} count={items.length}>
                <FoldList items={items} noun={noun} render={(item) => <UnshownEntry item={item} />} />
              </Block>
            ) : null;
          })}
          {recommendations.length > 0 && <Recommendations texts={recommendations} level={sub} />}
          {activities.length > 0 && (
            <EntryBlock
              title="Activities"
              level={sub}
              items={activities}
              noun="activities"
              render={(activity) => (
                <Entry
                  main={activity.title && <ExternalLink href={activity.link}>{activity.title}</ExternalLink>}
                  meta={activity.activity_status}
                />
              )}
            />
          )}
          <RelatedPeople
            lists={[
              ['People also viewed', person.people_also_viewed],
              ['Similarly named', person.similarly_named_profiles],
            ]}
            level={sub}
            read={readRelatedPerson}
          />
          <PersonOptional person={person} asked={asked} level={sub} />
          {person.meta?.last_updated && (
            <p class="muted small">
              Last updated by the service: {formatTimestamp(person.meta.last_updated)}
            </p>
          )}
        </>
      )}
    </article>
  );
}

/** False in a view's first render, true once that render is on screen (Preact runs effects after the next frame). */
function useFirstFrameDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  return drawn;
}

function readRelatedPerson(related: RelatedPerson): RelatedEntry {
  return { url: related.link, name: related.name, sub: related.summary, meta: related.location };
}
