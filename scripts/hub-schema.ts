/**
 * `npm run hub:schema`: writes hub/schema.sql, the hub's schema after its last migration, described
 * from a fresh in-memory database migrated by hub/migrations.ts (hub/schema.ts). Run it after adding
 * a migration; test/hub/schema.test.ts fails until the file matches.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../hub/db';
import { migrate } from '../hub/migrations';
import { describeSchema, SCHEMA_HEADER } from '../hub/schema';

const SCHEMA_FILE = fileURLToPath(new URL('../hub/schema.sql', import.meta.url));

const db = await openPglite();
try {
  await migrate(db);
  writeFileSync(SCHEMA_FILE, `${SCHEMA_HEADER}\n${await describeSchema(db)}`);
  console.log(`Wrote ${SCHEMA_FILE}`);
} finally {
  await db.close();
}
