/**
 * Every repository path a comment names exists: a comment that sends a reader to a file that moved
 * or went away misleads more than no comment. Paths are read from comments only (`//`, `/* … *\/`,
 * and `#` in shell scripts), in the forms comments use: `lib/api/costs.ts`, `./profile`,
 * `@/lib/background/db`, `../shared/notes/firefox.md`, `test/e2e/` (a folder).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['entrypoints', 'components', 'hooks', 'lib', 'sandbox', 'scripts', 'test', '.ci'];
const SOURCE = /\.(ts|tsx|mjs|js|sh|css)$|^run$/;
/** First folders of a repository path (what the build or a test writes, such as test-results/, is not one). */
const TOP_LEVEL = new Set([...SCANNED, 'public']);

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
  if (named.startsWith('../shared/')) return path.join(ROOT, named);
  if (named.startsWith('./') || named.startsWith('../')) return path.resolve(path.dirname(file), named);
  const top = named.split('/')[0]!;
  return TOP_LEVEL.has(top) ? path.join(ROOT, named) : null;
}

function exists(target: string): boolean {
  return ['', '.ts', '.tsx', '/index.ts'].some((suffix) => existsSync(target + suffix));
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

  it('all exist', () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const comment of commentsOf(text, file.endsWith('.sh') || file.endsWith('/run'))) {
        for (const [, named] of comment.matchAll(PATH)) {
          const target = resolveNamed(named!.replace(/\/$/, ''), file);
          if (target && !exists(target)) missing.push(`${path.relative(ROOT, file)}: ${named}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
