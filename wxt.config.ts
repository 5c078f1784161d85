import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { LOOPBACK_HOSTS } from './lib/api/base-url';

/**
 * Permissions: `storage` for settings; `activeTab` + `scripting` to scan a page of any other site
 * when the person asks; `contextMenus` for "Look up email" on a selection or a mailto: link. The API origin is an optional host permission, asked for when the person
 * connects (onboarding or options), never at install. STORE_LISTING.md explains each one to the
 * stores' reviewers, and test/unit/store-listing.test.ts keeps it in step with the built manifests.
 *
 * The e2e build (`--mode e2e`, used by the end-to-end tests and the demo) differs in two ways only:
 * it is granted the sandbox's loopback origin at install, because no test can answer a permission
 * prompt (see docs/host-permissions.md), and its content script also runs on loopback
 * pages, where the demo serves its page of profile links.
 *
 * Icons: WXT finds public/icon/<size>.png and declares them (scripts/render-icons.ts draws them).
 */

/** The add-on's id on addons.mozilla.org: it must never change once a version is published there. */
const GECKO_ID = '{825dd86a-cf91-4cdb-b985-051b3683c069}';

export default defineConfig({
  webExt: { disabled: true },
  zip: {
    // The sources package AMO's reviewers rebuild the Firefox package from (`npm ci`, then
    // `npm run build:firefox`): what the build reads, not the sandbox, the tests or their results.
    // WXT already leaves out hidden files, node_modules, .output and *.test / *.spec files.
    excludeSources: [
      'sandbox/**',
      'test/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '**/*.log',
    ],
  },
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({
    plugins: [preact()],
    build: {
      rollupOptions: {
        // zod 4 places `@__PURE__` comments where Rollup cannot use them, and Rollup says so for
        // each one on every build (harmless, see docs/toolchain.md). Only that message
        // about zod's own files is dropped, so that any other warning stands out. `onLog`, not
        // `onwarn`: @preact/preset-vite sets its own `onwarn`, which replaces one set here.
        onLog(level, log, handler) {
          if (level === 'warn' && log.code === 'INVALID_ANNOTATION' && log.id?.includes('/node_modules/zod/'))
            return;
          handler(level, log);
        },
      },
    },
  }),
  manifest: ({ mode, browser }) => ({
    name: 'Profile Enrichment',
    description:
      'Enrich the person, company, school or job on the page you are reading, with every credit quoted first.',
    permissions: ['storage', 'activeTab', 'scripting', 'contextMenus', 'alarms'],
    // The toolbar button opens the popup (searches, lookups, and a button that opens the side panel;
    // see entrypoints/background.ts). Its icon and title are named by the popup page
    // (entrypoints/popup/index.html: `manifest.default_icon`, `<title>`) rather than left to each
    // browser's fallback to `icons`: WXT builds Firefox's `browser_action` from the popup alone.
    // Plain http only to this computer, where the service's address may use it (lib/api/base-url.ts).
    optional_host_permissions: [...LOOPBACK_HOSTS.map((host) => `http://${host}/*`), 'https://*/*'],
    ...(mode === 'e2e' ? { host_permissions: ['http://127.0.0.1/*'] } : {}),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              // What leaves the browser, only when the person asks for it (or turns on
              // auto-enrich) and only to the service they configured: the names, email addresses
              // and profile addresses of the people they look up (personally identifying), the
              // profile links and addresses found on the page they are reading (website content),
              // and the address of the profile page itself (browsing activity). Nothing else is
              // sent anywhere: no analytics, no error reports.
              data_collection_permissions: {
                required: ['personallyIdentifyingInfo', 'websiteContent', 'browsingActivity'],
              },
            },
          },
        }
      : {}),
  }),
  hooks: {
    // The side panel is built on its own, not with the other pages: its first render then needs
    // one script and one stylesheet rather than a dozen chunks shared with the popup, options and
    // lists pages. Every file an extension page fetches costs a round trip through the browser's
    // extension loader, which is most of what the panel took to open (test/bench/panel-open.ts).
    // What it shares with the other pages is built twice; each page's own size is what counts
    // (scripts/page-sizes.ts).
    'entrypoints:grouped': (_wxt, groups) => {
      for (const group of groups) {
        if (!Array.isArray(group) || group.length < 2) continue;
        const index = group.findIndex((entry) => entry.type === 'sidepanel');
        if (index === -1) continue;
        groups.push(group.splice(index, 1));
        return;
      }
    },
    // The e2e build only: the lightest extension page there can be, the floor the panel's opening
    // is measured against (test/bench/panel-open.ts).
    'build:publicAssets': (wxt, files) => {
      if (wxt.config.mode !== 'e2e') return;
      files.push({
        relativeDest: 'bench-floor.html',
        contents:
          '<!doctype html><meta charset="utf-8"><title>Floor</title><main class="panel"><p class="profile-name">Floor</p></main>',
      });
    },
    'build:manifestGenerated': (wxt, manifest) => {
      // Manifest V2 (the Firefox build) has no `optional_host_permissions`: WXT drops the key, and
      // Firefox would then refuse `permissions.request` for the API origin. In V2, origins that
      // may be asked for later belong in `optional_permissions`.
      if (wxt.config.manifestVersion === 2 && manifest.optional_host_permissions?.length) {
        manifest.optional_permissions = [
          ...(manifest.optional_permissions ?? []),
          ...manifest.optional_host_permissions,
        ];
        delete manifest.optional_host_permissions;
      }
      if (wxt.config.mode !== 'e2e') return;
      for (const script of manifest.content_scripts ?? []) script.matches?.push('http://127.0.0.1/*');
    },
  },
});
