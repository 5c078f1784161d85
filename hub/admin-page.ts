/**
 * The admin page at `/admin`: an HTML shell, its script and its stylesheet, all from the hub itself
 * under a strict Content-Security-Policy (no inline script or style, nothing from elsewhere). The
 * page (admin-ui/) asks for the admin token once, keeps it in the tab's sessionStorage and reads and
 * changes the hub through the admin's JSON routes (admin-routes.ts) with it: the shell itself holds
 * no data, so it needs no token.
 *
 * The script, stylesheet and icon (admin-bundle.ts) are read once and kept in memory: from the
 * hub's build when it runs built (hub/dist/admin/, written by scripts/build-hub.ts), else bundled on
 * the first request (from source: `npm run hub`, the tests).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Context, Env, Hono } from 'hono';
import type { AdminPageFiles } from './admin-bundle';

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

/**
 * The built page beside the running module: hub/dist/admin/ when this runs as hub/dist/main.js. Run
 * from source (hub/admin-page.ts) there is no hub/admin/ folder, so the page is bundled instead.
 * The one place that decides: a server has no esbuild (a dev tool), and a hub run from source has
 * no build, and each must serve the same page.
 */
const BUILT = new URL('./admin/', import.meta.url);
let bundled: Promise<AdminPageFiles> | undefined;

async function pageFiles(): Promise<AdminPageFiles> {
  if (!existsSync(new URL('admin.js', BUILT))) return (await import('./admin-bundle')).bundleAdminPage();
  const [js, css, icon] = await Promise.all([
    readFile(new URL('admin.js', BUILT), 'utf8'),
    readFile(new URL('admin.css', BUILT), 'utf8'),
    readFile(new URL('icon.png', BUILT)),
  ]);
  return { js, css, icon };
}

/** The page's bundle, built once; a failed build is tried again on the next request. */
function pageBundle(): Promise<AdminPageFiles> {
  bundled ??= pageFiles().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}

export function adminPage<E extends Env>(app: Hono<E>, adminToken: string | undefined): void {
  const asset = (kind: 'js' | 'css', type: string) => async (c: Context<E>) =>
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
    c.body(new Uint8Array((await pageBundle()).icon), 200, { ...PAGE_HEADERS, 'Content-Type': 'image/png' }),
  );
}
