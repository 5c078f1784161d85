/**
 * Every repository path a comment names exists: a comment that sends a reader to a file that moved
 * or went away misleads more than no comment. Paths are read from comments only (`//`, `/* … *\/`,
 * and `#` in shell scripts), in the forms comments use: `lib/api/costs.ts`, `./profile`,
 * `@/lib/background/db`, `docs/firefox.md`, `test/e2e/` (a folder). A path that leaves the
 * repository (`../` past its root) is refused even when it exists on this machine: whoever clones
 * the repository has nothing beside it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['entrypoints', 'components', 'hooks', 'lib', 'sandbox', 'scripts', 'test', '.ci'];
const SOURCE = /\.(ts|tsx|mjs|js|sh|css)$|^run$/;
/** First folders of a repository path (what the build or a test writes, such as test-results/, is not one). */
const TOP_LEVEL = new Set([...SCANNED, 'public', 'docs']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.output')) return [];
    if (statSync(full).isDirectory()) return sources(full);
    return SOURCE.test(name) ? [full] : [];
  });
}

/** The text of a file's comments. */
function commentsOf(text: string, shell: boolean): string[] {
  if (shell) return [...text.matchAll(/(?:^|\s)#(?!!)(.*)$/gm)].map((m) => m[1]!);
  const out: string[] = [];
  for (const m of text.matchAll(/\/\*([\s\S]*?)\*\/|(?<![:"'`\w])\/\/(.*)$/gm)) out.push(m[1] ?? m[2] ?? '');
  return out;
}

/** Path-like words: at least one `/`, ending in a known extension or a `/`. */
const PATH =
  /(?<![\w@./:-])((?:@\/|\.\.?\/)?(?:[\w.-]+\/)+(?:[\w.-]+\.(?:tsx?|mjs|json|js|md|sh|css|html|png|svg)|(?=[\s`'),.;]|$)))/g;

/** Where a named path would be, or null when it is not a path of this repository. */
function resolveNamed(named: string, file: string): string | null {
  if (named.startsWith('@/')) return path.join(ROOT, named.slice(2));
  if (named.startsWith('./') || named.startsWith('../')) return path.resolve(path.dirname(file), named);
  const top = named.split('/')[0]!;
  return TOP_LEVEL.has(top) ? path.join(ROOT, named) : null;
}

function exists(target: string): boolean {
  return ['', '.ts', '.tsx', '/index.ts'].some((suffix) => existsSync(target + suffix));
}

/** Whether a resolved path lies outside the repository's root. */
function leavesRepository(target: string): boolean {
  const relative = path.relative(ROOT, target);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

/** What is wrong with the paths a file's comments name: each one missing or leaving the repository. */
function pathProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const comment of commentsOf(text, file.endsWith('.sh') || file.endsWith('/run'))) {
    for (const [, named] of comment.matchAll(PATH)) {
      const target = resolveNamed(named!.replace(/\/$/, ''), file);
      if (!target) continue;
      const where = `${path.relative(ROOT, file)}: ${named}`;
      if (leavesRepository(target)) problems.push(`${where} (outside the repository)`);
      else if (!exists(target)) problems.push(where);
    }
  }
  return problems;
}

describe('paths named in comments', () => {
  const files = SCANNED.flatMap((dir) =>
    existsSync(path.join(ROOT, dir)) ? sources(path.join(ROOT, dir)) : [],
  );

  it('reads comments of every kind', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(commentsOf('a // see lib/background/db.ts\n/* and ./x */ b', false)).toEqual([
      ' see lib/background/db.ts',
      ' and ./x ',
    ]);
    expect(commentsOf('# uses scripts/setup.sh\necho "#!"', true)).toEqual([' uses scripts/setup.sh']);
  });

  it('refuses a path that leaves the repository, and only such a path', () => {
    const file = path.join(ROOT, 'lib/example.ts');
    const there = path.basename(ROOT);
    const comments = [
      '// see ../../elsewhere/notes.md',
      `// and ../../${there}/docs/service.md, which goes out and comes back in`,
      '// and docs/service.md, ../lib/api/assumptions.ts, ./costs.ts',
    ].join('\n');
    expect(pathProblems(file, comments)).toEqual([
      'lib/example.ts: ../../elsewhere/notes.md (outside the repository)',
      'lib/example.ts: ./costs.ts',
    ]);
  });

  it('all exist', () => {
    const problems = files.flatMap((file) => pathProblems(file, readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });
});
