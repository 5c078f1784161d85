/**
 * vCards (lib/crm/vcard.ts), read back as a contact app reads them: lines unfolded (RFC 6350 3.2),
 * properties split at the first unescaped colon, values unescaped; one person, and many in one file.
 */
import { describe, expect, it } from 'vitest';
import { vcardOf, vcardsOf } from '../../../../lib/crm/vcard';
import type { EnrichedFields } from '../../../../lib/protocol';

/** The cards of a file, each as its properties in order: [name with parameters, unescaped value]. */
function parse(file: string): Array<Array<[string, string]>> {
  expect(file.endsWith('\r\n')).toBe(true);
  for (const line of file.split('\r\n'))
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const lines = file
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const cards: Array<Array<[string, string]>> = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') cards.push([]);
    cards.at(-1)!.push([name, value]);
  }
  return cards;
}

/** A text value as written, unescaped; a structured one (N) split at its unescaped semicolons first. */
function textValue(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}
function components(value: string): string[] {
  return value.split(/(?<!\\);/).map(textValue);
}

const ADA: EnrichedFields = {
  fullName: 'Ada King, Countess of Lovelace',
  firstName: 'Ada',
  lastName: 'King; Lovelace',
  title: 'Analyst, Engines',
  company: 'Analytical; Difference',
  profileUrl: 'https://www.linkedin.com/in/ada',
  headline: `Notes on the engine\n${'é'.repeat(60)}`,
  emails: ['ada@example.com'],
  phones: ['+44 20 7946 0000 x12'],
};

describe('vCard 4.0', () => {
  it('one person: every property read back as it was, with its name in its parts', () => {
    const [card, ...more] = parse(vcardOf(ADA, true)!);
    expect(more).toEqual([]);
    const get = (name: string) => card!.filter(([key]) => key === name).map(([, value]) => value);
    expect(card![0]).toEqual(['BEGIN', 'VCARD']);
    expect(card![1]).toEqual(['VERSION', '4.0']);
    expect(card!.at(-1)).toEqual(['END', 'VCARD']);
    expect(get('FN').map(textValue)).toEqual(['Ada King, Countess of Lovelace']);
    expect(components(get('N')[0]!)).toEqual(['King; Lovelace', 'Ada', '', '', '']);
    expect(get('ORG').map(textValue)).toEqual(['Analytical; Difference']);
    expect(get('TITLE').map(textValue)).toEqual(['Analyst, Engines']);
    expect(get('URL')).toEqual(['https://www.linkedin.com/in/ada']);
    expect(get('EMAIL')).toEqual(['ada@example.com']);
    expect(get('TEL;VALUE=uri')).toEqual(['tel:+442079460000;ext=12']);
    expect(get('NOTE').map(textValue)).toEqual([ADA.headline]);
  });

  it('emails and numbers only when they were asked for', () => {
    const [card] = parse(vcardOf(ADA, false)!);
    expect(card!.map(([name]) => name)).not.toContain('EMAIL');
    expect(card!.map(([name]) => name.split(';')[0])).not.toContain('TEL');
  });

  it('many: one file, the cards one after another, a person without a name left out', () => {
    const file = vcardsOf([
      { fields: ADA, contacts: false },
      { fields: { company: 'No name' }, contacts: false },
      { fields: { fullName: 'Charles Babbage' }, contacts: false },
    ]);
    const cards = parse(file);
    expect(cards.map((card) => card.find(([name]) => name === 'FN')![1])).toEqual([
      'Ada King\\, Countess of Lovelace',
      'Charles Babbage',
    ]);
    expect(components(cards[1]!.find(([name]) => name === 'N')![1])).toEqual([
      'Babbage',
      'Charles',
      '',
      '',
      '',
    ]);
    expect(file.match(/^BEGIN:VCARD\r$/gm)).toHaveLength(2);
  });
});
