import type { SQL } from 'drizzle-orm';

/**
 * What `rows` needs of a database: db/client.ts's Db and a transaction of it both fit. lib/ sits
 * below db/ (db/client.ts uses lib/backup.ts), so it names this much rather than importing Db.
 */
export interface SqlRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer with `{ rows }`. */
export async function rows<T>(db: SqlRunner, query: SQL): Promise<T[]> {
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
