// @vitest-environment node
/**
 * What a watch keeps of an answer (lib/background/watch/watched-answer.ts): far less than the
 * answer, and yet compared with the next answer it tells exactly what the whole answers tell.
 */
import { describe, expect, it } from 'vitest';
import type { CompanyProfile, PersonProfile } from '../../../../../lib/api/schemas';
import { changesBetween, comparedPart, readTarget } from '../../../../../lib/background/watch/watched-answer';
import { companyChanges } from '../../../../../lib/watch/changes';
import { personEvent } from '../../../../../lib/watch/events';
import { copyOf, realCompany, realPerson } from '../../../../support/watch-answers';

type Experience = NonNullable<PersonProfile['experiences']>[number];

/** When the answers were kept: a position that ended on 1 October 2026 is kept, with its dates. */
const AT = Date.UTC(2026, 10, 27);
const kept = (answer: PersonProfile) => comparedPart('person', answer, AT)!;

/** Hand-made "afters" of a real answer: each a change the watch must see, or one it must not. */
function personAfters(before: PersonProfile): Record<string, PersonProfile> {
  const moved = copyOf(before);
  for (const experience of moved.experiences ?? []) experience.ends_at ??= { day: 1, month: 10, year: 2026 };
  moved.experiences = [
    { company: 'Difference Co.', title: 'CTO', ends_at: null } as Experience,
    ...(moved.experiences ?? []),
  ];
  const ended = copyOf(before);
  for (const experience of ended.experiences ?? []) experience.ends_at ??= { day: 1, month: 10, year: 2026 };
  const reordered = copyOf(before);
  reordered.experiences = [...(reordered.experiences ?? [])].reverse();
  const titled = copyOf(before);
  const current = (titled.experiences ?? []).find((each) => each.ends_at == null);
  if (current) current.title = 'Chief Everything Officer';
  return {
    moved,
    ended,
    reordered,
    titled,
    relocated: { ...copyOf(before), city: 'Lisbon', location_str: 'Lisbon, Portugal' },
    trimmed: { full_name: before.full_name },
  };
}

describe('the part of an answer a watch keeps', () => {
  it('tells the same event of a person as the whole answers, evidence and all, whatever changed', () => {
    const before = realPerson();
    for (const [name, after] of Object.entries(personAfters(before))) {
      const event = personEvent(before, after, { previousAt: AT - 30 * 86_400_000 });
      expect(changesBetween('person', kept(before), kept(after), AT - 30 * 86_400_000), name).toEqual(
        event ? [{ change: event.changes[0], event }] : [],
      );
    }
    // The move keeps the positions that ended with their end dates: certain, not gone without one.
    const [moved] = changesBetween('person', kept(before), kept(personAfters(before).moved!));
    expect(moved!.event).toMatchObject({ kind: 'moved', uncertain: [] });
    expect(moved!.event!.evidence.after.filter((position) => position.ends_at === null)).toEqual([
      expect.objectContaining({ title: 'CTO', company: 'Difference Co.' }),
    ]);
    // Each hand-made change is one the comparison sees; reordering and trimming are none.
    expect(changesBetween('person', kept(before), kept(personAfters(before).moved!)).length).toBeGreaterThan(
      0,
    );
    expect(changesBetween('person', kept(before), kept(personAfters(before).reordered!))).toEqual([]);
  });

  it('keeps a small part: no description, no education, no one else', () => {
    const before = realPerson();
    const part = kept(before);
    expect(JSON.stringify(part).length).toBeLessThan(JSON.stringify(before).length / 5);
    expect(Object.keys(part)).not.toContain('people_also_viewed');
    expect(Object.keys(part)).not.toContain('education');
  });

  it('tells the same changes of a company, and none for a first answer', () => {
    const before = realCompany();
    const after: CompanyProfile = {
      ...copyOf(before),
      company_size_on_network: (before.company_size_on_network ?? 0) + 40,
      website: 'https://example.org',
      description: 'Something else entirely',
    };
    const changes = changesBetween(
      'company',
      comparedPart('company', before)!,
      comparedPart('company', after)!,
    );
    // A company's changes stay one each, not an event.
    expect(changes).toEqual(companyChanges(before, after).map((change) => ({ change })));
    expect(changes.map(({ change }) => change.kind)).toEqual(['employees', 'website']);
    expect(changesBetween('company', undefined, comparedPart('company', after)!)).toEqual([]);
  });

  it('reads a target as its canonical address, or says why it cannot be watched', () => {
    const read = readTarget({ kind: 'person', url: 'linkedin.com/in/Ada-Lovelace/' }, 'live');
    expect(read).toMatchObject({
      ok: true,
      key: 'https://www.linkedin.com/in/ada-lovelace',
      request: {
        endpointId: 'person.profile',
        params: {
          profile_url: 'https://www.linkedin.com/in/ada-lovelace',
          use_cache: 'if-present',
          live_fetch: 'force',
        },
      },
    });
    expect(
      readTarget({ kind: 'company', url: 'https://www.linkedin.com/in/ada' }, 'if-recent'),
    ).toMatchObject({
      ok: false,
      reason: "Not a company's profile address",
    });
  });
});
