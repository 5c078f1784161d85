/**
 * How the popup arranges each search's filters: the ones people use most first, the rest under
 * "More filters" in groups a person recognises. Only the order and grouping live here; every
 * label, kind, bound and default is the registry's (lib/api/fields.ts PARAM_FIELDS). Names are
 * typed by the endpoint's own parameters, so a renamed parameter fails the typecheck, and a test
 * (test/unit/entrypoints/popup/search/SearchFilters.test.tsx) checks that every filter of the spec is in exactly one group.
 */
import type { ParamName } from '@/lib/api/params';

export type SearchEndpointId = 'person.search' | 'company.search';

/**
 * A search starts at 10 results a page, not the service's 100: its first quote (up to 30 credits
 * for people) then fits a usual daily budget, where 100 a page (up to 300) would ask "Spend anyway?"
 * on the very first search. The person raises it in the form; PAGE_SIZE_NOTE says how.
 */
export const SEARCH_STARTING_VALUES: Readonly<Record<string, string>> = { page_size: '10' };

export const PAGE_SIZE_NOTE =
  'Starts at 10 a page to keep the first search cheap. Raise it (up to 100) for more a page, or load the next page.';

export interface FilterGroup<Id extends SearchEndpointId = SearchEndpointId> {
  title: string;
  names: readonly ParamName<Id>[];
}

export interface SearchLayout<Id extends SearchEndpointId = SearchEndpointId> {
  /** Shown at once. */
  common: readonly ParamName<Id>[];
  /** Under "More filters". */
  more: readonly FilterGroup<Id>[];
}

const person: SearchLayout<'person.search'> = {
  common: [
    'first_name',
    'last_name',
    'current_role_title',
    'current_company_name',
    'country',
    'city',
    'page_size',
  ],
  more: [
    {
      title: 'About the person',
      names: [
        'headline',
        'summary',
        'region',
        'industries',
        'skills',
        'skills_all_in_list',
        'languages',
        'interests',
        'groups',
        'follower_count_min',
        'follower_count_max',
      ],
    },
    {
      title: 'Current role',
      names: ['current_job_description', 'current_role_after', 'current_role_before'],
    },
    {
      title: 'Current company',
      names: [
        'current_company_profile_url',
        'current_company_domain_name',
        'current_company_type',
        'current_company_industry',
        'current_company_primary_industry',
        'current_company_specialities',
        'current_company_description',
        'current_company_country',
        'current_company_region',
        'current_company_city',
        'current_company_employee_count_category',
        'current_company_employee_count_min',
        'current_company_employee_count_max',
        'current_company_follower_count_min',
        'current_company_follower_count_max',
        'current_company_founded_after_year',
        'current_company_founded_before_year',
        'current_company_funding_amount_min',
        'current_company_funding_amount_max',
        'current_company_funding_raised_after',
        'current_company_funding_raised_before',
      ],
    },
    {
      title: 'Past roles',
      names: ['past_role_title', 'past_company_name', 'past_company_profile_url', 'past_job_description'],
    },
    {
      title: 'Education',
      names: [
        'education_school_name',
        'education_school_profile_url',
        'education_degree_name',
        'education_field_of_study',
      ],
    },
    {
      title: 'Particular profiles',
      names: ['public_identifier_in_list', 'public_identifier_not_in_list'],
    },
    { title: 'Results', names: ['enrich_profiles', 'use_cache'] },
  ],
};

const company: SearchLayout<'company.search'> = {
  common: ['name', 'domain_name', 'industry', 'country', 'city', 'page_size'],
  more: [
    {
      title: 'About the company',
      names: [
        'description',
        'specialities',
        'primary_industry',
        'type',
        'region',
        'founded_after_year',
        'founded_before_year',
        'follower_count_min',
        'follower_count_max',
      ],
    },
    {
      title: 'Size',
      names: ['employee_count_category', 'employee_count_min', 'employee_count_max'],
    },
    {
      title: 'Funding',
      names: ['funding_amount_min', 'funding_amount_max', 'funding_raised_after', 'funding_raised_before'],
    },
    {
      title: 'Particular companies',
      names: ['public_identifier_in_list', 'public_identifier_not_in_list'],
    },
    { title: 'Results', names: ['enrich_profiles', 'use_cache'] },
  ],
};

export const SEARCH_LAYOUTS: { readonly [Id in SearchEndpointId]: SearchLayout<Id> } = {
  'person.search': person,
  'company.search': company,
};
