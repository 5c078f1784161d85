/**
 * The paginated endpoints: employee and student listings, person and company searches, job search;
 * and the employee count, which shares the listing's company and status rules.
 *
 * A page is an offset into the list the dataset returns in a stable order (see cursors.ts). With
 * `enrich_profiles=enrich` a listing or search page streams (app.ts writes it result by result).
 * A request about a published answer's subject (published.ts) gets its results through the same
 * pages, cursors and charges.
 */
import {
  JOB_SEARCH_CURSOR_PARAM,
  JOB_SEARCH_PAGE_SIZE,
  LISTING_CURSOR_PARAM,
  SEARCH_CURSOR_PARAM,
} from '../../lib/api/assumptions';
import { endpoints } from '../../lib/api/endpoints';
import { describeParamError } from '../../lib/api/params';
import {
  chargeFor,
  employeeCountCost,
  employeeListRate,
  JOB_SEARCH_COST,
  type ListingRate,
  searchRate,
  studentListRate,
} from '../billing';
import type { SandboxCompany, SandboxPerson, SearchFilters } from '../data/types';
import { badRequest, NOT_FOUND, type RouteAnswer, type RouteInput } from './context';
import {
  decodeJobPage,
  decodeListingCursor,
  decodeSearchToken,
  encodeJobPage,
  encodeListingCursor,
  encodeSearchToken,
  pageUrl,
  SEARCH_PAGING_PARAMS,
  searchFiltersOf,
} from './cursors';
import type { FreshnessRecord } from './freshness';
import {
  publishedCompanySearch,
  publishedEmployeeCount,
  publishedEmployees,
  publishedJobs,
  publishedPersonSearch,
  publishedStudents,
} from './published';
import { companyProfile, personProfile, timestamp } from './shape';
import { expressionProblem } from './validation';

/** Spec: "At most 10,000,000 results per search." */
const SEARCH_RESULT_CAP = 10_000_000;

interface Page {
  resultsKey: string;
  streamed: boolean;
  count: number;
  produce: (index: number) => unknown;
  tail: Record<string, unknown>;
  rate: ListingRate;
}

/** A page as a streamed answer, or as one JSON body charged for all its results. */
function pageAnswer({ resultsKey, streamed, count, produce, tail, rate }: Page): RouteAnswer {
  const costOf = (sent: number) => chargeFor(rate, sent);
  if (streamed) return { kind: 'stream', resultsKey, count, produce, tail, costOf };
  const results = Array.from({ length: count }, (_, index) => produce(index));
  return { kind: 'json', body: { [resultsKey]: results, ...tail }, cost: costOf(count) };
}

/**
 * The results a page is cut from: how many, and the one at a position, built only when it is sent
 * (a search may find thousands). The dataset's results and the published ones (published.ts) alike.
 */
interface ResultList {
  length: number;
  at: (position: number) => unknown;
}

function resultList<T>(items: readonly T[], entry: (item: T) => unknown): ResultList {
  return { length: items.length, at: (position) => entry(items[position]!) };
}

/** A person of the dataset or of a published answer, as listings and searches serve them. */
type ListedPerson = Pick<SandboxPerson, 'profile'> & FreshnessRecord;

/** A person in a listing or search page, embedded whole when enriched. */
function personEntry(
  person: ListedPerson,
  { params, freshness, now }: RouteInput<'employee.list' | 'student.list' | 'person.search'>,
): { profile: Record<string, unknown> | null; last_updated: string } {
  const useCache = 'use_cache' in params ? params.use_cache : undefined;
  const lastUpdated = freshness.serveBestEffort('person', person, useCache, now);
  return {
    profile: params.enrich_profiles === 'enrich' ? personProfile(person, lastUpdated) : null,
    last_updated: timestamp(lastUpdated),
  };
}

