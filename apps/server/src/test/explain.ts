import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from '../lib/sql.js';

/** The planner's plan for `query`, as EXPLAIN prints it: the plan tests read it as text. */
export async function explain(db: Db, query: SQLWrapper): Promise<string> {
  const found = await rows<Record<string, string>>(db, sql`EXPLAIN ${query}`);
  return found.map((r) => Object.values(r)[0]).join('\n');
}
