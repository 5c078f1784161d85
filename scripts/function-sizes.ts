/**
 * Lists every function in the extension's source (lib/, entrypoints/, components/, hooks/) longer
 * than MAX_LINES: declarations, methods, function expressions, arrow functions and so Preact
 * components, each counted from its first line to its last, what it nests included; and every file
 * of lib/ and entrypoints/ longer than MAX_FILE_LINES but the registry's two tables. Generated files
 * are not read (nobody writes them by hand). Exits non-zero when one is over, so CI keeps functions
 * short enough to read whole and files short enough to find one's way in.
 *
 *   node --import tsx scripts/function-sizes.ts [--all]   (--all: every function, longest first)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['lib', 'entrypoints', 'components', 'hooks'];
const MAX_LINES = 120;
const MAX_FILE_LINES = 500;
/** One entry per endpoint each, by design (DESIGN.md "The spine"): long because the spec is. */
const LONG_TABLES = new Set(['lib/api/params.ts', 'lib/api/schemas.ts']);
const GENERATED = /\.generated\.tsx?$/;

interface Measured {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !GENERATED.test(name) ? [path] : [];
  });
}

/** What a reader would call the function: its own name, or the name it is bound to or passed under. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    const first = parent.arguments[0];
    return ts.isStringLiteral(first ?? parent) && first !== node
      ? `${callee}(${first!.getText()}, …)`
      : `(argument of ${callee})`;
  }
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent))
    return `(${parent.parent.name.getText()}= prop)`;
  if (ts.isExportAssignment(parent)) return 'default export';
  return '(anonymous)';
}

function measureFile(path: string): Measured[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({
        file: relative(ROOT, path),
        line: start + 1,
        name: nameOf(node as ts.FunctionLikeDeclaration),
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
const all = files.flatMap(measureFile).sort((a, b) => b.lines - a.lines);
const over = all.filter((measured) => measured.lines > MAX_LINES);
const shown = process.argv.includes('--all') ? all : over;
for (const { file, line, name, lines } of shown)
  console.log(`${String(lines).padStart(5)} lines  ${file}:${line}  ${name}`);
const longFiles = files
  .map((path) => ({ file: relative(ROOT, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
  .filter(
    ({ file, lines }) =>
      /^(lib|entrypoints)\//.test(file) && !LONG_TABLES.has(file) && lines > MAX_FILE_LINES,
  );
for (const { file, lines } of longFiles) console.log(`${String(lines).padStart(5)} lines  ${file}  (file)`);
if (over.length > 0 || longFiles.length > 0) {
  console.error(
    `function-sizes: ${over.length} function(s) over ${MAX_LINES} lines, ${longFiles.length} file(s) over ${MAX_FILE_LINES}`,
  );
  process.exit(1);
}
console.log(
  `function-sizes: ${all.length} functions, none over ${MAX_LINES} lines (longest ${all[0]?.lines ?? 0}); no file over ${MAX_FILE_LINES}`,
);
