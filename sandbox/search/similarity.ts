/**
 * How the sandbox's lookups judge closeness: names (person lookup), job titles (role lookup) and
 * company names and domains (company lookup, logo search). Deterministic and documented, because
 * a lookup's "poor match" decides whether a charged answer carries a profile.
 */
import { foldForMatching } from './boolean';

/** Levenshtein distance (insertions, deletions, substitutions), in O(min(a, b)) memory. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length < b.length) [a, b] = [b, a];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** A name folded for comparison: lower case, accents removed, words separated by single spaces. */
export function foldName(name: string): string {
  return foldForMatching(name).trim();
}

/**
 * Similarity of two names in [0, 1]: 1 − edit distance / length of the longer, after folding
 * (`José` = `jose`, `O'Brien` = `obrien` ± 1). 0.8 tolerates one typo in a five-letter name.
 */
export function nameSimilarity(a: string, b: string): number {
  const x = foldName(a).replace(/ /g, '');
  const y = foldName(b).replace(/ /g, '');
  if (x === '' || y === '') return 0;
  return 1 - editDistance(x, y) / Math.max(x.length, y.length);
}

/** Below this, a name is a different name (see nameSimilarity). */
export const NAME_SIMILARITY_THRESHOLD = 0.8;

/** Abbreviations people use for titles, spelled out before comparing. */
const TITLE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  ceo: 'chief executive officer',
  cto: 'chief technology officer',
  cfo: 'chief financial officer',
  coo: 'chief operating officer',
  cmo: 'chief marketing officer',
  cpo: 'chief product officer',
  cro: 'chief revenue officer',
  cdo: 'chief data officer',
  vp: 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  sr: 'senior',
  jr: 'junior',
  swe: 'software engineer',
  sde: 'software development engineer',
  pm: 'product manager',
  hr: 'human resources',
  eng: 'engineering',
  mgr: 'manager',
  dir: 'director',
  qa: 'quality assurance',
  ux: 'user experience',
  sre: 'site reliability engineer',
};

const TITLE_STOP_WORDS = new Set(['of', 'the', 'and', 'at', 'for', 'in']);

/** The words of a title, abbreviations spelled out and filler words dropped. */
export function titleWords(title: string): string[] {
  return foldName(title)
    .split(' ')
    .flatMap((word) => (TITLE_ABBREVIATIONS[word] ?? word).split(' '))
    .filter((word) => word !== '' && !TITLE_STOP_WORDS.has(word));
}

/** Two title words match when equal, or when they share a stem of six letters or more (engineer ~ engineering). */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return common >= 6;
}

/**
 * How well a title answers a role query, in [0, 1]: the share of the query's words found in the
 * title, less a little for each word of the title the query did not ask for (so "CEO" prefers
 * "Chief Executive Officer" over "Chief Executive Officer and Board Member").
 */
export function titleScore(query: string, title: string): number {
  const wanted = titleWords(query);
  const offered = titleWords(title);
  if (wanted.length === 0 || offered.length === 0) return 0;
  const found = wanted.filter((word) => offered.some((candidate) => wordsMatch(word, candidate))).length;
  if (found === 0) return 0;
  const extra = offered.filter((word) => !wanted.some((candidate) => wordsMatch(word, candidate))).length;
  return found / wanted.length - extra * 0.01;
}

/**
 * A domain as the sandbox indexes it, from whatever a person typed: `https://www.Acme.com/about`,
 * `acme.com.`, `WWW.ACME.COM:443` all become `acme.com`. Null when nothing domain-like is left.
 */
export function normalizeDomain(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '')
    .replace(/^www\d*\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** Words that do not tell companies apart: `Acme Inc.` and `ACME, LLC` are the same name. */
const LEGAL_FORMS = new Set([
  'inc',
  'llc',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'gmbh',
  'ag',
  'sa',
  'plc',
  'group',
]);

/** A company name reduced to what identifies it: folded, `&` read as `and`, legal forms dropped. */
export function companyNameKey(name: string): string {
  return foldName(name.replace(/&/g, ' and '))
    .split(' ')
    .filter((word) => word !== '' && !LEGAL_FORMS.has(word))
    .join(' ');
}
