/**
 * Mounts the options page, wired to the real browser: messages go to the background, and access
 * to the API's address is asked of the browser.
 */
import { render } from 'preact';
import { browser } from 'wxt/browser';
import '@/components/theme.css';
import { askBackground } from '@/lib/ask-background';
import { OptionsApp, type OptionsBackend } from './App';

const backend: OptionsBackend = {
  ask: askBackground,
  requestOrigins: (origins) => browser.permissions.request({ origins }),
};

const root = document.getElementById('app');
if (root) render(<OptionsApp backend={backend} />, root);
