/**
 * The switches every Chromium of the tests, the benchmarks and the demo starts with, beside
 * Playwright's own.
 *
 * Chromium keeps only the last `--disable-features` of its command line, and Playwright passes one
 * of its own before ours: ours therefore carries Playwright's names as well as ours, read from the
 * installed Playwright (whose version is pinned), so that a Playwright upgrade cannot silently drop
 * either list.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Features of the browser's own UI that the extension never touches, turned off because they cost
 * the suite most of its CPU: Chromium 156 loads the address bar's suggestion popup as a WebUI page
 * (chrome://omnibox-popup.top-chrome) in a renderer of its own for every tab opened, about 1.5 s of
 * CPU a tab, more than the page the test opens (measured: a tab and an extension page 3.1 s of
 * Chromium's CPU with it, 1.4 s without). Without them Chromium draws that popup natively, as
 * earlier versions did.
 */
const OURS = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/** The names in Playwright's own `--disable-features` (its chromiumSwitches.ts, bundled in coreBundle.js). */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = path.join(
    path.dirname(require.resolve('playwright-core/package.json')),
    'lib/coreBundle.js',
  );
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(readFileSync(bundle, 'utf8'))?.[1];
  const names = [...(list ?? '').matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((match) => match[1]!);
  if (names.length === 0)
    throw new Error(
      `Playwright's disabled features were not found in ${bundle}: see test/e2e/chromium-args.ts`,
    );
  return names;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${[...playwrightDisabledFeatures(), ...OURS].join(',')}`,
];
