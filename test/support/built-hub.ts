/**
 * The hub built once for a test run, for every hub process its tests start (startHubProcess in
 * ./hub-testing.ts): built as `npm run build:hub` builds it (scripts/build-hub.ts), into a folder
 * of the run's own under node_modules/.cache, where Node finds the hub's dependencies from it, and
 * run as an installed hub runs its dist/main.js. tsx compiling hub/main.ts again for each process
 * cost a start 1.2 s of CPU (0.7 s of its wall time): the hub's tests on PGlite took 201 s of CPU
 * with it, 164 s without.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the run's build is, for the processes the run starts after it (vitest's and Playwright's
 * workers): not a HUB_ variable, which a hub started with a test's environment would read as its own.
 */
export const BUILT_HUB_VARIABLE = 'TEST_BUILT_HUB';

const CACHE = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));

/** Builds the hub for this run (a global setup's step); returns what removes the build. */
export async function buildHubForTheRun(): Promise<() => void> {
  mkdirSync(CACHE, { recursive: true });
  const folder = mkdtempSync(join(CACHE, 'hub-tests-'));
  // Imported here, not at the top: every hub test worker and Playwright worker imports this file
  // for BUILT_HUB_VARIABLE alone, and need not load the builder (esbuild) for it.
  const { buildHub } = await import('../../scripts/build-hub');
  await buildHub(folder);
  process.env[BUILT_HUB_VARIABLE] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
