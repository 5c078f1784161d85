/**
 * The admin page at `/admin`: an HTML shell, its script and its stylesheet, all from the hub itself
 * under a strict Content-Security-Policy (no inline script or style, nothing from elsewhere). The
 * page (admin-ui/) asks for the admin token once, keeps it in the tab's sessionStorage and reads and
 * changes the hub through the admin's JSON routes (admin-routes.ts) with it: the shell itself holds
 * no data, so it needs no token.
 *
 * The script is the Preact page in admin-ui/ bundled by esbuild when it is first asked for, and kept
 * in memory: the hub runs from source (tsx) and has no build of its own.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Context, Env, Hono } from 'hono';

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

function shell(body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>Team hub · Admin</title>
    <link rel="icon" href="/admin/icon.png">
    <link rel="stylesheet" href="/admin/admin.css">
  </head>
  <body>
${body}
  </body>
</html>
`;
}

const PAGE = shell(`    <div id="app">
      <main class="page narrow"><noscript><p>The admin page needs JavaScript.</p></noscript></main>
    </div>
    <script type="module" src="/admin/admin.js"></script>`);

const NO_ADMIN = shell(`    <main class="page narrow">
      <h1>Team hub · Admin</h1>
      <p class="notice error">This hub has no admin: it was started without an admin token. Set
      <code>HUB_ADMIN_TOKEN</code> in its environment and start it again.</p>
    </main>`);

interface Bundle {
  js: string;
  css: string;
}

const ENTRY = fileURLToPath(new URL('./admin-ui/main.tsx', import.meta.url));
/** The extension's own icon. */
const ICON = new URL('../public/icon/32.png', import.meta.url);
let bundled: Promise<Bundle> | undefined;

async function bundle(): Promise<Bundle> {
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
  return { js, css };
}

/** The page's bundle, built once; a failed build is tried again on the next request. */
function pageBundle(): Promise<Bundle> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}

export function adminPage<E extends Env>(app: Hono<E>, adminToken: string | undefined): void {
  const asset = (kind: keyof Bundle, type: string) => async (c: Context<E>) =>
    c.body((await pageBundle())[kind], 200, { ...PAGE_HEADERS, 'Content-Type': `${type}; charset=utf-8` });
  app.get('/admin', (c) =>
    c.body(adminToken ? PAGE : NO_ADMIN, adminToken ? 200 : 404, {
      ...PAGE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
    }),
  );
  app.get('/admin/', (c) => c.redirect('/admin'));
  app.get('/admin/admin.js', asset('js', 'text/javascript'));
  app.get('/admin/admin.css', asset('css', 'text/css'));
  app.get('/admin/icon.png', async (c) =>
    c.body(await readFile(ICON), 200, { ...PAGE_HEADERS, 'Content-Type': 'image/png' }),
  );
}
