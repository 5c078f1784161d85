/**
 * A list's downloads (entrypoints/lists/run/ListDownloads.tsx) as the lists page shows them: the
 * vCards say Outlook reads only the first card, and "Export for CRM" offers the presets that have
 * rows, saves the chosen one (UTF-8 with a byte order mark, named after the list) and says how
 * many rows it holds.
 */
import Papa from 'papaparse';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { ListDownloads } from '../../../../../entrypoints/lists/run/ListDownloads';
import type { ListInput, ListRequestView, ListSummary } from '../../../../../lib/protocol';
import { listRequestView } from '../../../../support/list-views';

let container: HTMLElement | undefined;
afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

const INPUT: ListInput = {
  columns: ['Profile'],
  mapping: ['profile_url'],
  rows: [['ada'], ['acme'], ['ada again']],
  targets: [{ key: 'ada' }, { key: 'acme' }, { key: 'ada' }],
};

const REQUESTS = new Map<string, ListRequestView>([
  [
    'ada',
    listRequestView('ada', {
      status: 'done',
      credits: 1,
      fetchedAt: Date.UTC(2026, 10, 27),
      enriched: { fullName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical' },
    }),
  ],
  [
    'acme',
    listRequestView('acme', {
      endpointId: 'company.profile',
      status: 'done',
      credits: 1,
      fetchedAt: Date.UTC(2026, 10, 27),
      enriched: { company: 'Acme', companyDomain: 'acme.example', employeeCount: 120 },
    }),
  ],
]);

const SUMMARY = {
  name: 'Event leads',
  options: { freshness: 'if-present', withProfiles: true, contacts: false },
} as ListSummary;

async function mount() {
  const downloads: { fileName: string; text: string; type: string }[] = [];
  container = document.createElement('div');
  document.body.append(container);
  await act(() =>
    render(
      <ListDownloads
        input={INPUT}
        requests={REQUESTS}
        summary={SUMMARY}
        version={1}
        download={(fileName, parts, type) =>
          downloads.push({ fileName, text: parts.map(String).join(''), type })
        }
      />,
      container!,
    ),
  );
  return { page: container, downloads };
}

describe("a list's downloads", () => {
  it('say Outlook reads only the first card of the vCards file', async () => {
    const { page } = await mount();
    expect(page.textContent).toContain('Outlook reads only the first card of a file');
  });

  it('export for the chosen CRM: people and companies offered, one row each found, with a BOM', async () => {
    const { page, downloads } = await mount();
    const select = page.querySelector<HTMLSelectElement>('.crm-export select')!;
    expect(page.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Export for CRM');
    expect([...select.options].map((option) => option.value)).toEqual([
      'hubspot-contacts',
      'hubspot-companies',
      'salesforce-leads',
      'pipedrive-people',
    ]);
    await act(() => {
      select.value = 'hubspot-companies';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const save = [...page.querySelectorAll('button')].find(
      (b) => b.textContent === 'Download for HubSpot companies',
    )!;
    await act(() => save.click());
    for (let i = 0; i < 50 && downloads.length === 0; i++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    const [file] = downloads;
    expect(file!.fileName).toMatch(/^event-leads-hubspot-companies-.*\.csv$/);
    expect(file!.type).toBe('text/csv;charset=utf-8');
    expect(file!.text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<Record<string, string>>(file!.text.slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toEqual([
      expect.objectContaining({
        'Company name': 'Acme',
        'Company domain name': 'acme.example',
        'Number of employees': '120',
      }),
    ]);
    await act(async () => {});
    expect(page.querySelector('.crm-export [role="status"]')!.textContent).toBe(
      'Saved: 1 company in the file',
    );
  });

  it('a repeated row adds no second person', async () => {
    const { page, downloads } = await mount();
    await act(() =>
      [...page.querySelectorAll('button')]
        .find((b) => b.textContent === 'Download for HubSpot contacts')!
        .click(),
    );
    for (let i = 0; i < 50 && downloads.length === 0; i++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    const rows = Papa.parse<Record<string, string>>(downloads[0]!.text.slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((row) => [row['First name'], row['Last name'], row.Credits])).toEqual([
      ['Ada', 'Lovelace', '1'],
    ]);
  });
});