/** A company in a search page, embedded whole when enriched. */
function companyEntry(
  company: Pick<SandboxCompany, 'profile' | 'blocks'> & FreshnessRecord,
  { params, freshness, now }: RouteInput<'company.search'>,
): { profile: Record<string, unknown> | null; last_updated: string } {
  const lastUpdated = freshness.serveBestEffort('company', company, params.use_cache, now);
  return {
    profile: params.enrich_profiles === 'enrich' ? companyProfile(company, lastUpdated) : null,
    last_updated: timestamp(lastUpdated),
  };
}

// ---------------------------------------------------------------------------------------------
// Listings: cursor `after`, filters repeated by the next_page URL

type ListingId = 'employee.list' | 'student.list';

function listingOffset(cursor: string | undefined): number | RouteAnswer {
  if (cursor === undefined) return 0;
  return decodeListingCursor(cursor) ?? badRequest(LISTING_CURSOR_PARAM, 'is not a cursor of this listing');
}

/** The page at `offset` of a listing; `next_page` repeats the request with the next `after`. */
function listingPage(
  input: RouteInput<ListingId>,
  resultsKey: 'employees' | 'students',
  list: ResultList,
  offset: number,
  rate: ListingRate,
): RouteAnswer {
  const { params, origin, path, rawQuery } = input;
  const count = Math.max(0, Math.min(params.page_size, list.length - offset));
  const next = offset + count;
  return pageAnswer({
    resultsKey,
    streamed: params.enrich_profiles === 'enrich',
    count,
    produce: (index) => list.at(offset + index),
    tail: {
      next_page:
        next < list.length
          ? pageUrl(origin, path, { ...rawQuery, [LISTING_CURSOR_PARAM]: encodeListingCursor(next) })
          : null,
    },
    rate,
  });
}

/** The people of a listing of the dataset, by index, as its entries. */
function listedPeople(input: RouteInput<ListingId>, people: readonly number[]): ResultList {
  return resultList(people, (index) => {
    const person = input.queries.dataset.people[index]!;
    return { profile_url: person.url, ...personEntry(person, input) };
  });
}

function countries(list: string | undefined): string[] | undefined {
  return list?.split(',');
}

