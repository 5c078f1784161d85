/**
 * Prints what each page of the built extension loads, gzipped, against its budget (DESIGN.md:
 * side panel 60 kB with every view, popup 60 kB, options 40 kB; the lists page, a full tab opened
 * now and then, 60 kB with its CSV reader loaded when a file is read; the Changes page, a tab too,
 * 60 kB; the content script 10 kB), and
 * whether any of it carries zod. Exits non-zero over a budget or with zod in a page, so CI keeps
 * the pages light. Reads a build: `npm run build` first (CI's build step does).
 *
 *   node --import tsx scripts/page-sizes.ts [.output/chrome-mv3]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const OUT = resolve(process.argv[2] ?? '.output/chrome-mv3');

/** Budgets in gzipped kB (1 kB = 1000 bytes). Lazily loaded chunks (charts) are listed apart. */
const BUDGETS = { sidepanel: 60, popup: 60, options: 40, lists: 60, changes: 60, content: 10 } as const;

/** Strings only zod's runtime carries: a page that contains one has zod in it. */
const ZOD_MARKERS = ['$ZodType', 'ZodError', '_zod'];

interface Measure {
  page: string;
  files: string[];
  /** Files loaded only by dynamic import (not counted in the budget). */
  lazy: string[];
  gzipBytes: number;
  lazyGzipBytes: number;
  zod: boolean;
}

/** Static and dynamic imports of a built chunk, as paths relative to the output root. */
function importsOf(file: string): { eager: string[]; lazy: string[] } {
  const code = readFileSync(join(OUT, file), 'utf8');
  const resolveFrom = (specifier: string) =>
    specifier.startsWith('/') ? specifier.slice(1) : join(dirname(file), specifier).replace(/^\.\//, '');
  const eager = [
    ...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g),
  ].map((match) => resolveFrom(match[1]!));
  const lazy = [...code.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)].map((match) =>
    resolveFrom(match[1]!),
  );
  return { eager, lazy };
}

function measure(page: string, entries: string[]): Measure {
  const files = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string, into: Set<string>) => {
    if (files.has(file) || into.has(file) || !existsSync(join(OUT, file))) return;
    into.add(file);
    const { eager, lazy: dynamic } = importsOf(file);
    for (const next of eager) visit(next, into);
    for (const next of dynamic) visit(next, lazy);
  };
  for (const entry of entries) visit(entry, files);
  for (const file of files) lazy.delete(file);
  const gz = (list: Iterable<string>) =>
    [...list].reduce((sum, file) => sum + gzipSync(readFileSync(join(OUT, file))).length, 0);
  const zod = [...files].some((file) => {
    const code = readFileSync(join(OUT, file), 'utf8');
    return ZOD_MARKERS.some((marker) => code.includes(marker));
  });
  return { page, files: [...files], lazy: [...lazy], gzipBytes: gz(files), lazyGzipBytes: gz(lazy), zod };
}

/** The scripts a page's HTML loads (module entry and preloads). */
function htmlEntries(html: string): string[] {
  const source = readFileSync(join(OUT, html), 'utf8');
  return [
    ...source.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
  ].map((match) => match[1]!.replace(/^\//, ''));
}

if (!existsSync(OUT)) {
  console.error(`page-sizes: ${OUT} does not exist: build first (npm run build)`);
  process.exit(2);
}

const measures: Measure[] = [];
for (const page of ['sidepanel', 'popup', 'options', 'lists', 'changes'] as const) {
  if (existsSync(join(OUT, `${page}.html`))) measures.push(measure(page, htmlEntries(`${page}.html`)));
}
measures.push(measure('content', ['content-scripts/content.js']));

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
let failures = 0;
console.log(`page       gzipped   budget   zod   files`);
for (const m of measures) {
  const budget = BUDGETS[m.page as keyof typeof BUDGETS];
  const over = m.gzipBytes > budget * 1000;
  const zodInPage = m.zod && m.page !== 'background';
  if (over || zodInPage) failures++;
  console.log(
    `${m.page.padEnd(10)} ${`${kB(m.gzipBytes)} kB`.padStart(8)}   ${`${budget} kB`.padStart(6)}   ${m.zod ? 'YES' : 'no '}   ${m.files.length}${
      m.lazy.length ? ` (+${m.lazy.length} lazy, ${kB(m.lazyGzipBytes)} kB)` : ''
    }${over ? '  OVER BUDGET' : ''}`,
  );
}
if (failures > 0) {
  console.error(`page-sizes: ${failures} page(s) over budget or carrying zod`);
  process.exit(1);
}
