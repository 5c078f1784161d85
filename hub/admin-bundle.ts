/**
 * The admin page's script and stylesheet: the Preact page in admin-ui/ bundled by esbuild, with the
 * extension's own icon. The hub's build (scripts/build-hub.ts) writes them into hub/dist/admin/; a
 * hub run from source (tsx: `npm run hub`, the tests) bundles them on the first request instead
 * (hub/admin-page.ts decides which).
 *
 * esbuild is loaded with a dynamic import: it is a tool of the repository, not of the installed hub,
 * and a static import would be loaded by the built hub at start even though it never bundles.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface AdminPageFiles {
  js: string;
  css: string;
  icon: Buffer;
}

const ENTRY = fileURLToPath(new URL('./admin-ui/main.tsx', import.meta.url));
/** The extension's own icon. */
const ICON = new URL('../public/icon/32.png', import.meta.url);

export async function bundleAdminPage(): Promise<AdminPageFiles> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    outdir: 'admin',
    entryNames: 'admin',
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'silent',
  });
  const file = (ending: string) => result.outputFiles.find((output) => output.path.endsWith(ending))?.text;
  const js = file('.js');
  const css = file('.css');
  if (js === undefined || css === undefined) throw new Error('The admin page did not build');
  return { js, css, icon: await readFile(ICON) };
}
