/**
 * `npm run build:hub`: the team hub built to JavaScript for Node 20, into hub/dist/: `main.js` (the
 * server, `npm start` in the installed hub), `admin.js` (its admin command) and `admin/` (the admin
 * page's script, stylesheet and icon, which the built hub serves as they are: hub/admin-page.ts).
 *
 * What the repository shares with the hub (lib/api, lib/pricing, lib/freshness) and zod are bundled
 * in; the hub's runtime dependencies (hub/package.json `dependencies`) stay imports, installed
 * beside it by `npm ci --omit=dev`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleAdminPage } from '../hub/admin-bundle';

export const HUB_DIR = fileURLToPath(new URL('../hub/', import.meta.url));
export const HUB_DIST = join(HUB_DIR, 'dist');

/** The hub's runtime dependencies, each with its subpaths (`hono/cors`), left to the installed hub. */
function runtimeDependencies(): string[] {
  const manifest = JSON.parse(readFileSync(join(HUB_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]);
}

/** Builds the hub into `outdir` (emptied first): hub/dist/ by default, a pack's own folder for hub:pack. */
export async function buildHub(outdir = HUB_DIST): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(HUB_DIR, 'main.ts'), join(HUB_DIR, 'admin.ts')],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // esbuild is the repository's tool, only imported (dynamically) where the hub runs from source.
    external: [...runtimeDependencies(), 'esbuild'],
    logLevel: 'warning',
  });
  const page = await bundleAdminPage();
  mkdirSync(join(outdir, 'admin'), { recursive: true });
  writeFileSync(join(outdir, 'admin', 'admin.js'), page.js);
  writeFileSync(join(outdir, 'admin', 'admin.css'), page.css);
  writeFileSync(join(outdir, 'admin', 'icon.png'), page.icon);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildHub().then(
    () => console.log(`Hub built into ${HUB_DIST}`),
    (error: unknown) => {
      console.error(`build:hub: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
