/**
 * vCards of people found, for a contact app or a CRM's vCard import: vCard 4.0 (RFC 6350). 4.0, not
 * 3.0: a number is a `tel:` URI there, so its extension stays an extension (`;ext=2`) instead of
 * running into the digits, and the list's "Download vCards" and the panel's copy write the same
 * cards. Outlook reads only the first card of a file: the panel copies one card, and a page offering
 * a file of many says so (ONLY_FIRST_CARD).
 */
import type { EnrichedFields } from '../protocol';
import { safeHttpUrl } from '../safe-url';
import { nameParts } from './names';

export const ONLY_FIRST_CARD =
  'Outlook reads only the first card of a file; Apple and Google Contacts read them all.';

/** RFC 6350 text value: backslash, comma, semicolon and line breaks escaped. */
function escaped(value: string): string {
  return value.replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a character. */
function folded(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation line starts with its space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A number's extension as people write it at its end: `;ext=2`, `x2`, `ext. 2`, `extension 2`, `#2`. */
const EXTENSION = /\s*(?:;\s*ext\s*=|\bext(?:ension)?\.?|x|#)\s*(\d+)\s*$/i;

/**
 * A phone number as a `tel:` URI (RFC 3966): its digits, a leading `+` kept, and its extension as
 * `;ext=`, never run into the number's digits. Null when it holds no digits.
 */
function telUri(phone: string): string | null {
  const extension = EXTENSION.exec(phone);
  const number = extension ? phone.slice(0, extension.index) : phone;
  const digits = number.replace(/\D/g, '');
  if (digits === '') return null;
  const plus = number.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${digits}${extension ? `;ext=${extension[1]}` : ''}`;
}

/**
 * One person's card, lines ending in CRLF; null without a name (a card must have FN). Emails and
 * numbers only when they were asked for (`contacts`).
 */
export function vcardOf(fields: EnrichedFields, contacts: boolean): string | null {
  if (!fields.fullName) return null;
  const { first, last } = nameParts(fields);
  const url = safeHttpUrl(fields.profileUrl);
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${escaped(fields.fullName)}`,
    `N:${escaped(last)};${escaped(first)};;;`,
    ...(fields.company ? [`ORG:${escaped(fields.company)}`] : []),
    ...(fields.title ? [`TITLE:${escaped(fields.title)}`] : []),
    // Only a web address: the service may send any scheme, and a contact app opens what it finds here.
    ...(url ? [`URL:${escaped(url)}`] : []),
    ...(contacts ? (fields.emails ?? []).map((email) => `EMAIL:${escaped(email)}`) : []),
    ...(contacts
      ? (fields.phones ?? []).flatMap((phone) => {
          const uri = telUri(phone);
          return uri ? [`TEL;VALUE=uri:${uri}`] : [];
        })
      : []),
    ...(fields.headline ? [`NOTE:${escaped(fields.headline)}`] : []),
    'END:VCARD',
  ];
  return `${lines.map(folded).join('\r\n')}\r\n`;
}

/** One file of cards, one after another: one for each person with a name. */
export function vcardsOf(people: ReadonlyArray<{ fields: EnrichedFields; contacts: boolean }>): string {
  return people.map((person) => vcardOf(person.fields, person.contacts) ?? '').join('');
}
