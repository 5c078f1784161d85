/**
 * The address in what a person right-clicked: what they selected around it is left out, and a
 * selection without one gives none (the menu then asks nothing and spends nothing).
 */
import { describe, expect, it } from 'vitest';
import {
  emailFromMailto,
  emailFromMenuClick,
  emailFromSelection,
  SELECTION_EXCERPT_CHARS,
  selectionExcerpt,
} from '../../lib/email-selection';

describe('emailFromSelection', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  ada@example.com\n', 'ada@example.com'],
    ['Write to Ada Lovelace <ada@example.com> about it', 'ada@example.com'],
    ['<ada@example.com>', 'ada@example.com'],
    ['Contact: ada@example.com.', 'ada@example.com'],
    ['(ada@example.com)', 'ada@example.com'],
    ['"ada@example.com",', 'ada@example.com'],
    ['Is it ada@example.com?', 'ada@example.com'],
    ['mailto:ada@example.com', 'ada@example.com'],
    ['email:ada@example.com;', 'ada@example.com'],
    ['“ada.lovelace+work@mail.example.co.uk”', 'ada.lovelace+work@mail.example.co.uk'],
    ["o'brien@example.ie", "o'brien@example.ie"],
    ['ADA@EXAMPLE.COM', 'ADA@example.com'],
    ['first@example.com, second@example.org', 'first@example.com'],
    ['@ada not this, but bob@example.com', 'bob@example.com'],
  ])('finds the address in %j', (selection, expected) => {
    expect(emailFromSelection(selection)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['Ada Lovelace'],
    ['ada at example dot com'],
    ['@ada'],
    ['ada@'],
    ['ada@localhost'],
    ['ada@example'],
    ['logo@2x.png'],
    ['ada@@example.com'],
    ['ada@exa mple.com'],
  ])('finds none in %j', (selection) => {
    expect(emailFromSelection(selection)).toBeNull();
  });
});

describe('emailFromMailto', () => {
  it.each([
    ['mailto:ada@example.com', 'ada@example.com'],
    ['MAILTO:ada@Example.com', 'ada@example.com'],
    ['mailto:ada@example.com?subject=Hello%20there', 'ada@example.com'],
    ['mailto:ada%40example.com', 'ada@example.com'],
    ['mailto:ada@example.com,bob@example.com', 'ada@example.com'],
    ['mailto:Ada%20Lovelace%20%3Cada@example.com%3E', 'ada@example.com'],
  ])('reads %j', (link, expected) => {
    expect(emailFromMailto(link)).toBe(expected);
  });

  it.each([
    ['https://example.com/ada@example.com'],
    ['mailto:'],
    ['mailto:?subject=hi'],
    ['mailto:%E0%A4%A'],
  ])('refuses %j', (link) => {
    expect(emailFromMailto(link)).toBeNull();
  });
});

describe('emailFromMenuClick', () => {
  it('prefers the link of a mailto: link over the selected text', () => {
    expect(
      emailFromMenuClick({ linkUrl: 'mailto:ada@example.com', selectionText: 'write to bob@example.com' }),
    ).toBe('ada@example.com');
  });

  it('falls back to the selection when the link is not a mailto: link', () => {
    expect(emailFromMenuClick({ linkUrl: 'https://example.com/', selectionText: 'bob@example.com' })).toBe(
      'bob@example.com',
    );
  });

  it('gives none when neither carries an address', () => {
    expect(emailFromMenuClick({ selectionText: 'Call me maybe' })).toBeNull();
    expect(emailFromMenuClick({})).toBeNull();
  });
});

describe('selectionExcerpt', () => {
  it('folds whitespace and shortens a long selection', () => {
    expect(selectionExcerpt('  two\n\nlines ')).toBe('two lines');
    const long = 'word '.repeat(40);
    const excerpt = selectionExcerpt(long);
    expect(excerpt).toHaveLength(SELECTION_EXCERPT_CHARS);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});
