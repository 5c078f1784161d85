// @vitest-environment node
/**
 * A person's changes told as one event with its evidence (lib/watch/events.ts): the sandbox's people
 * as its clock changes them (a move, a new title, a new city, each as the watch would see it after
 * a period), and the real published answer changed by hand into each kind, including the cases
 * whose evidence leaves a doubt.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type PersonProfile, personProfileSchema } from '../../../../lib/api/schemas';
import { EVENT_KIND_LABELS, eventWords, uncertainWords } from '../../../../lib/watch/change-words';
import { personChanges } from '../../../../lib/watch/changes';
import { eventOfRecordedChange, type PersonEvent, personEvent } from '../../../../lib/watch/events';
import type { AdvanceReport } from '../../../../sandbox/clock';
import type { PersonChangeKind } from '../../../../sandbox/data/clock';
import { unitSandbox } from '../../../support/sandbox-service';
import { copyOf, realPerson } from '../../../support/watch-answers';

type Experience = NonNullable<PersonProfile['experiences']>[number];

/** The sandbox's clock: the same dataset and the same changes every run. */
const NOW = new Date('2026-11-27T00:00:00Z');

describe('the sandbox’s people, a period after they were first answered', () => {
  /** For each kind the sandbox changes people by, one person's answers before and after. */
  const answers = new Map<PersonChangeKind, { before: PersonProfile; after: PersonProfile }>();

  beforeAll(async () => {
    const sandbox = unitSandbox({ now: () => NOW });
    const ask = async (url: string) =>
      personProfileSchema.parse(
        await (
          await sandbox.app.request(
            `/api/v2/profile?profile_url=${encodeURIComponent(url)}&use_cache=if-present`,
            {
              headers: { Authorization: 'Bearer demo' },
            },
          )
        ).json(),
      );
    // Who the advance changes, and how (the same advance on a sandbox of its own).
    const probe = unitSandbox({ now: () => NOW });
    const report = (await (
      await probe.app.request('/__sandbox/advance', { method: 'POST', body: JSON.stringify({ days: 30 }) })
    ).json()) as AdvanceReport;
    const chosen = (['job', 'title', 'location'] as const).map((kind) => {
      // A new job that changed the headline too, so that a change rides along.
      const change = report.people.find(
        (each) => each.kind === kind && (kind !== 'job' || each.changed.includes('headline')),
      );
      if (!change) throw new Error(`The sandbox changed no one's ${kind} in 30 days`);
      return [kind, change.url] as const;
    });
    const before = await Promise.all(chosen.map(([, url]) => ask(url)));
    await sandbox.app.request('/__sandbox/advance', { method: 'POST', body: JSON.stringify({ days: 30 }) });
    const after = await Promise.all(chosen.map(([, url]) => ask(url)));
    for (const [index, [kind]] of chosen.entries())
      answers.set(kind, { before: before[index]!, after: after[index]! });
  });

  /** The event as the watch would record it: the earlier answer kept at the sandbox's `NOW`. */
  const eventOf = (kind: PersonChangeKind) => {
    const { before, after } = answers.get(kind)!;
    return { before, after, event: personEvent(before, after, { previousAt: NOW.getTime() })! };
  };

  it('a new job: one `moved` event, its headline riding along, the old position ended, certain', () => {
    const { before, after, event } = eventOf('job');
    expect(event.kind).toBe('moved');
    expect(event.changes[0]!.kind).toBe('job');
    // Every change between the answers is in the one event, the move first.
    expect(event.changes).toHaveLength(personChanges(before, after).length);
    expect(event.changes.map((change) => change.kind)).toContain('headline');
    expect(event.evidence.headline).toEqual({ before: before.headline, after: after.headline });
    // The evidence: the position held, found again with its end date; the new one, open.
    const ended = event.evidence.after.filter((position) => position.ends_at !== null);
    expect(ended.map((position) => position.company)).toEqual(
      event.evidence.before
        .filter((was) => ended.some((is) => is.company === was.company))
        .map((was) => was.company),
    );
    expect(ended.length).toBeGreaterThan(0);
    const began = after.experiences!.find(
      (each) => each.ends_at == null && !before.experiences!.some((was) => was.company === each.company),
    )!;
    expect(event.evidence.after).toContainEqual({
      title: began.title,
      company: began.company,
      company_network_profile_url: began.company_network_profile_url,
      starts_at: began.starts_at,
      ends_at: null,
    });
    expect(event.uncertain).toEqual([]);
    expect(eventWords(after.full_name!, event)).toMatch(
      new RegExp(`^${after.full_name}: .+ → .+; also headline “`),
    );
  });

  it('a promotion: one `new-title` event at the same company', () => {
    const { after, event } = eventOf('title');
    expect(event.kind).toBe('new-title');
    expect(event.changes[0]!.kind).toBe('title');
    expect(event.uncertain).toEqual([]);
    const [was] = event.evidence.before;
    expect(event.evidence.after).toContainEqual(
      expect.objectContaining({
        company: was!.company,
        title: after.experiences!.find((each) => each.company === was!.company && each.ends_at == null)!
          .title,
      }),
    );
  });

  it('a new city: one `moved-city` event with the place before and after, no positions', () => {
    const { before, after, event } = eventOf('location');
    expect(event.kind).toBe('moved-city');
    expect(event.evidence).toEqual({
      before: [],
      after: [],
      location: { before: before.location_str, after: after.location_str },
      headline: null,
    });
    expect(EVENT_KIND_LABELS[event.kind]).toBe('Moved city');
  });
});

