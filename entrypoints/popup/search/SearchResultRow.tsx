/**
 * One result of a person or company search as the popup lists it, and the same result as a CSV row:
 * the list and the export read the same text from the same function (searchRowText), so what is
 * exported is what is shown. A result is its profile address, plus the profile's name, headline or
 * industry and place when the search was enriched. Everything is text; only http(s) links are made.
 */

import { ExternalLink } from '@/components/profile/parts';
import { joinParts } from '@/components/profile/profile-format';
import { handleOf, textOf } from '@/components/results/ResultRows';
import { IN_CRM, IN_TEAM_CRM } from '@/hooks/useInCrm';
import type { RowOf } from '@/hooks/usePagedAction';
import type { CrmRecord } from '@/lib/crm/presets';
import { answerCrmRecord } from '@/lib/crm/records';
import type { CsvColumn } from '@/lib/csv';
import { formatQuote } from '@/lib/quote-format';
import type { SearchEndpointId } from './search-groups';
import type { ResultMark } from './useResultsMarks';

export interface SearchRowText {
  url: string | null;
  /** The profile's name, or the last part of its address when the search was not enriched. */
  name: string;
  /** Headline (people) or industry (companies). */
  detail: string | null;
  place: string | null;
  website: string | null;
  /** The day the service last updated the profile (YYYY-MM-DD). */
  updated: string | null;
}

/** The date part of an ISO 8601 timestamp, or null. */
function dayOf(value: unknown): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(textOf(value) ?? '');
  return match ? match[1]! : null;
}

/** One result of a search: a person's or a company's (usePagedAction's RowOf). */
export type SearchResult<Id extends SearchEndpointId = SearchEndpointId> = RowOf<Id>;

function fallbackName(url: string | null): string {
  return url ? handleOf(url) : 'Profile address missing';
}

function personRowText(result: SearchResult<'person.search'>): SearchRowText {
  const url = textOf(result?.network_profile_url);
  const profile = result?.profile;
  return {
    url,
    name:
      textOf(profile?.full_name) ??
      joinParts([textOf(profile?.first_name), textOf(profile?.last_name)], ' ') ??
      fallbackName(url),
    detail: textOf(profile?.headline) ?? textOf(profile?.occupation),
    place:
      textOf(profile?.location_str) ??
      joinParts([textOf(profile?.city), textOf(profile?.country_full_name) ?? textOf(profile?.country)]),
    website: null,
    updated: dayOf(result?.last_updated),
  };
}

function companyRowText(result: SearchResult<'company.search'>): SearchRowText {
  const url = textOf(result?.network_profile_url);
  const profile = result?.profile;
  const hq = profile?.hq;
  return {
    url,
    name: textOf(profile?.name) ?? fallbackName(url),
    detail: textOf(profile?.industry),
    place: joinParts([textOf(hq?.city), textOf(hq?.country)]),
    website: textOf(profile?.website),
    updated: dayOf(result?.last_updated),
  };
}

const ROW_TEXTS: { [Id in SearchEndpointId]: (result: SearchResult<Id>) => SearchRowText } = {
  'person.search': personRowText,
  'company.search': companyRowText,
};

/**
 * What a result shows, read from the result of the search it belongs to. Every value is read as
 * what it is (textOf): a row still streaming in is not validated yet (usePagedAction's arrivingRows).
 */
export function searchRowText<Id extends SearchEndpointId>(
  endpointId: Id,
  result: SearchResult<Id>,
): SearchRowText {
  return ROW_TEXTS[endpointId](result);
}

/** The export's columns, per search: the same texts the rows show. */
export function searchCsvColumns<Id extends SearchEndpointId>(endpointId: Id): CsvColumn<SearchResult<Id>>[] {
  const text = (result: SearchResult<Id>) => searchRowText(endpointId, result);
  const person = endpointId === 'person.search';
  return [
    { header: person ? 'Profile URL' : 'Company URL', value: (result) => text(result).url },
    { header: 'Name', value: (result) => text(result).name },
    { header: person ? 'Headline' : 'Industry', value: (result) => text(result).detail },
    { header: person ? 'Location' : 'Headquarters', value: (result) => text(result).place },
    ...(person ? [] : [{ header: 'Website', value: (result: SearchResult<Id>) => text(result).website }]),
    { header: 'Last updated', value: (result) => text(result).updated },
  ];
}

/**
 * The results shown, for the CRM exports: one record each, its profile when the search was
 * enriched (a search asks no emails or numbers). What one result cost is the page's, not the row's.
 */
export function searchCrmRecords<Id extends SearchEndpointId>(
  endpointId: Id,
  results: readonly SearchResult<Id>[],
): CrmRecord[] {
  const person = endpointId === 'person.search';
  return results.flatMap((result) => {
    const updated = Date.parse(textOf(result?.last_updated) ?? '');
    const record = answerCrmRecord({
      kind: person ? 'person' : 'company',
      data: result?.profile,
      url: textOf(result?.network_profile_url) ?? undefined,
      contacts: false,
      asked: person ? 'Person search' : 'Company search',
      fetchedAt: Number.isNaN(updated) ? null : updated,
      credits: null,
    });
    return record ? [record] : [];
  });
}

export interface SearchResultRowProps {
  endpointId: SearchEndpointId;
  result: SearchResult;
  /** What is known of it before it is opened: in a CRM reference, or (team mode) had by the team. */
  mark?: ResultMark;
  /** Opens the profile's page with the side panel beside it; absent when the address is unusable. */
  onShowInPanel?: (url: string) => void;
  /** Whether the row is chosen (to watch); absent when it cannot be chosen. */
  choice?: { chosen: boolean; onChoose: (chosen: boolean) => void };
}

export function SearchResultRow({ endpointId, result, mark, onShowInPanel, choice }: SearchResultRowProps) {
  const row = searchRowText(endpointId, result);
  const crm = mark?.inCrm ? IN_CRM : mark?.inTeamCrm ? IN_TEAM_CRM : null;
  return (
    <li class="result search-result">
      <span class="result-main">
        {choice && (
          <input
            type="checkbox"
            class="result-choice"
            aria-label={`Choose ${row.name}`}
            checked={choice.chosen}
            onChange={(event) => choice.onChoose(event.currentTarget.checked)}
          />
        )}
        <ExternalLink href={row.url}>{row.name}</ExternalLink>
        {crm && (
          <>
            {' '}
            <span class="in-crm">{crm}</span>
          </>
        )}
      </span>
      {row.detail && <span class="result-sub">{row.detail}</span>}
      {mark?.teamHas && (
        <span class="result-sub team-has">
          Its profile: {formatQuote({ min: 0, max: 0, teamHas: mark.teamHas })}
        </span>
      )}
      <div class="result-foot">
        <span class="result-sub muted">
          {joinParts([row.place, row.updated && `updated ${row.updated}`], ' · ')}
        </span>
        {row.url && onShowInPanel && (
          <button
            type="button"
            class="link small result-action"
            aria-label={`Show in side panel: ${row.name}`}
            onClick={() => onShowInPanel(row.url!)}
          >
            Show in side panel
          </button>
        )}
      </div>
    </li>
  );
}