/** The search engine's regular expressions are anchored at both ends; a broken one is refused. */
function regexProblem(pattern: string | undefined): string | undefined {
  if (pattern === undefined) return undefined;
  try {
    new RegExp(`^(?:${pattern})$`, 'i');
    return undefined;
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message})`;
  }
}

export function employeeListRoute(input: RouteInput<'employee.list'>): RouteAnswer {
  const { params, queries, account } = input;
  const rate = employeeListRate(params, account.plan);
  const problem = regexProblem(params.role_search);
  if (problem) return badRequest('role_search', problem);
  const offset = listingOffset(params.after);
  if (typeof offset !== 'number') return offset;
  const published = publishedEmployees(params);
  if (published) {
    const list = resultList(published, ({ url, subject }) => ({
      profile_url: url,
      ...personEntry(subject, input),
    }));
    return listingPage(input, 'employees', list, offset, rate);
  }
  const company = queries.companyByUrl(params.url, {
    resolveNumericId: params.resolve_numeric_id === 'true',
  });
  if (!company) return NOT_FOUND;
  const employees = queries.listEmployees(company, {
    coyNameMatch: params.coy_name_match === 'include',
    country: countries(params.country),
    booleanRoleSearch: params.boolean_role_search,
    roleSearch: params.boolean_role_search === undefined ? params.role_search : undefined,
    employmentStatus: params.employment_status,
    sortBy: params.sort_by,
  });
  return listingPage(input, 'employees', listedPeople(input, employees), offset, rate);
}

export function studentListRoute(input: RouteInput<'student.list'>): RouteAnswer {
  const { params, queries } = input;
  const rate = studentListRate(params);
  const offset = listingOffset(params.after);
  if (typeof offset !== 'number') return offset;
  const published = publishedStudents(params);
  if (published) {
    const list = resultList(published, ({ url, subject }) => ({
      profile_url: url,
      ...personEntry(subject, input),
    }));
    return listingPage(input, 'students', list, offset, rate);
  }
  const school = queries.schoolByUrl(params.school_url, {
    resolveNumericId: params.resolve_numeric_id === 'true',
  });
  if (!school) return NOT_FOUND;
  const students = queries.listStudents(school, {
    country: countries(params.country),
    booleanSearchKeyword: params.boolean_search_keyword,
    studentStatus: params.student_status,
    sortBy: params.sort_by,
  });
  return listingPage(input, 'students', listedPeople(input, students), offset, rate);
}

export function employeeCountRoute({ params, queries, account }: RouteInput<'employee.count'>): RouteAnswer {
  const cost = employeeCountCost(params, account.plan);
  const company = queries.companyByUrl(params.url);
  const counts =
    publishedEmployeeCount(params) ??
    (company &&
      queries.countEmployees(company, {
        coyNameMatch: params.coy_name_match === 'include',
        atDate: params.at_date === undefined ? undefined : new Date(`${params.at_date}T00:00:00Z`),
        employmentStatus: params.employment_status,
      }));
  if (!counts) return NOT_FOUND;
  const { verified, estimated } = counts;
  const body =
    params.estimated_employee_count === 'include'
      ? { estimated_employee_count: estimated, verified_employee_count: verified }
      : { verified_employee_count: verified };
  return { kind: 'json', body, cost };
}

// ---------------------------------------------------------------------------------------------
// Searches: cursor `next_token`, which carries the filters

type SearchId = 'person.search' | 'company.search';

/** The canonical params of a search without its paging ones: what the queries filter on. */
function filtersOf<Id extends SearchId>(params: Readonly<Record<string, unknown>>): SearchFilters<Id> {
  return searchFiltersOf(params) as SearchFilters<Id>;
}

/**
 * The search a request asks for: its own filters, or with `next_token` the filters and offset the
 * token restores (the request's filters were validated by the registry and are not applied). A
 * token's filters are validated again, so a forged one is a 400 rather than a crash.
 */
function searchOf<Id extends SearchId>(
  id: Id,
  params: RouteInput<SearchId>['params'],
): { filters: SearchFilters<Id>; offset: number } | RouteAnswer {
  const token = params.next_token;
  if (token === undefined) return { filters: filtersOf<Id>(params), offset: 0 };
  const restored = decodeSearchToken(token);
  const checked = restored && endpoints[id].params.safeParse(restored.filters);
  const problem = checked?.success
    ? expressionProblem(id, checked.data)
    : checked && describeParamError(checked.error);
  if (!restored || !checked?.success || problem) {
    return badRequest(SEARCH_CURSOR_PARAM, `is not a cursor of this search${problem ? ` (${problem})` : ''}`);
  }
  return { filters: filtersOf<Id>(checked.data), offset: restored.offset };
}

/**
 * A page of a search: `find` gives the results of the filters (the dataset's, or a published
 * answer's when the filters are its subject). The next page's URL carries a token of the filters and
 * the next offset, plus the request's paging params.
 */
function searchPage<Id extends SearchId>(
  id: Id,
  input: RouteInput<Id>,
  find: (filters: SearchFilters<Id>) => ResultList,
): RouteAnswer {
  const { params, account, origin, path, rawQuery } = input;
  const rate = searchRate(params, account.plan);
  const streamed = params.enrich_profiles === 'enrich';
  const search = searchOf(id, params);
  if ('kind' in search) return search;
  const all = find(search.filters);
  const total = Math.min(all.length, SEARCH_RESULT_CAP);
  // The registry always fills page_size in (10 or 100, see fillSearchPageSize in lib/api/params.ts).
  const count = Math.max(0, Math.min(params.page_size!, total - search.offset));
  const next = search.offset + count;
  const paging = Object.fromEntries(
    Object.entries(rawQuery).filter(
      ([name]) => SEARCH_PAGING_PARAMS.has(name) && name !== SEARCH_CURSOR_PARAM,
    ),
  );
  return pageAnswer({
    resultsKey: 'results',
    streamed,
    count,
    produce: (index) => all.at(search.offset + index),
    tail: {
      next_page:
        next < total
          ? pageUrl(origin, path, {
              [SEARCH_CURSOR_PARAM]: encodeSearchToken(search.filters, next),
              ...paging,
            })
          : null,
      total_result_count: total,
    },
    rate,
  });
}

export function personSearchRoute(input: RouteInput<'person.search'>): RouteAnswer {
  const { queries } = input;
  return searchPage('person.search', input, (filters) => {
    const published = publishedPersonSearch(filters);
    if (published)
      return resultList(published, ({ url, subject }) => ({
        network_profile_url: url,
        ...personEntry(subject, input),
      }));
    return resultList(queries.searchPeople(filters), (index) => {
      const person = queries.dataset.people[index]!;
      return { network_profile_url: person.url, ...personEntry(person, input) };
    });
  });
}

export function companySearchRoute(input: RouteInput<'company.search'>): RouteAnswer {
  const { queries } = input;
  return searchPage('company.search', input, (filters) => {
    const published = publishedCompanySearch(filters);
    if (published)
      return resultList(published, ({ url, subject }) => ({
        network_profile_url: url,
        ...companyEntry(subject, input),
      }));
    return resultList(queries.searchCompanies(filters), (index) => {
      const company = queries.dataset.companies[index]!;
      return { network_profile_url: company.url, ...companyEntry(company, input) };
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Job search: cursor `pagination` = {"page": n}, filters repeated by the page URLs

/** The enum values that mean "no filter". */
const ANY = new Set(['anything', 'anytime']);

function filterValue(value: string | undefined): string | undefined {
  return value === undefined || ANY.has(value) ? undefined : value;
}

/** The jobs of one page of a job search, and whether another page follows. */
function jobPage(
  { params, queries, now }: RouteInput<'job.search'>,
  page: number,
): { jobs: unknown[]; nextPage: boolean } {
  // A published search (published.ts) holds one page of jobs and says that a next page exists; the
  // sandbox holds none of that page's jobs, so its page 1 is empty and ends the walk.
  const published = publishedJobs(params, now);
  if (published) return page === 0 ? published : { jobs: [], nextPage: false };
  const all = queries.searchJobs({
    jobType: filterValue(params.job_type),
    experienceLevel: filterValue(params.experience_level),
    when: filterValue(params.when),
    flexibility: filterValue(params.flexibility),
    geoId: params.geo_id,
    keyword: params.keyword,
    searchId: params.search_id,
  });
  const start = page * JOB_SEARCH_PAGE_SIZE;
  return {
    jobs: all
      .slice(start, start + JOB_SEARCH_PAGE_SIZE)
      .map((index) => queries.dataset.jobs[index]!.listEntry),
    nextPage: start + JOB_SEARCH_PAGE_SIZE < all.length,
  };
}

export function jobSearchRoute(input: RouteInput<'job.search'>): RouteAnswer {
  const { params, rawQuery, origin, path } = input;
  const page = params.pagination === undefined ? 0 : decodeJobPage(params.pagination);
  if (page === undefined) return badRequest(JOB_SEARCH_CURSOR_PARAM, 'is not a cursor of this search');
  const { jobs, nextPage } = jobPage(input, page);
  const urlOf = (n: number) =>
    pageUrl(origin, path, { ...rawQuery, [JOB_SEARCH_CURSOR_PARAM]: encodeJobPage(n) });
  const nextPageNo = nextPage ? page + 1 : null;
  const previousPageNo = page > 0 ? page - 1 : null;
  const body = {
    job: jobs,
    next_page_no: nextPageNo,
    next_page_api_url: nextPageNo === null ? null : urlOf(nextPageNo),
    previous_page_no: previousPageNo,
    previous_page_api_url: previousPageNo === null ? null : urlOf(previousPageNo),
  };
  return { kind: 'json', body, cost: JOB_SEARCH_COST };
}
