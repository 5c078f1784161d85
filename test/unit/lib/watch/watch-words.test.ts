/**
 * How a watch reads (lib/watch/watch-words.ts) and what a page may watch (lib/watch/watch-targets.ts).
 */
import { describe, expect, it } from 'vitest';
import { watchTargets } from '../../../../lib/watch/watch-targets';
import { retentionWarning, watchingWords, watchQuoteWords } from '../../../../lib/watch/watch-words';

const UP_TO_80 = { min: 0, max: 80, lines: [] };

describe('the words of a watch', () => {
  it('quotes a period in one line, the cap bounding it', () => {
    expect(watchQuoteWords({ people: 40, companies: 0 }, 30, UP_TO_80, null)).toBe(
      'Watch 40 people every 30 days · up to 80 credits a period',
    );
    expect(watchQuoteWords({ people: 1, companies: 0 }, 7, { min: 0, max: 2, lines: [] }, null)).toBe(
      'Watch 1 person every 7 days · up to 2 credits a period',
    );
    expect(watchQuoteWords({ people: 30, companies: 5 }, 90, UP_TO_80, 50)).toBe(
      'Watch 30 people and 5 companies every 90 days · up to 50 credits a period',
    );
    expect(watchQuoteWords({ people: 0, companies: 1 }, 30, UP_TO_80, 100)).toBe(
      'Watch 1 company every 30 days · up to 80 credits a period',
    );
  });

  it('says plainly when data about others is not kept long enough to compare two answers', () => {
    expect(retentionWarning(90, 30)).toBe(
      'You keep data about others for 30 days, less than this period: each answer is deleted before the next one is asked, so nothing can be compared and no change will be recorded. Choose a shorter period, or keep data longer in Settings.',
    );
    expect(retentionWarning(30, 30)).toBe(
      'You keep data about others for 30 days, as long as this period: an answer may be deleted just before the next one is asked, and a change missed. Choose a shorter period, or keep data longer in Settings.',
    );
    expect(retentionWarning(7, 1)).toMatch(/^You keep data about others for 1 day, less than this period/);
    expect(retentionWarning(30, 31)).toBeNull();
    expect(retentionWarning(90, 90)).toMatch(/as long as this period/);
    // Not known (the background did not say): no warning rather than a wrong one.
    expect(retentionWarning(90, null)).toBeNull();
  });

  it('says where a profile is watched', () => {
    expect(watchingWords([{ name: 'Watched people', periodDays: 30 }])).toBe(
      'Watching · every 30 days in Watched people',
    );
    expect(
      watchingWords([
        { name: 'Champions', periodDays: 7 },
        { name: 'Watched people', periodDays: 90 },
      ]),
    ).toBe('Watching · every 7 days in Champions; every 90 days in Watched people');
  });
});

describe('what a page may watch', () => {
  it('takes a person or a company profile once each, and nothing else', () => {
    expect(
      watchTargets([
        { url: 'https://www.linkedin.com/in/ada-lovelace/', name: 'Ada Lovelace' },
        { url: 'https://linkedin.com/in/ada-lovelace' },
        { url: 'https://www.linkedin.com/company/acme' },
        { url: 'https://www.linkedin.com/school/national-university-of-singapore' },
        { url: 'not an address' },
        { url: null },
      ]),
    ).toEqual([
      { kind: 'person', url: 'https://www.linkedin.com/in/ada-lovelace', name: 'Ada Lovelace' },
      { kind: 'company', url: 'https://www.linkedin.com/company/acme' },
    ]);
  });
});
