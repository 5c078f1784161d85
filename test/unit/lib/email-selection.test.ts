/**
 * The address in what a person right-clicked: what they selected around it is left out, and a
 * selection without one gives none (the menu then asks nothing and spends nothing).
 */
import { describe, expect, it } from 'vitest';
import { emailFromMenuClick, SELECTION_EXCERPT_CHARS, selectionExcerpt } from '../../../lib/email-selection';

const emailFromSelection = (selectionText: string) =>
  emailFromMenuClick('selection', { selectionText }).email;
const emailFromMailto = (linkUrl: string) => emailFromMenuClick('link', { linkUrl }).email;

describe('the address in a selection', () => {
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

describe('the address of a mailto: link', () => {
  it.each([
    ['mailto:ada@example.com', 'ada@example.com'],
    ['MAILTO:ada@Example.com', 'ada@example.com'],
    ['mailto:ada@example.com?subject=Hello%20there', 'ada@example.com'],
    ['mailto:ada%40example.com', 'ada@example.com'],
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
  // A selection inside a mailto: link: the selection item's title names bob, the page's link ada.
  const inLink = { linkUrl: 'mailto:ada@example.com', selectionText: 'write to bob@example.com' };

  it('looks up the address the selection item names, never the link around the selection', () => {
    expect(emailFromMenuClick('selection', inLink)).toEqual({ email: 'bob@example.com' });
  });

  it('looks up neither from the link item when the selection names another address, and lists both', () => {
    expect(emailFromMenuClick('link', inLink)).toEqual({
      email: null,
      why: 'several',
      addresses: ['ada@example.com', 'bob@example.com'],
    });
  });

  it('looks up the link of the link item when the selection names no other address', () => {
    expect(emailFromMenuClick('link', { linkUrl: 'mailto:ada@example.com' })).toEqual({
      email: 'ada@example.com',
    });
    expect(
      emailFromMenuClick('link', { linkUrl: 'mailto:ada@example.com', selectionText: 'Write to us' }),
    ).toEqual({
      email: 'ada@example.com',
    });
    expect(
      emailFromMenuClick('link', { linkUrl: 'mailto:ada@example.com', selectionText: 'ADA@Example.com' }),
    ).toEqual({ email: 'ada@example.com' });
  });

  it('looks up neither when what the item shows names several addresses', () => {
    expect(
      emailFromMenuClick('selection', { selectionText: 'first@example.com, second@example.org' }),
    ).toEqual({
      email: null,
      why: 'several',
      addresses: ['first@example.com', 'second@example.org'],
    });
    expect(emailFromMenuClick('link', { linkUrl: 'mailto:ada@example.com,bob@example.com' })).toMatchObject({
      email: null,
      why: 'several',
    });
    // The same address twice is one address.
    expect(emailFromMenuClick('selection', { selectionText: 'ada@example.com <ADA@example.com>' })).toEqual({
      email: 'ada@example.com',
    });
  });

  it('reads a selection item only from the selection, whatever link it is in', () => {
    expect(
      emailFromMenuClick('selection', { linkUrl: 'mailto:ada@example.com', selectionText: 'Mail us' }),
    ).toEqual({
      email: null,
      why: 'none',
    });
    expect(
      emailFromMenuClick('selection', { linkUrl: 'https://example.com/', selectionText: 'bob@example.com' }),
    ).toEqual({ email: 'bob@example.com' });
  });

  it('gives none when nothing clicked carries an address', () => {
    expect(emailFromMenuClick('selection', { selectionText: 'Call me maybe' })).toEqual({
      email: null,
      why: 'none',
    });
    expect(emailFromMenuClick('link', { linkUrl: 'mailto:?subject=hi' })).toEqual({
      email: null,
      why: 'none',
    });
    expect(emailFromMenuClick('selection', {})).toEqual({ email: null, why: 'none' });
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
