/**
 * Boolean search expressions, as the service accepts them in its text filters (`headline`,
 * `skills`, `boolean_role_search`, ...). The spec says only "at most 255 characters, matched
 * case-insensitively; grammar not shown". This is the grammar the sandbox accepts, modelled on the
 * boolean syntax of the main network's own search:
 *
 *   expression = or ;
 *   or         = and , { "OR" , and } ;
 *   and        = unary , { [ "AND" ] , unary } ;       (* adjacent operands: implicit AND *)
 *   unary      = ( "NOT" | "-" ) , unary | primary ;    (* "-" only when glued to what follows *)
 *   primary    = "(" , expression , ")" | phrase | term ;
 *   phrase     = '"' , { character - '"' } , '"' ;
 *   term       = word character , { word character } , [ "*" ] ;   (* "*": prefix of the last word *)
 *   word character = any character but white space, '"', "(" and ")" ;
 *
 * - Precedence, tightest first: NOT, AND (explicit or implicit), OR. `a OR b c` is `a OR (b AND c)`.
 * - Keywords are recognised in upper case only, so `and`, `or` and `not` are ordinary words.
 * - Matching works on words, not substrings: text and query are folded the same way (lower case,
 *   accents removed: `jose` finds `José`) and cut into words (letters, digits, `+` and `#`, so
 *   `C++` and `C#` stay words; Chinese and Japanese characters are each a word). A term or phrase
 *   matches when its words occur consecutively in the text: `engineer` does not match
 *   `engineering`, `engineer*` does; `co-founder` matches "Co-Founder" and "co founder".
 *
 * The 255-character limit is the HTTP layer's to enforce (it names the parameter); the parser
 * handles any length.
 */

export type BooleanNode =
  | {
      kind: 'match';
      /** Folded words that must occur consecutively. */
      words: string[];
      /** The last word may be a prefix (`engineer*`). */
      prefix: boolean;
      /** Where the term or phrase starts in the source (0-based). */
      position: number;
    }
  | { kind: 'not'; operand: BooleanNode }
  | { kind: 'and'; operands: BooleanNode[] }
  | { kind: 'or'; operands: BooleanNode[] };

/** A syntax error in a boolean expression; `position` is the 0-based offset of the offending character. */
export class BooleanExpressionError extends Error {
  constructor(
    readonly expression: string,
    readonly position: number,
    readonly reason: string,
  ) {
    super(`${reason} at position ${position}`);
    this.name = 'BooleanExpressionError';
  }
}

// ---------------------------------------------------------------------------------------------
// Folding: one function for the text and the query, so both are cut into words the same way.

const ASCII_ONLY = /^\p{ASCII}*$/u;
const ASCII_NON_WORD = /[^a-z0-9+#]+/g;
const NON_WORD = /[^\p{L}\p{N}+#]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
/** Scripts written without spaces between words: every character is a word of its own. */
const IDEOGRAPH = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;
const SPACES = / {2,}/g;

/**
 * Text folded for matching: its words in lower case without accents, separated by single spaces,
 * with a space at both ends (so a word is always ` word `). Searches cache this per record.
 */
export function foldForMatching(text: string): string {
  const lower = text.toLowerCase();
  if (ASCII_ONLY.test(lower)) {
    // Runs of non-word characters become one space, so only the ends need trimming.
    const words = lower.replace(ASCII_NON_WORD, ' ').trim();
    return words === '' ? ' ' : ` ${words} `;
  }
  const folded = lower
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(NON_WORD, ' ')
    .replace(IDEOGRAPH, ' $1 ')
    .trim();
  return ` ${folded} `.replace(SPACES, ' ');
}

/**
 * Several texts (a person's titles, skills, schools) folded into one string a matcher can search,
 * with a `|` between entries: a phrase never spans two entries, while `a AND b` may find `a` in
 * one and `b` in another ("has a skill a and a skill b").
 */
export function foldEntriesForMatching(texts: readonly string[]): string {
  return texts.length === 0 ? ' ' : texts.map(foldForMatching).join('|');
}

function wordsOf(text: string): string[] {
  const folded = foldForMatching(text).trim();
  return folded === '' ? [] : folded.split(' ');
}

// ---------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { type: '(' | ')' | 'AND' | 'OR' | 'NOT' | 'end'; position: number }
  | { type: 'term'; text: string; quoted: boolean; position: number };

const KEYWORDS = new Set(['AND', 'OR', 'NOT']);
const WHITESPACE = /\s/;
const TERM_END = /[\s"()]/;

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i] as string;
    if (WHITESPACE.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ type: ch, position: i });
      i++;
    } else if (ch === '"') {
      const close = src.indexOf('"', i + 1);
      if (close < 0) throw new BooleanExpressionError(src, i, 'Unterminated quoted phrase');
      tokens.push({ type: 'term', text: src.slice(i + 1, close), quoted: true, position: i });
      i = close + 1;
    } else if (ch === '-' && i + 1 < src.length && !WHITESPACE.test(src[i + 1] as string)) {
      // `-term`, `-"a phrase"`, `-(a OR b)`: a minus glued to what follows is NOT.
      tokens.push({ type: 'NOT', position: i });
      i++;
    } else {
      const start = i;
      while (i < src.length && !TERM_END.test(src[i] as string)) i++;
      const text = src.slice(start, i);
      if (KEYWORDS.has(text)) tokens.push({ type: text as 'AND' | 'OR' | 'NOT', position: start });
      else tokens.push({ type: 'term', text, quoted: false, position: start });
    }
  }
  tokens.push({ type: 'end', position: src.length });
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Parser (recursive descent over the grammar above)

