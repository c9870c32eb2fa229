import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimited } from '../../lib/app-error.js';
import { rows } from '../../lib/sql.js';

/** One counter after an attempt was counted against it. */
export interface AttemptCount {
  /** Attempts inside the current window, this one included. */
  count: number;
  /** Whether `count` is still within the limit. */
  allowed: boolean;
  /** Whole seconds until the window ends and the counter starts again (at least 1): the Retry-After. */
  retryAfterSeconds: number;
}

/** A limit to count an attempt against: at most `limit` attempts per `windowMs`, per `key`. */
export interface RateLimit {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt against `key` in a fixed window shared by every app node (the counter lives
 * in PostgreSQL, and one upsert counts atomically, so concurrent requests cannot slip past it).
 * Times are the database's, so every node agrees on when a window ends.
 */
export async function countAttempt(db: Db, { key, limit, windowMs }: RateLimit): Promise<AttemptCount> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const result = await rows<{ count: number; retry_after: number }>(
    db,
    sql`
    INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= now() - ${window} THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start <= now() - ${window} THEN now() ELSE r.window_start END
    RETURNING count, ceil(extract(epoch from (window_start + ${window} - now())))::int AS retry_after`,
  );
  const count = Number(result[0]?.count ?? 0);
  return { count, allowed: count <= limit, retryAfterSeconds: Math.max(1, Number(result[0]?.retry_after ?? 1)) };
}

/**
 * Counts one attempt against every limit (all of them, so what is counted never depends on which
 * limit ran out first). Returns the seconds until every exhausted limit frees again, or null when
 * none is exhausted.
 */
export async function countAttempts(db: Db, limits: readonly RateLimit[]): Promise<number | null> {
  let retryAfter: number | null = null;
  for (const limit of limits) {
    const counted = await countAttempt(db, limit);
    if (!counted.allowed) retryAfter = Math.max(retryAfter ?? 0, counted.retryAfterSeconds);
  }
  return retryAfter;
}

/** Takes back one counted attempt that turned out not to count (it failed for another reason). */
export async function returnAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ${key}`);
}

/** Forgets every attempt counted against `key`. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Counts one attempt against each limit and throws a 429 with Retry-After once any is used up. */
export async function enforceRateLimit(
  db: Db,
  limits: readonly RateLimit[],
  message: string = messages.tooManyAttempts,
): Promise<void> {
  const retryAfter = await countAttempts(db, limits);
  if (retryAfter !== null) throw rateLimited(retryAfter, message);
}
