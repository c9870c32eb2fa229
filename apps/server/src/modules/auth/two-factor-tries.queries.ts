import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../lib/sql.js';

/** Wrong second-factor codes allowed per user before the rest of the minute is refused. */
export const TWO_FACTOR_MAX_TRIES = 5;

/**
 * Takes one try of the user's second factor in one statement that checks and counts together
 * (decision 023, as the withdrawal code's tries): it answers only while the user has tries left in
 * the current minute, with the try already counted, and commits on its own before the code is
 * compared, so neither a rolled-back request nor a burst of requests at once compares more than
 * TWO_FACTOR_MAX_TRIES codes (the row's lock orders them; each re-reads the count the one before
 * left). The try that uses the last one starts a fresh minute: the lock lasts a full minute after
 * the fifth wrong code. The database's clock decides, as for every other limit (decision 004).
 * Answers the last authenticator step used, or null when no try is left.
 */
export async function takeTwoFactorTry(db: Db, userId: string): Promise<{ lastStep: number | null } | null> {
  const [row] = await rows<{ last_step: string | number | null }>(
    db,
    sql`INSERT INTO two_factor_tries AS t (user_id, tries, window_ends_at)
        VALUES (${userId}, 1, now() + interval '1 minute')
        ON CONFLICT (user_id) DO UPDATE SET
          tries = CASE WHEN t.window_ends_at <= now() THEN 1 ELSE t.tries + 1 END,
          window_ends_at = CASE
            WHEN t.window_ends_at <= now() OR t.tries + 1 >= ${TWO_FACTOR_MAX_TRIES} THEN now() + interval '1 minute'
            ELSE t.window_ends_at END
        WHERE t.window_ends_at <= now() OR t.tries < ${TWO_FACTOR_MAX_TRIES}
        RETURNING t.last_step`,
  );
  if (!row) return null;
  return { lastStep: row.last_step === null ? null : Number(row.last_step) };
}

/** Seconds until a user out of tries may try again (at least 1). */
export async function secondsUntilNextTry(db: Db, userId: string): Promise<number> {
  const [row] = await rows<{ seconds: string | number | null }>(
    db,
    sql`SELECT ceil(extract(epoch FROM window_ends_at - now())) AS seconds FROM two_factor_tries WHERE user_id = ${userId}`,
  );
  return Math.max(1, Number(row?.seconds ?? 1));
}

/**
 * The right authenticator code: its try is given back and its time step becomes the last used, in one
 * statement that refuses a step not newer than the last (a code already used, also by a request at
 * the same moment). False: the step was used, and the try stays counted as a wrong code.
 */
export async function useTwoFactorStep(db: Db, userId: string, step: number): Promise<boolean> {
  const used = await rows(
    db,
    sql`UPDATE two_factor_tries SET tries = greatest(tries - 1, 0), last_step = ${step}
         WHERE user_id = ${userId} AND (last_step IS NULL OR last_step < ${step})
        RETURNING user_id`,
  );
  return used.length === 1;
}

/** A right recovery code gives its try back (Better Auth has already crossed the code off). */
export async function giveTwoFactorTryBack(db: Db, userId: string): Promise<void> {
  await db.execute(sql`UPDATE two_factor_tries SET tries = greatest(tries - 1, 0) WHERE user_id = ${userId}`);
}
