/**
 * "Copy for CRM" in the side panel (entrypoints/sidepanel/profile/CopyForCrm.tsx), with a stand-in
 * for the background: the profile shown goes on the clipboard as the chosen CRM's header line and
 * its one row, or as one vCard; a row Salesforce would refuse is not copied and says why; emails
 * and numbers only when they were asked for with the answer.
 */
import Papa from 'papaparse';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { panelCrmRecord } from '../../../../../entrypoints/sidepanel/profile/CopyForCrm';
import type { Answered } from '../../../../../lib/action-state';
import { completePerson } from '../../../../support/complete-answers';
import {
  ACME_URL,
  answer,
  click,
  fakeBrowser,
  handlers,
  mountPanel,
  settle,
  unmountPanel,
} from '../../../../support/side-panel';

afterEach(unmountPanel);

/** The panel on Ada's page, her profile (the complete fictional person) already cached. */
async function panelWith(data: unknown) {
  const harness = fakeBrowser(handlers({ run: () => answer(data, { cached: true, credits: 0 }) }));
  const copied: string[] = [];
  harness.backend.copyText = async (text) => {
    copied.push(text);
  };
  const root = await mountPanel(harness.backend);
  await settle();
  return { root, copied };
}

async function choose(root: HTMLElement, value: string) {
  const select = root.querySelector<HTMLSelectElement>('.copy-for-crm select')!;
  await act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function copyFor(root: HTMLElement, copied: string[]) {
  await click(root, 'Copy for CRM');
  for (let i = 0; i < 50 && copied.length === 0 && !root.querySelector('.copy-for-crm .error'); i++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

describe('Copy for CRM in the panel', () => {
  it('offers the person presets and a vCard, and copies the header line and this one row', async () => {
    const { root, copied } = await panelWith(completePerson);
    const select = root.querySelector<HTMLSelectElement>('.copy-for-crm select')!;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'HubSpot contacts (CSV row)',
      'Salesforce leads (CSV row)',
      'Pipedrive people (CSV row)',
      'vCard',
    ]);
    await copyFor(root, copied);
    const parsed = Papa.parse<string[]>(copied[0]!, { skipEmptyLines: true });
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data[0]!.slice(0, 3)).toEqual(['First name', 'Last name', 'Email']);
    expect(parsed.data[1]!.slice(0, 6)).toEqual(['Amara', 'Okafor', '', '', 'Data Engineer', 'Harbourline']);
    expect(root.textContent).toContain('Copied the header and this row for HubSpot contacts');
  });

  it('copies one vCard', async () => {
    const { root, copied } = await panelWith(completePerson);
    await choose(root, 'vcard');
    await copyFor(root, copied);
    expect(copied[0]!.match(/BEGIN:VCARD/g)).toHaveLength(1);
    expect(copied[0]).toContain('N:Okafor;Amara;;;\r\n');
    expect(root.textContent).toContain('Copied one vCard');
  });

  it('copies nothing for Salesforce when the person has no company, and says why', async () => {
    const { experiences: _none, ...withoutCompany } = completePerson;
    const { root, copied } = await panelWith(withoutCompany);
    await choose(root, 'salesforce-leads');
    await copyFor(root, copied);
    expect(copied).toEqual([]);
    expect(root.querySelector('.copy-for-crm [role="status"]')!.textContent).toBe(
      'Not copied: Salesforce requires a company and none was found',
    );
  });
});

describe('what the panel copies of an answer', () => {
  const held: Answered<unknown> = {
    data: completePerson,
    fetchedAt: Date.UTC(2026, 10, 27),
    cached: false,
    ageMs: 0,
    stale: false,
    credits: 3,
  };

  it('emails and numbers only when they were asked for with the answer', () => {
    const without = panelCrmRecord({ kind: 'person', answer: held, requested: [], url: undefined });
    expect(without!.fields).not.toHaveProperty('emails');
    expect(without!.fields).not.toHaveProperty('phones');
    const emailsOnly = panelCrmRecord({
      kind: 'person',
      answer: held,
      requested: ['personal_email'],
      url: undefined,
    });
    expect(emailsOnly!.fields.emails).toEqual(['amara.okafor@example.com']);
    expect(emailsOnly!.fields).not.toHaveProperty('phones');
    expect(emailsOnly).toMatchObject({ fetchedAt: held.fetchedAt, credits: 3 });
  });

  it("a company answer carries the page's address", () => {
    const record = panelCrmRecord({
      kind: 'company',
      answer: { ...held, data: { name: 'Acme', website: 'https://acme.example' } },
      requested: [],
      url: ACME_URL,
    });
    expect(record!.fields).toMatchObject({
      company: 'Acme',
      companyDomain: 'acme.example',
      profileUrl: ACME_URL,
    });
  });
});
