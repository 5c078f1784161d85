/**
 * Runs the background's modules in plain Node for a benchmark: a fake IndexedDB and WXT's fake
 * `browser` (storage, runtime) in place of the extension's. Import it before anything else.
 */
import 'fake-indexeddb/auto';
import { setMaxListeners } from 'node:events';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// A batch's rows each listen to its Cancel signal while they wait for their turn: many, by design.
setMaxListeners(0);

const scope = globalThis as { browser?: unknown; chrome?: unknown };
scope.browser = fakeBrowser;
scope.chrome = fakeBrowser;
