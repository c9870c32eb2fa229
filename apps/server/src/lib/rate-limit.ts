import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from './sql.js';

/**
 * Counts one attempt against `key` in a fixed window shared by every app node (the counter lives
 * in PostgreSQL). Returns false once `limit` attempts have been made inside the window.
 */
export async function takeAttempt(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  const result = await rows<{ count: number }>(
    db,
    sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowMs / 1000})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowMs / 1000})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count`,
  );
  const count = Number(result[0]?.count ?? 0);
  return count <= limit;
}
