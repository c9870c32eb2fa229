import { SIGN_IN_HISTORY_LIMIT, type SignInMethod } from '@meridian/shared';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { knownDevices, signInAlertLinks, signIns } from '../../db/schema/index.js';

export interface SignInAttempt {
  userId: string;
  at: Date;
  succeeded: boolean;
  method: SignInMethod;
  ipAddress: string | null;
  userAgent: string | null;
}

export async function insertSignIn(db: Db, attempt: SignInAttempt): Promise<void> {
  await db.insert(signIns).values(attempt);
}

/** The user's latest sign-ins and failed attempts, newest first. */
export function latestSignIns(db: Db, userId: string) {
  return db
    .select({
      id: signIns.id,
      at: signIns.at,
      succeeded: signIns.succeeded,
      method: signIns.method,
      ipAddress: signIns.ipAddress,
      userAgent: signIns.userAgent,
    })
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.at), desc(signIns.id))
    .limit(SIGN_IN_HISTORY_LIMIT);
}

/** How many browsers the account has signed in from so far. */
export async function countKnownDevices(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, userId));
  return row?.n ?? 0;
}

/** Remembers the browser; true only for the request that added it (two at once: one of them). */
export async function rememberDevice(db: Db, userId: string, deviceHash: string, at: Date): Promise<boolean> {
  const added = await db
    .insert(knownDevices)
    .values({ userId, deviceHash, firstSeenAt: at })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  return added.length > 0;
}

export async function insertAlertLink(db: Db, tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  await db.insert(signInAlertLinks).values({ tokenHash, userId, expiresAt });
}

/**
 * Uses the link if it is unused and unexpired at `now`, in one statement (two clicks at once: one
 * wins); answers its user, or null.
 */
export async function useAlertLink(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const [used] = await db
    .update(signInAlertLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInAlertLinks.tokenHash, tokenHash),
        isNull(signInAlertLinks.usedAt),
        gt(signInAlertLinks.expiresAt, now),
      ),
    )
    .returning({ userId: signInAlertLinks.userId });
  return used?.userId ?? null;
}
