/**
 * Node's flags for the test processes that open PGlite for seconds at a time: the hub's test
 * workers (vitest.hub.config.ts) and the hub processes the tests start (startHubProcess). V8
 * compiles PGlite's 9 MB of WebAssembly with its baseline compiler (Liftoff), then again, function
 * by function, with its optimizing one (TurboFan) as they get hot; for a database that is used for
 * seconds, the second compilation costs more CPU than it saves. The hub's tests on PGlite: 145 s of
 * CPU by default, 125 s with Liftoff only. (The benchmarks keep V8's default when they measure; their quick runs, in CI, do not.)
 */
export const SHORT_LIVED_PGLITE_FLAGS = ['--liftoff-only'];
