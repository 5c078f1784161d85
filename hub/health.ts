/**
 * For a load balancer or a monitor, without a token: `GET /healthz` says the process answers (no
 * database query: a hub whose database is down is alive, and restarting it would not help);
 * `GET /readyz` says whether it can serve: 200 when its database answers and has every migration
 * this hub knows, else 503 with what is wrong. A database migrated further by a newer hub is ready:
 * migrations only add, so an older process keeps serving while the others are upgraded.
 */
import type { Env, Hono } from 'hono';
import type { Db } from './db';
import { missingVersions, SCHEMA_VERSION } from './migrations';

export function healthRoutes<E extends Env>(app: Hono<E>, db: Db): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    let missing: number[];
    try {
      missing = await missingVersions(db);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return c.json({ status: 'unavailable', problem: `The database does not answer: ${reason}` }, 503);
    }
    if (missing.length > 0)
      return c.json(
        {
          status: 'unavailable',
          problem: `The database's schema lacks ${missing.length === 1 ? 'migration' : 'migrations'} ${missing.join(', ')}: start the hub (it migrates) or run hub:admin once`,
          missing_migrations: missing,
        },
        503,
      );
    return c.json({ status: 'ready', database: db.kind, schema_version: SCHEMA_VERSION });
  });
}
