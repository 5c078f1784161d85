/**
 * The whole v3 person profile (`person.v3`): every section of the spec's v3 shape, with the
 * headline and follower series drawn as small charts. Sections behind an include flag (social
 * links, phone numbers, personal and work emails, career insight, developer profile) show when
 * present, and say so when asked for and absent. Text only; only http(s) links are made.
 */
import { formatTimestamp } from '@/components/format';
import {
  Block,
  Chips,
  Facts,
  FoldText,
  type HeadingLevel,
  hasData,
  type RelatedEntry,
} from '@/components/profile/parts';
import {
  LanguageEntries,
  PersonHead,
  Recommendations,
  RelatedPeople,
} from '@/components/profile/person-parts';
import { formatNumber, joinParts } from '@/components/profile/profile-format';
import type { PersonV3, V3RelatedProfile } from '@/lib/api/schemas';
import { PersonV3Contact, PersonV3Links } from './PersonV3Contact';
import { PersonV3History } from './PersonV3History';
import { PersonV3Career, PersonV3Developer, PersonV3Presence } from './PersonV3Insight';
import { PersonV3Accomplishments, PersonV3Activity } from './PersonV3Works';

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

export function PersonV3View({ person, requested = [], level = 2 }: PersonV3ViewProps) {
  const sub = (level + 1) as HeadingLevel;
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
  const presence = person.socialPresence;
  return (
    <article class="profile-card" aria-label={name ?? 'Person'}>
      <PersonHead cover={cover} photo={photo} name={name} level={level}>
        {person.nickname && <p class="muted">“{person.nickname}”</p>}
        {(person.headline ?? person.jobTitle ?? person.summary?.jobTitle) && (
          <p class="profile-headline">{person.headline ?? person.jobTitle ?? person.summary?.jobTitle}</p>
        )}
        {location && <p class="muted">{location}</p>}
      </PersonHead>
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
      <PersonV3Presence person={person} level={sub} />
      <PersonV3Links person={person} asked={asked('socialLink')} level={sub} />
      <PersonV3Contact person={person} asked={asked} level={sub} />
      <PersonV3History person={person} level={sub} />
      <PersonV3Accomplishments person={person} level={sub} />
      {hasData(person.languages) && (
        <Block title="Languages" level={sub}>
          <LanguageEntries languages={person.languages!.filter(hasData)} />
        </Block>
      )}
      {hasData(person.interests) && (
        <Block title="Interests" level={sub}>
          <Chips items={person.interests!.filter((value) => value.trim())} />
        </Block>
      )}
      <PersonV3Career person={person} asked={asked('careerInsight')} level={sub} />
      <PersonV3Developer person={person} asked={asked('developerProfile')} level={sub} />
      {hasData(person.recommendations) && (
        <Recommendations
          texts={person.recommendations!.filter((text) => text.trim())}
          count={person.recommendations?.length}
          level={sub}
        />
      )}
      <PersonV3Activity person={person} level={sub} />
      <RelatedPeople
        lists={[
          ['Related profiles', person.relatedProfiles],
          ['Similar names', person.similarNames],
        ]}
        level={sub}
        read={readRelatedProfile}
      />
    </article>
  );
}

function readRelatedProfile(related: V3RelatedProfile): RelatedEntry {
  return { url: related.url, name: related.name, sub: related.headline, meta: related.location };
}
