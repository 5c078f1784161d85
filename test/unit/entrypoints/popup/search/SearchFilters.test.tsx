/**
 * The popup's forms and what they say, on their own: every filter of both searches is in the form
 * exactly once; the rules between fields are said where they apply; what is missing is said in a
 * person's words; the "charged when nothing is found" words follow the quote; and the CSV export
 * writes exactly the rows and texts given.
 */

import Papa from 'papaparse';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { choiceWords } from '../../../../../components/forms/ParamFieldInput';
import { blockedWords, requiredNames, shownProblems } from '../../../../../entrypoints/popup/form-words';
import { noMatchWords } from '../../../../../entrypoints/popup/lookup/LookupTab';
import { precedenceNotes, SearchFilters } from '../../../../../entrypoints/popup/search/SearchFilters';
import { searchCsvColumns, searchRowText } from '../../../../../entrypoints/popup/search/SearchResultRow';
import { SEARCH_LAYOUTS } from '../../../../../entrypoints/popup/search/search-groups';
import { formProblems, PARAM_FIELDS } from '../../../../../lib/api/fields';
import { csvFileName, rowsToCsv } from '../../../../../lib/csv';

let container: HTMLElement | undefined;

afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

describe('the search forms', () => {
  it.each(['person.search', 'company.search'] as const)(
    '%s: every filter of the spec is in exactly one place',
    (id) => {
      const layout = SEARCH_LAYOUTS[id];
      const placed = [...layout.common, ...layout.more.flatMap((group) => group.names)] as string[];
      const filters = PARAM_FIELDS[id].filter((field) => field.kind !== 'cursor').map((field) => field.name);
      expect([...placed].sort()).toEqual([...filters].sort());
      expect(new Set(placed).size).toBe(placed.length);
    },
  );

  it('labels each field in words, with the parameter name beside it, and folds the rest', () => {
    container = document.createElement('div');
    document.body.append(container);
    const values = {
      current_company_employee_count_category: 'startup',
      current_company_employee_count_min: '5',
    };
    act(() => {
      render(
        <SearchFilters
          endpointId="person.search"
          layout={SEARCH_LAYOUTS['person.search']}
          values={values}
          problems={formProblems('person.search', values)}
          onValue={() => {}}
          moreOpen={false}
          onToggleMore={() => {}}
          onClear={() => {}}
        />,
        container!,
      );
    });
    const title = [...container.querySelectorAll('label')].find(
      (label) => label.textContent === 'Current title',
    )!;
    const input = document.getElementById(title.htmlFor) as HTMLInputElement;
    expect(input).not.toBeNull();
    expect(title.parentElement!.querySelector('.param-name')!.textContent).toBe('current_role_title');
    // The more filters are folded, and say how many of them are set.
    const more = [...container.querySelectorAll('button')].find((button) =>
      button.textContent?.includes('More filters'),
    )!;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.textContent).toContain('2 set');
    expect(document.getElementById(more.getAttribute('aria-controls')!)!.hidden).toBe(true);
  });

  it('says which field takes precedence, and when a value is ignored because of it', () => {
    expect(precedenceNotes('company.search', {})).toMatchObject({
      employee_count_category: {
        text: 'Any choice but Custom takes precedence over “Employees, at least” and “Employees, at most”.',
      },
      employee_count_min: { text: 'Used only while “Company size” is Custom.', warning: false },
    });
    const notes = precedenceNotes('company.search', {
      employee_count_category: 'small',
      employee_count_max: '9',
    });
    expect(notes.employee_count_max).toEqual({
      text: 'Ignored: “Company size” is Small, which takes precedence.',
      warning: true,
    });
    expect(notes.employee_count_min!.warning).toBe(false); // not given: nothing is ignored
  });

  it('refuses skills with all-of-these-skills, a page past its cap, and an expression too long', () => {
    const problems = formProblems('person.search', {
      skills: 'python',
      skills_all_in_list: 'python,sql',
      enrich_profiles: 'enrich',
      page_size: '50',
      headline: 'x'.repeat(256),
    });
    expect(problems).toMatchObject({
      skills_all_in_list: 'cannot be combined with skills',
      page_size: 'must be at most 10 when enrich_profiles=enrich',
      headline: 'must be at most 255 characters (got 256)',
    });
    expect(blockedWords('person.search', problems, { headline: 'x' })).toBe(
      'Correct the 3 fields marked above to see the cost.',
    );
  });
});

