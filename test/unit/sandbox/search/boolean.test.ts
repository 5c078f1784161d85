// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BooleanExpressionError,
  compileBooleanMatcher,
  foldEntriesForMatching,
  foldForMatching,
  matchesBoolean,
  parseBooleanExpression,
} from '../../../../sandbox/search/boolean';

const matches = (expression: string, text: string) =>
  matchesBoolean(parseBooleanExpression(expression), text);

function errorOf(expression: string): BooleanExpressionError {
  try {
    parseBooleanExpression(expression);
  } catch (error) {
    if (error instanceof BooleanExpressionError) return error;
    throw error;
  }
  throw new Error(`"${expression}" parsed`);
}

describe('parsing', () => {
  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(parseBooleanExpression('a OR b AND NOT c')).toEqual({
      kind: 'or',
      operands: [
        { kind: 'match', words: ['a'], prefix: false, position: 0 },
        {
          kind: 'and',
          operands: [
            { kind: 'match', words: ['b'], prefix: false, position: 5 },
            { kind: 'not', operand: { kind: 'match', words: ['c'], prefix: false, position: 15 } },
          ],
        },
      ],
    });
  });

  it('reads adjacent terms as AND, and parentheses as grouping', () => {
    expect(parseBooleanExpression('senior engineer')).toMatchObject({
      kind: 'and',
      operands: [{ words: ['senior'] }, { words: ['engineer'] }],
    });
    expect(matches('senior engineer', 'Senior Software Engineer')).toBe(true);
    expect(matches('senior engineer', 'Software Engineer')).toBe(false);
    expect(matches('(python OR java) engineer', 'Java Engineer')).toBe(true);
    expect(matches('python OR java engineer', 'Python Developer')).toBe(true);
    expect(matches('(python OR java) engineer', 'Python Developer')).toBe(false);
  });

  it('recognises keywords in upper case only: lower-case and/or/not are words', () => {
    expect(matches('research and development', 'Research and Development')).toBe(true);
    expect(matches('research and development', 'Research, Development')).toBe(false);
    expect(matches('"not for profit"', 'A not for profit organisation')).toBe(true);
  });

  it('reads a minus glued to a term, phrase or group as NOT, and keeps inner hyphens', () => {
    expect(matches('engineer -manager', 'Engineering Manager')).toBe(false);
    expect(matches('engineer -manager', 'Software Engineer')).toBe(true);
    expect(matches('-"product manager"', 'Senior Product Manager')).toBe(false);
    expect(matches('-(sales OR marketing)', 'Marketing Lead')).toBe(false);
    expect(matches('co-founder', 'Co-Founder & CEO')).toBe(true);
    expect(matches('co-founder', 'Founder')).toBe(false);
  });

  it('reports the position of each kind of syntax error', () => {
    expect(errorOf('')).toMatchObject({ position: 0, reason: 'Empty expression' });
    expect(errorOf('a AND')).toMatchObject({
      position: 5,
      reason: 'Expected a term, found end of expression',
    });
    expect(errorOf('OR a')).toMatchObject({ position: 0 });
    expect(errorOf('a OR OR b')).toMatchObject({ position: 5 });
    expect(errorOf('(a OR b')).toMatchObject({
      position: 7,
      reason: "Expected ')' to close the '(' at position 0",
    });
    expect(errorOf('a) b')).toMatchObject({ position: 1, reason: "Unexpected ')'" });
    expect(errorOf('x ()')).toMatchObject({ position: 3, reason: 'Empty parentheses' });
    expect(errorOf('say "hello')).toMatchObject({ position: 4, reason: 'Unterminated quoted phrase' });
    expect(errorOf('a "" b')).toMatchObject({ position: 2, reason: 'Empty quoted phrase' });
    expect(errorOf('a NOT')).toMatchObject({ position: 5 });
    expect(errorOf('a & b')).toMatchObject({ position: 2 });
    expect(errorOf('(a OR b')).toBeInstanceOf(BooleanExpressionError);
    expect(errorOf('a) b').message).toBe("Unexpected ')' at position 1");
  });

  it('parses inputs far beyond the 255 characters the HTTP layer allows', () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' OR ');
    expect(long.length).toBeGreaterThan(3_000);
    expect(matches(long, 'has word399 in it')).toBe(true);
    const deep = `${'('.repeat(200)}deep${')'.repeat(200)}`;
    expect(matches(deep, 'deep water')).toBe(true);
  });
});

describe('matching', () => {
  it('matches case-insensitively and ignores accents', () => {
    expect(matches('ENGINEER', 'software engineer')).toBe(true);
    expect(matches('jose garcia', 'José García')).toBe(true);
    expect(matches('José', 'JOSE')).toBe(true);
    expect(matches('иван', 'Иван Петров')).toBe(true);
  });

  it('matches whole words and consecutive phrases, and prefixes with a trailing *', () => {
    expect(matches('engineer', 'Engineering Manager')).toBe(false);
    expect(matches('engineer*', 'Engineering Manager')).toBe(true);
    expect(matches('"product manager"', 'Product Manager, Growth')).toBe(true);
    expect(matches('"product manager"', 'Manager of Product')).toBe(false);
    // Inside quotes a star is not special: no prefix matching in phrases.
    expect(matches('"engineer*"', 'Engineering Manager')).toBe(false);
  });

  it('keeps C++ and C# apart from C, and finds each Chinese or Japanese character as a word', () => {
    expect(matches('c++', 'C++ developer')).toBe(true);
    expect(matches('c', 'C++ developer')).toBe(false);
    expect(matches('c#', 'C# and .NET')).toBe(true);
    expect(matches('net', 'C# and .NET')).toBe(true);
    expect(matches('"山田"', '山田太郎')).toBe(true);
    expect(matches('北京', '山田太郎')).toBe(false);
  });

  it('never lets a phrase span two entries of a list', () => {
    const skills = foldEntriesForMatching(['Machine Learning', 'Python']);
    const matcher = compileBooleanMatcher('"learning python"');
    expect(matcher(skills)).toBe(false);
    expect(compileBooleanMatcher('learning AND python')(skills)).toBe(true);
    expect(compileBooleanMatcher('"machine learning"')(skills)).toBe(true);
  });

  it('folds text into padded words', () => {
    expect(foldForMatching('  Senior   Product-Manager, EMEA! ')).toBe(' senior product manager emea ');
    expect(foldForMatching('Müller & Søn')).toBe(' muller søn ');
    expect(foldForMatching('')).toBe(' ');
  });
});

describe('compiled matcher cache', () => {
  it('gives the same matcher for the same expression, and throws for a broken one every time', () => {
    expect(compileBooleanMatcher('alpha OR beta')).toBe(compileBooleanMatcher('alpha OR beta'));
    expect(() => compileBooleanMatcher('alpha OR')).toThrow(BooleanExpressionError);
    expect(() => compileBooleanMatcher('alpha OR')).toThrow(BooleanExpressionError);
  });
});
