import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../lib/sql.js';

/**
 * Records an operator's request to the console on their session, unless the session has been idle
 * longer than `idleMinutes` (by the app's clock): then the session is ended and false is answered.
 * One statement decides and records, so two requests at once after the limit cannot revive it. A
 * session with no console request yet (just signed in) counts as fresh. A request the web app sent
 * while nobody used the page (`attended` false: a live update's refetch) is checked but not
 * recorded, so it cannot keep an unattended console signed in.
 */
export async function touchConsoleSession(
  db: Db,
  token: string,
  now: Date,
  idleMinutes: number,
  attended = true,
): Promise<boolean> {
  const since = new Date(now.getTime() - idleMinutes * 60_000);
  const touched = await rows<{ id: string }>(
    db,
    sql`UPDATE sessions
           SET console_seen_at = CASE WHEN ${attended} OR console_seen_at IS NULL
                                      THEN ${now.toISOString()}::timestamptz ELSE console_seen_at END
         WHERE token = ${token}
           AND (console_seen_at IS NULL OR console_seen_at >= ${since.toISOString()}::timestamptz)
        RETURNING id`,
  );
  if (touched.length > 0) return true;
  await db.execute(sql`DELETE FROM sessions WHERE token = ${token}`);
  return false;
}