describe('the lookup forms', () => {
  it('say what is missing in words, and mark no blank field as an error', () => {
    const values = { first_name: 'Ada' };
    const problems = formProblems('person.lookup', values);
    expect(blockedWords('person.lookup', problems, values)).toBe('Fill in Company to see the cost.');
    expect(shownProblems(problems, values)).toEqual({});
    expect([...requiredNames('person.lookup')].sort()).toEqual(['company_domain', 'first_name']);
    expect(blockedWords('company.lookup', formProblems('company.lookup', {}), {})).toBe(
      'Fill in Company name or Company domain to see the cost.',
    );
    expect(blockedWords('email.lookup', formProblems('email.lookup', {}), {})).toBe(
      'Fill in Email to see the cost.',
    );
    const typo = { email: 'ada@' };
    expect(shownProblems(formProblems('email.lookup', typo), typo)).toEqual({
      email: 'must be an email address like name@example.com',
    });
  });

  it('say from the quote whether finding nothing is charged', () => {
    expect(noMatchWords({ min: 3, max: 3, lines: [] })).toBe(
      'As chosen, 3 credits are charged even when nothing is found.',
    );
    expect(noMatchWords({ min: 0, max: 3, lines: [] })).toBe(
      'As chosen, nothing is charged when nothing is found.',
    );
    expect(noMatchWords({ min: null, max: null, lines: [] })).toBeNull();
  });

  it('word a choice as a person reads it', () => {
    expect(choiceWords('PRIVATELY_HELD')).toBe('Privately held');
    expect(choiceWords('if-recent')).toBe('If recent');
  });
});

describe('CSV export', () => {
  it('writes a header and the rows as given, quoting what needs it and defusing formulas', async () => {
    const csv = await rowsToCsv(
      [
        { header: 'Name', value: (row: { name: string; n: number | null }) => row.name },
        { header: 'Count', value: (row: { name: string; n: number | null }) => row.n },
      ],
      [
        { name: 'Ada, Countess of Lovelace', n: 1 },
        { name: 'Say "hi"', n: null },
        { name: '=HYPERLINK("http://evil")', n: 3 },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'Name,Count',
      '"Ada, Countess of Lovelace",1',
      '"Say ""hi""",',
      `"'=HYPERLINK(""http://evil"")",3`,
    ]);
  });

  it('exports the search rows with the same texts the list shows', async () => {
    const results = [
      {
        network_profile_url: 'https://www.linkedin.com/in/ada-lovelace',
        profile: {
          full_name: 'Ada Lovelace',
          headline: 'Analyst',
          city: 'London',
          country_full_name: 'United Kingdom',
        },
        last_updated: '2026-01-02T03:04:05Z',
      },
      {
        network_profile_url: 'https://www.linkedin.com/in/charles-babbage',
        profile: null,
        last_updated: null,
      },
    ];
    const rows = Papa.parse<Record<string, string>>(
      await rowsToCsv(searchCsvColumns('person.search'), results),
      {
        header: true,
      },
    ).data;
    expect(rows).toEqual([
      {
        'Profile URL': 'https://www.linkedin.com/in/ada-lovelace',
        Name: 'Ada Lovelace',
        Headline: 'Analyst',
        Location: 'London, United Kingdom',
        'Last updated': '2026-01-02',
      },
      {
        'Profile URL': 'https://www.linkedin.com/in/charles-babbage',
        Name: 'charles-babbage',
        Headline: '',
        Location: '',
        'Last updated': '',
      },
    ]);
    expect(searchRowText('person.search', results[1]!).name).toBe('charles-babbage');
  });

  it('names the file after the search and the minute', () => {
    expect(csvFileName('person-search', new Date(2026, 10, 23, 9, 5))).toBe(
      'person-search-2026-11-23-0905.csv',
    );
  });
});
