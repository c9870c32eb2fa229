import { STEP_UP_WINDOW_MINUTES } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../lib/sql.js';

/**
 * Records that the user of this session proved who they are at `at` (the app's clock): signing in,
 * or a step-up. Every kind of proof goes through here — the password today; a second factor (TOTP, a
 * passkey) sets the same time, and once one is enrolled only that factor may (the caller decides).
 */
export async function recordProof(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.execute(sql`UPDATE sessions SET proved_at = ${at.toISOString()}::timestamptz WHERE id = ${sessionId}`);
}

/** The id of the session holding `token`, or null when it has ended. */
export async function sessionIdOf(db: Db, token: string): Promise<string | null> {
  const [row] = await rows<{ id: string }>(db, sql`SELECT id FROM sessions WHERE token = ${token}`);
  return row?.id ?? null;
}

/**
 * Whether the session holding `token` proved its user within the step-up window before `now`. A
 * session with no proof recorded (made before proofs were) has none.
 */
export async function hasFreshProof(db: Db, token: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - STEP_UP_WINDOW_MINUTES * 60_000);
  const [row] = await rows<{ fresh: boolean }>(
    db,
    sql`SELECT proved_at >= ${since.toISOString()}::timestamptz AS fresh FROM sessions WHERE token = ${token}`,
  );
  return row?.fresh === true;
}
