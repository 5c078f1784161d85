/** Turning names into the identifiers the networks derive from them: slugs, e-mail local parts, handles, domains. */

const GERMAN_FOLDS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

const CYRILLIC_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/**
 * A name in lower-case ASCII letters and digits only, the way people spell it in addresses and
 * handles: `Müller` → `mueller`, `José` → `jose`, `Иванова` → `ivanova`. Scripts without a
 * Latin spelling here (Chinese, Japanese) come out empty; callers fall back to digits.
 */
export function asciiName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (ch) => GERMAN_FOLDS[ch] ?? ch)
    .replace(/[а-яё]/g, (ch) => CYRILLIC_LATIN[ch] ?? '')
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

/** Words of a name in ASCII (`O'Connor-Smith` → `oconnor`, `smith`). */
export function asciiWords(name: string): string[] {
  return name
    .split(/[\s-]+/)
    .map(asciiName)
    .filter((word) => word !== '');
}

/** `Kub, Hessel and Gerlach` → `kub-hessel-and-gerlach`; `Müller` → `muller` (the network drops accents). */
export function asciiSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A slug keeping the name's own letters (`José García` → `josé-garcía`, `Иван Петров` →
 * `иван-петров`, `王伟` → `王伟`): some members pick such vanity names, and they exercise the
 * percent-encoding of profile URLs.
 */
export function unicodeSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** Words that say nothing about which company it is, left out of its domain. */
const DOMAIN_STOP_WORDS = new Set([
  'and',
  'inc',
  'llc',
  'ltd',
  'group',
  'the',
  'co',
  'sons',
  'gmbh',
  'sa',
  'ag',
]);

/** Candidate second-level labels for a company's domain, most natural first. */
export function domainLabels(companyName: string): string[] {
  const words = asciiWords(companyName.replace(/[,&]/g, ' ')).filter((word) => !DOMAIN_STOP_WORDS.has(word));
  if (words.length === 0) return [];
  const labels = [words.slice(0, 2).join(''), words.join('-'), words.join('')];
  return [...new Set(labels)].filter((label) => label.length >= 2 && label.length <= 40);
}
