/**
 * The whole company (or school: the two share one shape): logo, name, tagline, the facts (industry,
 * type, size band, headquarters, website, founded, followers), about, specialities, every location,
 * updates, similar and affiliated companies, and the optional blocks (categories, funding, exits,
 * acquisitions, extra) when they were asked for. Long sections fold; text only; only http(s) links.
 */
import { COMPANY_OPTIONAL_BLOCKS } from '@/lib/api/assumptions';
import type { CompanyProfile, Location, RelatedCompany } from '@/lib/api/schemas';
import { formatTimestamp } from '../format';
import { displayHost } from '../safe-url';
import {
  AnyValue,
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
  labelOf,
  NotAvailable,
  type RelatedEntry,
  RelatedList,
} from './parts';
import { formatCompanySize, formatNumber, formatSpecDate, humanize, joinParts } from './profile-format';

export interface CompanyViewProps {
  company: CompanyProfile;
  kind: 'company' | 'school';
  /** The optional blocks the answer was asked with. */
  requested?: readonly string[];
  level?: 2 | 3;
}

/** What a person calls each optional block. */
const BLOCK_TITLES: { readonly [B in (typeof COMPANY_OPTIONAL_BLOCKS)[number]]: string } = {
  categories: 'Categories',
  funding_data: 'Funding',
  exit_data: 'Investment exits',
  acquisitions: 'Acquisitions',
  extra: 'Extra details',
};

/** "1600 Amphitheatre Parkway, Mountain View, CA 94043, US". */
export function formatAddress(location: Location | null | undefined): string | null {
  if (!location) return null;
  return joinParts([
    location.line_1,
    location.city,
    joinParts([location.state, location.postal_code], ' '),
    location.country,
  ]);
}

function headquarters(company: CompanyProfile): Location | null {
  return company.hq ?? company.locations?.find((location) => location.is_hq) ?? null;
}

export function CompanyView({ company, kind, requested = [], level = 2 }: CompanyViewProps) {
  const sub = (level + 1) as HeadingLevel;
  const Name = `h${level}` as 'h2';
  const name = company.name?.trim() || null;
  const website = company.website?.trim() || null;
  const websiteHost = displayHost(website);
  const locations = company.locations?.filter(hasData) ?? [];
  const updates = company.updates?.filter(hasData) ?? [];
  const specialities = company.specialities?.filter((value) => value.trim()) ?? [];
  return (
    <article class="profile-card" aria-label={name ?? (kind === 'school' ? 'School' : 'Company')}>
      <Cover src={company.background_cover_image_url} />
      <header class="profile-head">
        <Avatar src={company.profile_pic_url} name={name} shape="square" />
        <div class="profile-head-text">
          <Name class="profile-name">{name ?? 'Name not known'}</Name>
          {company.tagline && <p class="profile-headline">{company.tagline}</p>}
          {company.industry && <p class="muted">{company.industry}</p>}
        </div>
      </header>
      <Facts
        rows={[
          ['Type', company.company_type ? humanize(company.company_type) : null],
          ['Size', company.company_size ? formatCompanySize(company.company_size) : null],
          [
            'On the network',
            company.company_size_on_network != null
              ? `${formatNumber(company.company_size_on_network)} ${kind === 'school' ? 'people' : 'employees'}`
              : null,
          ],
          ['Headquarters', formatAddress(headquarters(company))],
          ['Website', websiteHost ? <ExternalLink href={website}>{websiteHost}</ExternalLink> : website],
          ['Founded', company.founded_year != null ? String(company.founded_year) : null],
          ['Followers', company.follower_count != null ? formatNumber(company.follower_count) : null],
          ['Search id', company.search_id],
        ]}
      />
      {company.meta?.thin_profile && <p class="muted small">The service holds only a thin profile of it.</p>}
      {company.description?.trim() && (
        <Block title="About" level={sub}>
          <FoldText text={company.description} />
        </Block>
      )}
      {specialities.length > 0 && (
        <Block title="Specialities" level={sub} count={specialities.length}>
          <Chips items={specialities} />
        </Block>
      )}
      {locations.length > 0 && (
        <Block title="Locations" level={sub} count={locations.length}>
          <FoldList
            items={locations}
            noun="locations"
            render={(location) => (
              <Entry
                main={joinParts([location.city, location.state, location.country])}
                sub={formatAddress(location)}
                meta={location.is_hq ? 'Headquarters' : null}
              />
            )}
          />
        </Block>
      )}
      <Updates items={updates} level={sub} />
      <RelatedList
        title={kind === 'school' ? 'Similar schools' : 'Similar companies'}
        items={company.similar_companies}
        level={sub}
        noun={kind === 'school' ? 'schools' : 'companies'}
        read={readRelatedCompany}
      />
      <RelatedList
        title="Affiliated companies"
        items={company.affiliated_companies}
        level={sub}
        noun="companies"
        read={readRelatedCompany}
      />
      {COMPANY_OPTIONAL_BLOCKS.map((block) => {
        const value = company[block];
        if (!hasData(value) && !requested.includes(block)) return null;
        return (
          <Block key={block} title={BLOCK_TITLES[block] ?? labelOf(block)} level={sub}>
            {hasData(value) ? <AnyValue value={value} /> : <NotAvailable />}
          </Block>
        );
      })}
      {company.meta?.last_updated && (
        <p class="muted small">Last updated by the service: {formatTimestamp(company.meta.last_updated)}</p>
      )}
    </article>
  );
}

/** The company's posts, two shown until unfolded. */
function Updates({ items, level }: { items: NonNullable<CompanyProfile['updates']>; level: HeadingLevel }) {
  if (items.length === 0) return null;
  return (
    <Block title="Updates" level={level} count={items.length}>
      <FoldList
        items={items}
        noun="updates"
        shown={2}
        render={(update) => (
          <Entry
            main={null}
            meta={joinParts(
              [
                formatSpecDate(update.posted_on),
                update.total_likes != null
                  ? `${formatNumber(update.total_likes)} ${update.total_likes === 1 ? 'like' : 'likes'}`
                  : null,
              ],
              ' · ',
            )}
          >
            {update.text?.trim() && <FoldText text={update.text} max={200} />}
            {displayHost(update.article_link) && (
              <ExternalLink href={update.article_link}>
                Read it on {displayHost(update.article_link)}
              </ExternalLink>
            )}
          </Entry>
        )}
      />
    </Block>
  );
}

function readRelatedCompany(related: RelatedCompany): RelatedEntry {
  return { url: related.link, name: related.name, sub: related.industry, meta: related.location };
}
