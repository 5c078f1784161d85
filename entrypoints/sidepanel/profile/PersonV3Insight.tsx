/**
 * What is known of a v3 person's reach and career (`person.v3`): the headline and follower series
 * over time, followers and connections by network, career insight and developer profile (the
 * last two behind include flags: shown when present, said to be missing when asked for).
 */
import {
  Block,
  Chips,
  ExternalLink,
  type FactRow,
  Facts,
  type HeadingLevel,
  hasData,
  NotAvailable,
} from '@/components/profile/parts';
import { formatNumber, formatRange } from '@/components/profile/profile-format';
import type { PersonV3, V3NetworkCounts } from '@/lib/api/schemas';
import { canonicalHandleUrl } from '@/lib/networks';
import { TimeSeriesChart } from './TimeSeriesChart';

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

export function PersonV3Presence({ person, level }: { person: PersonV3; level: HeadingLevel }) {
  const presence = person.socialPresence;
  return (
    <>
      {(hasData(person.headlineTimeseries) || hasData(presence?.followersCountTimeseries)) && (
        <Block title="Over time" level={level}>
          <TimeSeriesChart title="Headline" points={person.headlineTimeseries ?? []} />
          <TimeSeriesChart title="Followers" points={presence?.followersCountTimeseries ?? []} />
        </Block>
      )}
      {(hasData(presence?.followers) || hasData(presence?.connections)) && (
        <Block title="Social presence" level={level}>
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
    </>
  );
}

export function PersonV3Career({
  person,
  asked,
  level,
}: {
  person: PersonV3;
  asked: boolean;
  level: HeadingLevel;
}) {
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

export function PersonV3Developer({
  person,
  asked,
  level,
}: {
  person: PersonV3;
  asked: boolean;
  level: HeadingLevel;
}) {
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
