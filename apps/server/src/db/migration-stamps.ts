import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { rows } from '../lib/sql.js';
import type { Db } from './client.js';

/*
 * Drizzle applies a migration only when its journal time (`when`) is later than the newest one the
 * database recorded. 0014 and 0015 were once stamped earlier than 0013, so a database at 0013 would
 * have skipped them on upgrade; their stamps now follow 0013. A database that already applied them
 * under the old stamps would, without this, run them a second time: their records are re-stamped
 * first, matched by the SQL's hash, so each migration stays applied exactly once.
 */
export async function restampAppliedMigrations(db: Db, migrationsFolder: string): Promise<void> {
  const [table] = await rows<{ found: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!table?.found) return;
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    await db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = ${migration.folderMillis}
          WHERE hash = ${migration.hash} AND created_at <> ${migration.folderMillis}`,
    );
  }
}
