import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

/**
 * Permissions: `storage` for settings; `activeTab` + `scripting` to scan a page of any other site
 * when the person asks. The API origin is an optional host permission, asked for when the person
 * connects (onboarding or options), never at install.
 *
 * The e2e build (`--mode e2e`, used by the end-to-end tests and the demo) differs in two ways only:
 * it is granted the sandbox's loopback origin at install, because no test can answer a permission
 * prompt (see ../shared/notes/host-permissions.md), and its content script also runs on loopback
 * pages, where the demo serves its page of profile links.
 */
export default defineConfig({
  webExt: { disabled: true },
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ mode }) => ({
    name: 'Profile Enrichment',
    description:
      'Enrich the person, company, school or job on the page you are reading, with every credit quoted first.',
    permissions: ['storage', 'activeTab', 'scripting'],
    // The toolbar button opens the side panel (see entrypoints/background.ts).
    action: { default_title: 'Open Profile Enrichment' },
    optional_host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', 'https://*/*', 'http://*/*'],
    ...(mode === 'e2e' ? { host_permissions: ['http://127.0.0.1/*'] } : {}),
  }),
  hooks: {
    'build:manifestGenerated': (wxt, manifest) => {
      if (wxt.config.mode !== 'e2e') return;
      for (const script of manifest.content_scripts ?? []) script.matches?.push('http://127.0.0.1/*');
    },
  },
});
