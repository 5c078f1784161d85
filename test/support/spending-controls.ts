/**
 * Every control that spends, as the source draws it: read from the pages' and components' code
 * (entrypoints/, components/), not listed by hand, so that a control added there is found here. A
 * control is drawn in one of these ways, each naming it with its price:
 * - `spendLabel(<what it does>, quote)` (lib/quote-format.ts), in a button of the page's own;
 * - `watchQuoteWords(…)` (lib/watch/watch-words.ts), the name of the control that starts a watch;
 * - `<SpendArea verb={…}>` (components/spend/SpendArea.tsx), the one renderer of a quoted action;
 * - `<SpendName verb={…}>`, SpendArea's own controls (the first ask, a listed row's, a retry, an
 *   answer no longer kept);
 * - `<Confirmation>`, whose `Spend anyway · <quote>` spends past today's budget;
 * - `formatQuote(…)` written inside a `<button>` (an interrupted call's `Ask again · <quote>`).
 * test/e2e/prices.spec.ts clicks each in a scenario and checks the sandbox's charge against the
 * price its name says; test/unit/spending-controls.test.ts fails for a control no scenario covers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SpendingControl {
  /** `<file> › <what it does>`, the label's source text; ` (2)` for a second alike in one file. */
  id: string;
  file: string;
  /** What the control's name says it does, from its source: `Run now`, `Enrich …` or `props.verb`. */
  label: string;
  line: number;
}

const SOURCE_ROOTS = ['entrypoints', 'components'];

/** Every spending control drawn in the code under `root` (the repository). */
export function spendingControls(root: string): SpendingControl[] {
  const controls: SpendingControl[] = [];
  for (const file of SOURCE_ROOTS.flatMap((dir) => sourceFiles(root, dir))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const seen = new Map<string, number>();
    for (const { label, at } of controlsIn(text)) {
      const count = (seen.get(label) ?? 0) + 1;
      seen.set(label, count);
      controls.push({
        id: `${file} › ${label}${count > 1 ? ` (${count})` : ''}`,
        file,
        label,
        line: text.slice(0, at).split('\n').length,
      });
    }
  }
  return controls;
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The controls one file draws, in the order they appear. */
export function controlsIn(text: string): { label: string; at: number }[] {
  const found: { label: string; at: number }[] = [];
  const code = withoutComments(text);
  for (const match of code.matchAll(/\bspendLabel\(/g)) {
    // The definition in lib/quote-format.ts is not scanned; a call's first argument says what it does.
    const at = match.index + match[0].length;
    found.push({ label: normalize(readExpression(code, at)), at: match.index });
  }
  for (const match of code.matchAll(/\bwatchQuoteWords\(/g)) {
    found.push({ label: 'Watch … every … · … a period', at: match.index });
  }
  for (const match of code.matchAll(/<(SpendArea|SpendName)\b/g)) {
    const end = tagEnd(code, match.index);
    const verb = attribute(code.slice(match.index, end), 'verb');
    if (verb === null) throw new Error(`a <${match[1]}> with no verb at ${match.index}`);
    found.push({ label: verb, at: match.index });
  }
  for (const match of code.matchAll(/<Confirmation\b/g)) {
    found.push({ label: 'Spend anyway', at: match.index });
  }
  for (const match of code.matchAll(/\bformatQuote\(/g)) {
    const before = code.slice(0, match.index);
    const open = before.lastIndexOf('<button');
    if (open < 0 || before.lastIndexOf('</button>') > open) continue;
    const textStart = tagEnd(code, open) + 1;
    const words = code.slice(textStart, match.index).split('{')[0]!.replace(/·\s*$/, '').trim();
    found.push({ label: words, at: match.index });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** The code with its comments blanked (same length), so that a comment's example is not a control. */
function withoutComments(text: string): string {
  return text.replace(
    /\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/[^\n]*/g,
    (comment, lead: string | undefined) => (lead ?? '') + ' '.repeat(comment.length - (lead ?? '').length),
  );
}

/**
 * A label's source as an id reads it: one line; a plain string without its quotes; a whole template
 * with `…` for each of its `${…}` (`Enrich …`); anything else (a condition) as written.
 */
function normalize(source: string): string {
  const text = source.replace(/\s+/g, ' ').trim();
  const quote = text[0];
  if ((quote === "'" || quote === '"' || quote === '`') && skipString(text, 0) === text.length) {
    let words = '';
    for (let i = 1; i < text.length - 1; ) {
      if (quote === '`' && text[i] === '$' && text[i + 1] === '{') {
        words += '…';
        i = skipBalanced(text, i + 1);
      } else words += text[i++];
    }
    return words;
  }
  return text;
}

/** The end of the JSX opening tag at `start` (the index of its `>`), past braces and strings. */
function tagEnd(code: string, start: number): number {
  let i = start + 1;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '{') i = skipBalanced(code, i);
    else if (c === '"' || c === "'") i = skipString(code, i);
    else if (c === '>') return i;
    else i++;
  }
  throw new Error(`an unclosed tag at ${start}`);
}

/** The source of `name={…}` or `name="…"` in a tag's text, null when it has none. */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}=`).exec(tag);
  if (!match) return null;
  const at = match.index + match[0].length;
  if (tag[at] === '{') return normalize(tag.slice(at + 1, skipBalanced(tag, at) - 1));
  return normalize(tag.slice(at, skipString(tag, at)));
}

/** The source of the expression at `start`, up to its top-level `,` or `)`. */
function readExpression(code: string, start: number): string {
  let i = start;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '(' || c === '{' || c === '[') i = skipBalanced(code, i);
    else if (c === '"' || c === "'" || c === '`') i = skipString(code, i);
    else if (c === ',' || c === ')') return code.slice(start, i);
    else i++;
  }
  throw new Error(`an unfinished expression at ${start}`);
}