describe('the real published answer, changed by hand', () => {
  /** John Marty: five positions held at once (Freedom Fund, Mindset Reset Podcast, Project 1B, YouTube twice). */
  let marty: PersonProfile;
  /** The same with only the Freedom Fund position open. */
  let single: PersonProfile;
  beforeAll(() => {
    marty = realPerson();
    single = copyOf(marty);
    single.experiences = single.experiences!.filter(
      (each) => each.ends_at != null || each.company === 'Freedom Fund Real Estate',
    );
  });

  /** The previous answer was kept on 1 November 2026. */
  const PREVIOUS = Date.UTC(2026, 10, 1);
  const ENDED = { day: 31, month: 10, year: 2026 };
  const ADVISOR: Experience = {
    title: 'Advisor',
    company: 'Difference Co.',
    company_network_profile_url: 'https://www.linkedin.com/company/difference-co',
    starts_at: { day: 3, month: 11, year: 2026 },
    ends_at: null,
  };
  const open = (person: PersonProfile) => person.experiences!.filter((each) => each.ends_at == null);
  const eventOf = (before: PersonProfile, after: PersonProfile): PersonEvent =>
    personEvent(before, after, { previousAt: PREVIOUS })!;
  const evidenceOf = (each: Experience) => ({
    title: each.title,
    company: each.company,
    company_network_profile_url: each.company_network_profile_url,
    starts_at: each.starts_at,
    ends_at: each.ends_at ?? null,
  });

  it('a move: every position ended, one began; with a new headline and city, still one `moved` event', () => {
    const after = copyOf(marty);
    for (const each of open(after)) each.ends_at = ENDED;
    after.experiences = [ADVISOR, ...after.experiences!];
    Object.assign(after, {
      headline: 'Advisor at Difference Co.',
      city: 'Lisbon',
      location_str: 'Lisbon, Portugal',
    });
    const event = eventOf(marty, after);
    expect(event.kind).toBe('moved');
    expect(event.changes.map((change) => change.kind)).toEqual(['job', 'location', 'headline']);
    expect(event.uncertain).toEqual([]);
    expect(event.evidence.before).toEqual(open(marty).map(evidenceOf));
    expect(event.evidence.after).toEqual([
      ...open(marty).map((each) => evidenceOf({ ...each, ends_at: ENDED })),
      evidenceOf(ADVISOR),
    ]);
    expect(event.evidence.location).toEqual({
      before: 'Seattle, Washington, United States of America',
      after: 'Lisbon, Portugal',
    });
    expect(event.evidence.headline).toEqual({ before: marty.headline, after: 'Advisor at Difference Co.' });
    expect(eventWords('John Marty', event)).toBe(
      'John Marty: Co-Founder at Freedom Fund Real Estate; Founder at Mindset Reset Podcast; Founder at Project 1B; YouTube Content Creator - "Tech Careers for Non-Engineers" at YouTube; Youtube Content Creator - "John Marty" at YouTube → Advisor at Difference Co.; also moved from Seattle, Washington, United States of America to Lisbon, Portugal; headline “Financial Freedom through Real Estate - LinkedIn Top Voice” → “Advisor at Difference Co.”',
    );
  });

  it('a promotion: a new title at the same company is `new-title`, not a move', () => {
    const after = copyOf(marty);
    open(after).find((each) => each.company === 'Freedom Fund Real Estate')!.title = 'CEO';
    const event = eventOf(marty, after);
    expect(event.kind).toBe('new-title');
    expect(event.changes).toEqual([
      {
        kind: 'title',
        before: 'Co-Founder at Freedom Fund Real Estate',
        after: 'CEO at Freedom Fund Real Estate',
      },
    ]);
    expect(event.evidence.after).toContainEqual(expect.objectContaining({ title: 'CEO', ends_at: null }));
    expect(event.uncertain).toEqual([]);
  });

  it('an added role beside several held at once: `added-role`, certain', () => {
    const after = copyOf(marty);
    after.experiences = [ADVISOR, ...after.experiences!];
    const event = eventOf(marty, after);
    expect(event.kind).toBe('added-role');
    expect(event.uncertain).toEqual([]);
    expect(eventWords('John Marty', event)).toBe('John Marty: now also Advisor at Difference Co.');
  });

  it('an unclosed old position beside a new one: an added role, not a move, and uncertain', () => {
    const after = copyOf(single);
    after.experiences = [ADVISOR, ...after.experiences!];
    const event = eventOf(single, after);
    expect(event.kind).toBe('added-role');
    expect(event.uncertain).toEqual(['old-position-open']);
    // The evidence shows why: the one position held, still with no end date, beside the new one.
    expect(event.evidence.before).toEqual(open(single).map(evidenceOf));
    expect(event.evidence.after).toEqual([...open(single).map(evidenceOf), evidenceOf(ADVISOR)]);
    expect(uncertainWords(event)).toBe(
      'The earlier position has no end date beside the new one: a move whose old position was not closed reads the same.',
    );
    // Closed, it is a move, and certain.
    const closed = copyOf(after);
    closed.experiences!.find((each) => each.company === 'Freedom Fund Real Estate')!.ends_at = ENDED;
    expect(eventOf(single, closed)).toMatchObject({ kind: 'moved', uncertain: [] });
  });

  it('a departure: a position ended and none began is `left`', () => {
    const after = copyOf(marty);
    open(after).find((each) => each.company === 'Project 1B')!.ends_at = ENDED;
    const event = eventOf(marty, after);
    expect(event.kind).toBe('left');
    expect(event.changes).toEqual([{ kind: 'position-ended', before: 'Founder at Project 1B', after: null }]);
    expect(event.evidence.after).toContainEqual(
      expect.objectContaining({ company: 'Project 1B', ends_at: ENDED }),
    );
    expect(event.uncertain).toEqual([]);
    // Every position ended: left, with no current position.
    const gone = copyOf(single);
    open(gone)[0]!.ends_at = ENDED;
    expect(eventOf(single, gone)).toMatchObject({
      kind: 'left',
      changes: [{ kind: 'job', after: null }],
      uncertain: [],
    });
  });

  it('a position gone from the list with no end date: `left`, uncertain', () => {
    const after = copyOf(marty);
    after.experiences = after.experiences!.filter((each) => each.company !== 'Project 1B');
    const event = eventOf(marty, after);
    expect(event.kind).toBe('left');
    expect(event.uncertain).toEqual(['vanished-without-end']);
  });

  it('a new position that starts before the previous answer, which did not list it: uncertain', () => {
    const after = copyOf(single);
    for (const each of open(after)) each.ends_at = ENDED;
    after.experiences = [{ ...ADVISOR, starts_at: { month: 3, year: 2025 } }, ...after.experiences!];
    expect(eventOf(single, after)).toMatchObject({
      kind: 'moved',
      uncertain: ['started-before-last-answer'],
    });
    // A start given by its month alone, the month of the previous answer: not plainly earlier.
    after.experiences![0]!.starts_at = { month: 11, year: 2026 } as Experience['starts_at'];
    expect(eventOf(single, after).uncertain).toEqual([]);
  });

  it('a relocation alone: `moved-city`; a headline alone: `headline`', () => {
    const moved = { ...copyOf(marty), city: 'Lisbon', state: null, location_str: 'Lisbon, Portugal' };
    expect(eventOf(marty, moved)).toMatchObject({
      kind: 'moved-city',
      changes: [{ kind: 'location' }],
      evidence: { before: [], after: [], headline: null },
      uncertain: [],
    });
    const headline = { ...copyOf(marty), headline: 'Investor' };
    const event = eventOf(marty, headline);
    expect(event).toMatchObject({ kind: 'headline', evidence: { headline: { after: 'Investor' } } });
    expect(EVENT_KIND_LABELS[event.kind]).toBe('New headline');
  });

  it('nothing that matters changed: no event', () => {
    const after = copyOf(marty);
    after.summary = 'Another summary';
    expect(personEvent(marty, after)).toBeNull();
    expect(personEvent(marty, null)).toBeNull();
  });

  it('a change recorded before events reads as an event of its own, nothing said to be uncertain', () => {
    expect(eventOfRecordedChange({ kind: 'job', before: 'Engineer at A', after: 'CTO at B' })).toEqual({
      kind: 'moved',
      changes: [{ kind: 'job', before: 'Engineer at A', after: 'CTO at B' }],
      evidence: { before: [], after: [], location: null, headline: null },
      uncertain: [],
    });
    expect(eventOfRecordedChange({ kind: 'position-ended', before: 'CTO at B', after: null }).kind).toBe(
      'left',
    );
    expect(eventOfRecordedChange({ kind: 'headline', before: 'a', after: 'b' }).evidence.headline).toEqual({
      before: 'a',
      after: 'b',
    });
  });
});
