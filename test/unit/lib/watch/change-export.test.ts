/**
 * The recorded changes as files: the CSV a spreadsheet opens (header, cells, formula-safe, UTF-8
 * with a byte order mark) and the JSON that reads back to what was recorded; a person's event with
 * its kind, certainty and evidence, a company's change as it was.
 */
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changesCsv,
  changesJson,
  downloadChangesCsv,
  downloadChangesJson,
  type RecordedChange,
} from '../../../../lib/watch/change-export';
import { companyChanges } from '../../../../lib/watch/changes';
import { personEvent } from '../../../../lib/watch/events';
import { copyOf, realCompany, realPerson } from '../../../support/watch-answers';

const SEEN_AT = Date.UTC(2026, 10, 27, 9, 15);
const MARTY_URL = 'https://www.linkedin.com/in/johnrmarty';
const GOOGLE_URL = 'https://www.linkedin.com/company/google';

/** John Marty's one current position at Freedom Fund, and the new one beside it (its start as given). */
const FREEDOM_FUND = 'Co-Founder at Freedom Fund Real Estate (from 2021-08-01, no end date)';
const ADVISOR = 'Advisor at Difference Co. (from 2026-11, no end date)';

/**
 * Three changes seen by a run: John Marty's new headline (a formula, as data), his role added
 * beside his only open position (uncertain), and Google's growth.
 */
function recorded(): RecordedChange[] {
  const marty = realPerson();
  const martyAfter = copyOf(marty);
  martyAfter.headline = '=HYPERLINK("http://evil.example","Click")';
  const single = copyOf(marty);
  single.experiences = single.experiences!.filter(
    (each) => each.ends_at != null || each.company === 'Freedom Fund Real Estate',
  );
  const added = copyOf(single);
  added.experiences = [
    { title: 'Advisor', company: 'Difference Co.', starts_at: { month: 11, year: 2026 }, ends_at: null },
    ...added.experiences!,
  ] as typeof added.experiences;
  const google = realCompany();
  const googleAfter = copyOf(google);
  googleAfter.company_size_on_network = 319_800;
  const headline = personEvent(marty, martyAfter)!;
  const role = personEvent(single, added)!;
  const [employees] = companyChanges(google, googleAfter);
  return [
    {
      name: 'John Marty',
      url: MARTY_URL,
      watchList: 'Champions',
      seenAt: SEEN_AT,
      change: headline.changes[0]!,
      event: headline,
    },
    {
      name: 'John Marty',
      url: MARTY_URL,
      watchList: 'Champions',
      seenAt: SEEN_AT - 30_000,
      change: role.changes[0]!,
      event: role,
    },
    {
      name: 'Google',
      url: GOOGLE_URL,
      watchList: 'Targets · Q4',
      seenAt: SEEN_AT - 60_000,
      change: employees!,
      event: null,
    },
  ];
}

const UNCLOSED =
  'The earlier position has no end date beside the new one: a move whose old position was not closed reads the same.';

const HEADER = [
  'Seen at',
  'Watch list',
  'Name',
  'Profile URL',
  'Change',
  'Before',
  'After',
  'Difference',
  'Certain',
  'Uncertain because',
  'Positions before',
  'Positions after',
  'Summary',
];