const CLOSING: Record<string, string> = { '(': ')', '{': '}', '[': ']' };

/** The index past the bracket that closes the one at `start`. */
function skipBalanced(code: string, start: number): number {
  const close = CLOSING[code[start]!]!;
  let i = start + 1;
  while (i < code.length) {
    const c = code[i]!;
    if (c === close) return i + 1;
    if (c in CLOSING) i = skipBalanced(code, i);
    else if (c === '"' || c === "'" || c === '`') i = skipString(code, i);
    else i++;
  }
  throw new Error(`an unclosed ${code[start]} at ${start}`);
}

/** The index past the string (or template, with its `${…}`) that starts at `start`. */
function skipString(code: string, start: number): number {
  const quote = code[start]!;
  let i = start + 1;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote === '`' && c === '$' && code[i + 1] === '{') i = skipBalanced(code, i + 1);
    else i++;
  }
  throw new Error(`an unclosed string at ${start}`);
}

/** The scenarios of test/e2e/prices.spec.ts, by what they drive; each is one test's title there. */
export const PRICE_SCENARIOS = {
  panel: 'the panel: a person fresh, cached, and after retention',
  company: "the panel: a company's sections, fresh, then refreshed, then retried when refused",
  popup: 'the popup: a search and a lookup, fresh, then refreshed',
  lost: 'the panel: an answer lost then asked again, and a v3 copy older than asked for, accepted',
  emailLookup:
    "the panel's email lookup: declined past today's budget, looked up after all, then no longer kept and looked up again",
  batch: "the panel: a person found on the page, then a selection past today's budget, confirmed",
  lists:
    "the lists page: a fresh list, paused halfway and resumed, then the same rows cached, then a list past today's budget, then one stopped at its cap and refreshed",
  failedRows: 'the lists page: failed rows, one retried alone, then the rest together',
  watch:
    "the Changes page: a watch started past today's budget, paused and resumed, then due with its alarm not fired, run now past today's budget, confirmed",
  team: 'team mode: a member enriches, what the team has costs nothing, and a list past what the member has left',
} as const;

/**
 * Which scenario of test/e2e/prices.spec.ts clicks each spending control (by its id from
 * `spendingControls`) and checks the sandbox's charge against the price its name says.
 */
