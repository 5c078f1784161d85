/** What the e2e build exposes to its tests on `globalThis.__test` (never in other builds). */
export function testHooks(): Record<string, unknown> {
  const scope = globalThis as { __test?: Record<string, unknown> };
  scope.__test ??= {};
  return scope.__test;
}
