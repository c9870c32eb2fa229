import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer with `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A LIKE pattern matching `text` anywhere: its own % _ and \ are escaped (backslash is LIKE's
 * default escape), so a search for "50%" looks for those characters, not for "50" and anything.
 */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
