import { defineConfig } from 'vitest/config';

/**
 * The team hub's tests (hub/): in Node, each file on a database of its own. `scripts/test.sh` runs
 * them twice: on an embedded PGlite, and under scripts/with-postgres.sh on a real PostgreSQL 15.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['hub/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