describe('CSV', () => {
  it('a header, then one row a change, read back cell by cell; a formula is kept as text', async () => {
    const text = await changesCsv(recorded());
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]).toEqual([
      '2026-11-27T09:15:00.000Z',
      'Champions',
      'John Marty',
      MARTY_URL,
      'New headline',
      'Financial Freedom through Real Estate - LinkedIn Top Voice',
      `'=HYPERLINK("http://evil.example","Click")`,
      '',
      'yes',
      '',
      '',
      '',
      'John Marty: headline “Financial Freedom through Real Estate - LinkedIn Top Voice” → “=HYPERLINK("http://evil.example","Click")”',
    ]);
    // An added role: certain no, why, and the positions with their dates, one a line.
    expect(rows[2]).toEqual([
      '2026-11-27T09:14:30.000Z',
      'Champions',
      'John Marty',
      MARTY_URL,
      'Added a role',
      '',
      'Advisor at Difference Co.',
      '',
      'no',
      UNCLOSED,
      FREEDOM_FUND,
      `${FREEDOM_FUND}\n${ADVISOR}`,
      'John Marty: now also Advisor at Difference Co.',
    ]);
    expect(rows[3]).toEqual([
      '2026-11-27T09:14:00.000Z',
      'Targets · Q4',
      'Google',
      GOOGLE_URL,
      'Employee count',
      '319856',
      '319800',
      '-56',
      'yes',
      '',
      '',
      '',
      'Google: 319,856 → 319,800 employees (-56)',
    ]);
    expect(rows).toHaveLength(4);
    // A cell of several lines is quoted: the file still has a line a row.
    expect(text.split('\r\n')).toHaveLength(4);
  });

  it('no changes: the header alone', async () => {
    expect(await changesCsv([])).toBe(`${HEADER.join(',')}\r\n`);
  });

  describe('the file', () => {
    afterEach(() => vi.restoreAllMocks());

    /** What the page's download would save: its name and its bytes. */
    function capture() {
      const saved: { name: string; blob: Blob }[] = [];
      let blob: Blob | undefined;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((made) => {
        blob = made as Blob;
        return 'blob:test';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, blob: blob! });
      });
      return saved;
    }

    it('CSV: UTF-8 with a byte order mark, named by the date', async () => {
      const saved = capture();
      await downloadChangesCsv(recorded(), document, new Date(2026, 10, 27, 9, 15));
      expect(saved.map((file) => file.name)).toEqual(['changes-2026-11-27-0915.csv']);
      const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text).toBe(`\uFEFF${await changesCsv(recorded())}`);
      expect(saved[0]!.blob.type).toBe('text/csv;charset=utf-8');
    });

    it('JSON: the same as changesJson', async () => {
      const saved = capture();
      downloadChangesJson(recorded(), document, new Date(2026, 10, 27, 9, 15));
      expect(saved.map((file) => file.name)).toEqual(['changes-2026-11-27-0915.json']);
      expect(await saved[0]!.blob.text()).toBe(changesJson(recorded()));
    });
  });
});

describe('JSON', () => {
  it('reads back to what was recorded: kinds as codes, counts as numbers, times as ISO 8601', () => {
    const changes = recorded();
    const parsed = JSON.parse(changesJson(changes)) as Record<string, unknown>[];
    expect(parsed[0]).toEqual({
      seenAt: '2026-11-27T09:15:00.000Z',
      watchList: 'Champions',
      name: 'John Marty',
      url: MARTY_URL,
      kind: 'headline',
      before: 'Financial Freedom through Real Estate - LinkedIn Top Voice',
      after: '=HYPERLINK("http://evil.example","Click")',
      difference: null,
      certain: true,
      uncertain: [],
      changes: [
        {
          kind: 'headline',
          before: 'Financial Freedom through Real Estate - LinkedIn Top Voice',
          after: '=HYPERLINK("http://evil.example","Click")',
        },
      ],
      evidence: {
        before: [],
        after: [],
        location: null,
        headline: {
          before: 'Financial Freedom through Real Estate - LinkedIn Top Voice',
          after: '=HYPERLINK("http://evil.example","Click")',
        },
      },
      summary:
        'John Marty: headline “Financial Freedom through Real Estate - LinkedIn Top Voice” → “=HYPERLINK("http://evil.example","Click")”',
    });
    // The added role: its kind, not certain and why, its positions as the service gave them.
    expect(parsed[1]).toMatchObject({
      kind: 'added-role',
      certain: false,
      uncertain: [{ reason: 'old-position-open', words: UNCLOSED.slice(0, -1).replace(/^T/, 't') }],
      evidence: {
        before: [
          {
            title: 'Co-Founder',
            company: 'Freedom Fund Real Estate',
            company_network_profile_url: 'https://www.linkedin.com/company/freedomfund',
            starts_at: { day: 1, month: 8, year: 2021 },
            ends_at: null,
          },
        ],
      },
    });
    expect(parsed[2]).toEqual({
      seenAt: '2026-11-27T09:14:00.000Z',
      watchList: 'Targets · Q4',
      name: 'Google',
      url: GOOGLE_URL,
      kind: 'employees',
      before: 319_856,
      after: 319_800,
      difference: -56,
      certain: true,
      uncertain: [],
      summary: 'Google: 319,856 → 319,800 employees (-56)',
    });
    // Each entry gives back its recorded change and event.
    expect(
      parsed.map((entry, index) => ({
        name: entry.name,
        url: entry.url,
        watchList: entry.watchList,
        seenAt: Date.parse(entry.seenAt as string),
        change: changes[index]!.change,
        event: entry.changes
          ? {
              kind: entry.kind,
              changes: entry.changes,
              evidence: entry.evidence,
              uncertain: (entry.uncertain as { reason: string }[]).map((each) => each.reason),
            }
          : null,
      })),
    ).toEqual(changes);
    expect(parsed.map(({ before, after }) => ({ before, after }))).toEqual(
      changes.map(({ change: { before, after } }) => ({ before, after })),
    );
  });
});