/** Parses a boolean expression; throws {@link BooleanExpressionError} naming the position of the fault. */
export function parseBooleanExpression(src: string): BooleanNode {
  const tokens = tokenize(src);
  let at = 0;
  const peek = (): Token => tokens[at] as Token;
  const fail = (token: Token, reason: string): never => {
    throw new BooleanExpressionError(src, token.position, reason);
  };
  const describeToken = (token: Token): string =>
    token.type === 'end'
      ? 'end of expression'
      : token.type === 'term'
        ? `"${token.text}"`
        : `'${token.type}'`;

  const parseOr = (): BooleanNode => {
    const operands = [parseAnd()];
    while (peek().type === 'OR') {
      at++;
      operands.push(parseAnd());
    }
    return operands.length === 1 ? (operands[0] as BooleanNode) : { kind: 'or', operands };
  };

  const startsOperand = (token: Token): boolean =>
    token.type === 'term' || token.type === '(' || token.type === 'NOT';

  const parseAnd = (): BooleanNode => {
    const operands = [parseUnary()];
    for (;;) {
      const token = peek();
      if (token.type === 'AND') {
        at++;
        operands.push(parseUnary());
      } else if (startsOperand(token)) {
        operands.push(parseUnary());
      } else {
        break;
      }
    }
    return operands.length === 1 ? (operands[0] as BooleanNode) : { kind: 'and', operands };
  };

  const parseUnary = (): BooleanNode => {
    const token = peek();
    if (token.type === 'NOT') {
      at++;
      if (!startsOperand(peek())) fail(peek(), `Expected a term after NOT, found ${describeToken(peek())}`);
      return { kind: 'not', operand: parseUnary() };
    }
    return parsePrimary();
  };

  const parsePrimary = (): BooleanNode => {
    const token = peek();
    if (token.type === '(') {
      at++;
      if (peek().type === ')') fail(peek(), 'Empty parentheses');
      const inner = parseOr();
      if (peek().type !== ')') fail(peek(), `Expected ')' to close the '(' at position ${token.position}`);
      at++;
      return inner;
    }
    if (token.type === 'term') {
      at++;
      return matchNode(token.text, token.quoted, token.position);
    }
    if (token.type === 'end' && token.position === 0) return fail(token, 'Empty expression');
    return fail(token, `Expected a term, found ${describeToken(token)}`);
  };

  const matchNode = (text: string, quoted: boolean, position: number): BooleanNode => {
    const prefix = !quoted && text.length > 1 && text.endsWith('*');
    const words = wordsOf(prefix ? text.slice(0, -1) : text);
    if (words.length === 0) {
      throw new BooleanExpressionError(
        src,
        position,
        quoted ? 'Empty quoted phrase' : `The term "${text}" has no letters or digits`,
      );
    }
    return { kind: 'match', words, prefix, position };
  };

  const ast = parseOr();
  if (peek().type !== 'end') fail(peek(), `Unexpected ${describeToken(peek())}`);
  return ast;
}

// ---------------------------------------------------------------------------------------------
// Matching

/** A compiled expression: takes text already folded by {@link foldForMatching}. */
export type FoldedMatcher = (folded: string) => boolean;

function compile(node: BooleanNode): FoldedMatcher {
  switch (node.kind) {
    case 'match': {
      const needle = ` ${node.words.join(' ')}${node.prefix ? '' : ' '}`;
      return (folded) => folded.includes(needle);
    }
    case 'not': {
      const operand = compile(node.operand);
      return (folded) => !operand(folded);
    }
    case 'and': {
      const operands = node.operands.map(compile);
      return (folded) => operands.every((operand) => operand(folded));
    }
    case 'or': {
      const operands = node.operands.map(compile);
      return (folded) => operands.some((operand) => operand(folded));
    }
  }
}

/**
 * Whether `text` (raw) satisfies the expression. For many texts, fold once and use {@link compileBooleanMatcher}.
 * @internal the tests' way in; the sandbox's queries compile once.
 */
export function matchesBoolean(ast: BooleanNode, text: string): boolean {
  return compile(ast)(foldForMatching(text));
}

const MATCHER_CACHE_SIZE = 512;
const matcherCache = new Map<string, FoldedMatcher>();

/**
 * The expression compiled to a function over folded text, from a small LRU cache: a paginated
 * search re-runs the same expressions on every page. Throws {@link BooleanExpressionError}.
 */
export function compileBooleanMatcher(src: string): FoldedMatcher {
  const cached = matcherCache.get(src);
  if (cached) {
    matcherCache.delete(src);
    matcherCache.set(src, cached);
    return cached;
  }
  const matcher = compile(parseBooleanExpression(src));
  matcherCache.set(src, matcher);
  if (matcherCache.size > MATCHER_CACHE_SIZE) matcherCache.delete(matcherCache.keys().next().value as string);
  return matcher;
}
