import { readFileSync, writeFileSync } from 'node:fs';
import { type Database, openPglite } from '../db/client.js';

// Booting PGlite runs initdb inside WebAssembly: seconds per instance on a slow machine, and every
// test file opens at least one. The vitest run migrates one instance before its workers start
// (scripts/vitest-global-setup.ts) and hands them its data folder as a tarball; each file's database
// starts from a copy and still runs `migrate()`, which then has nothing to apply.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of a tarball of a migrated PGlite data folder, or '' when the tests use PostgreSQL. */
    pgliteTemplate: string;
  }
}

/** Writes a migrated, empty database's data folder to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openPglite(null);
  await database.migrate();
  const tarball = await database.dumpDataDir();
  await database.close();
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
}

/** An in-memory PGlite copied from the template at `file`, or booted afresh when there is none. */
export function openPgliteFromTemplate(file: string): Promise<Database> {
  return openPglite(null, file ? new Blob([readFileSync(file)]) : undefined);
}
