import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// The API origin is an optional host permission, asked for when the person sets a base URL
// (onboarding or options), never at install. Only the e2e build is granted the sandbox's
// loopback origin at install, because no test can answer a permission prompt
// (see ../shared/notes/host-permissions.md).
export default defineConfig({
  webExt: { disabled: true },
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ mode }) => ({
    name: 'Profile Enrichment',
    description:
      'Enrich the person, company, school or job on the page you are reading, with every credit quoted first.',
    permissions: ['storage'],
    optional_host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', 'https://*/*'],
    ...(mode === 'e2e' ? { host_permissions: ['http://127.0.0.1/*'] } : {}),
  }),
});