export const PRICE_CHECKS: Record<string, string> = {
  'entrypoints/sidepanel/profile/PageProfileSection.tsx › props.verb': PRICE_SCENARIOS.panel,
  'components/spend/SpendArea.tsx › props.verb (2)': PRICE_SCENARIOS.panel,
  "entrypoints/sidepanel/sections/EmployeeCountSection.tsx › answer ? 'Refresh count' : 'Count employees'":
    PRICE_SCENARIOS.company,
  "entrypoints/sidepanel/sections/JobsSection.tsx › job.answer ? 'Refresh job profile' : 'Open job profile'":
    PRICE_SCENARIOS.company,
  "entrypoints/sidepanel/sections/LogoSection.tsx › answer ? 'Refresh logos' : 'Search logos'":
    PRICE_SCENARIOS.company,
  'entrypoints/sidepanel/sections/PagedSection.tsx › answered ? props.verbs.refresh : props.verbs.ask':
    PRICE_SCENARIOS.company,
  'components/results/PagedResults.tsx › Load more': PRICE_SCENARIOS.company,
  'components/spend/SpendArea.tsx › Try again': PRICE_SCENARIOS.company,
  "entrypoints/popup/search/SearchTab.tsx › first.answer ? 'Refresh results' : words.verb":
    PRICE_SCENARIOS.popup,
  'entrypoints/popup/lookup/LookupTab.tsx › action.answer ? `Refresh ${lookup.label.toLowerCase()} lookup` : lookup.verb':
    PRICE_SCENARIOS.popup,
  'entrypoints/sidepanel/batch/FoundRows.tsx › spend.verb': PRICE_SCENARIOS.batch,
  'components/spend/SpendArea.tsx › props.verb': PRICE_SCENARIOS.batch,
  'entrypoints/sidepanel/batch/BatchBar.tsx › Enrich … selected': PRICE_SCENARIOS.batch,
  'entrypoints/sidepanel/batch/BatchBar.tsx › Spend anyway': PRICE_SCENARIOS.batch,
  // The confirmation's own control, drawn by every `<Confirmation>`.
  'components/spend/SpendArea.tsx › Spend anyway (2)': PRICE_SCENARIOS.batch,
  'components/spend/SpendArea.tsx › Spend anyway': PRICE_SCENARIOS.batch,
  'entrypoints/lists/draft/DryRunSection.tsx › Enrich …': PRICE_SCENARIOS.lists,
  'entrypoints/lists/draft/DryRunSection.tsx › Spend anyway': PRICE_SCENARIOS.lists,
  'entrypoints/lists/run/ListControls.tsx › Resume': PRICE_SCENARIOS.lists,
  'entrypoints/lists/run/ListRefresh.tsx › Refresh … …': PRICE_SCENARIOS.lists,
  'entrypoints/lists/run/ListView.tsx › Spend anyway': PRICE_SCENARIOS.lists,
  "entrypoints/lists/run/ListControls.tsx › stoppedAtBudget ? \"Resume past today's budget\" : 'Resume'":
    PRICE_SCENARIOS.lists,
  'components/watch/WatchForm.tsx › Watch … every … · … a period': PRICE_SCENARIOS.watch,
  'components/watch/WatchForm.tsx › Spend anyway': PRICE_SCENARIOS.watch,
  'entrypoints/changes/watch-lists/WatchListCard.tsx › Resume': PRICE_SCENARIOS.watch,
  'entrypoints/changes/watch-lists/WatchListCard.tsx › Run now': PRICE_SCENARIOS.watch,
  'entrypoints/changes/watch-lists/WatchListCard.tsx › Spend anyway': PRICE_SCENARIOS.watch,
  'entrypoints/lists/run/ListControls.tsx › Retry … failed …': PRICE_SCENARIOS.failedRows,
  'entrypoints/lists/run/ListRows.tsx › Retry': PRICE_SCENARIOS.failedRows,
  'components/spend/InterruptedNotice.tsx › Ask again': PRICE_SCENARIOS.lost,
  'entrypoints/sidepanel/profile/PageProfile.tsx › Accept a copy … old': PRICE_SCENARIOS.lost,
  'entrypoints/sidepanel/email-lookup/EmailLookupSection.tsx › Look it up after all':
    PRICE_SCENARIOS.emailLookup,
  // The control of an answer no longer kept (SpendArea's AnswerGone), named with its `againVerb`.
  'components/spend/SpendArea.tsx › verb': PRICE_SCENARIOS.emailLookup,
};
