/**
 * The one reading of a number an admin gives (hub:admin's flags, the admin routes' JSON and query,
 * the server's settings): decimal digits only. `Number()` would take `1e3`, `0x10`, `1.0`, ` 12 `
 * and `""` (as 0), and a budget past 2^53 would silently become another number.
 */

/** The whole number, 0 or more and at most Number.MAX_SAFE_INTEGER, that a text spells in digits; null for any other text. */
export function wholeNumberOf(text: string): number | null {
  if (!/^[0-9]+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** Why a text is not a whole number: for the messages of every place that reads one. */
export const WHOLE_NUMBER_RULE = `a whole number of digits only, from 0 to ${Number.MAX_SAFE_INTEGER}`;

/** A number of a JSON text as it was written (`1e3`, `12`, `-1`): see {@link parseJsonNumbersAsText}. */
export class WrittenNumber {
  constructor(readonly text: string) {}
}

/** The key a number is wrapped under on its way through JSON.parse (a key no admin body has). */
const NUMBER_MARK = '\u0000number';

/**
 * A JSON text parsed with each of its numbers as a {@link WrittenNumber} (the text it was written
 * as), so that the admin routes read every number with {@link wholeNumberOf} as the command line
 * does: JSON.parse alone reads `1e3` as 1000 and `9007199254740993` as another number. A string
 * stays a string (`"5"` is not a number).
 */
export function parseJsonNumbersAsText(text: string): unknown {
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*/g, (token) =>
    token.startsWith('"') ? token : `{${JSON.stringify(NUMBER_MARK)}:${JSON.stringify(token)}}`,
  );
  return JSON.parse(marked, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const written = (value as Record<string, unknown>)[NUMBER_MARK];
    return typeof written === 'string' && Object.keys(value).length === 1
      ? new WrittenNumber(written)
      : value;
  });
}
