/**
 * Before any test: a copy of the e2e build for the tests' Chromiums to load (fixtures.ts), so that
 * the demo's spec, which rebuilds .output/chrome-mv3-e2e as the README's command does, can run on
 * one worker while tests on the other load the extension; and the hub built for the team tests' hub
 * processes (test/support/built-hub.ts). Both removed when the run ends.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHubForTheRun } from '../support/built-hub';
import { EXTENSION_PATH } from './fixtures';

export default async function beforeTheRun(): Promise<() => void> {
  if (!existsSync(path.join(EXTENSION_PATH, 'manifest.json'))) {
    throw new Error(`No e2e build in ${EXTENSION_PATH}: run \`npm run build:e2e\` first.`);
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'e2e-extension-'));
  cpSync(EXTENSION_PATH, copy, { recursive: true });
  process.env.E2E_EXTENSION_COPY = copy;
  const removeTheHub = await buildHubForTheRun();
  return () => {
    rmSync(copy, { recursive: true, force: true });
    removeTheHub();
  };
}
