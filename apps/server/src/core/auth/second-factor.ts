import { messages } from '@meridian/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { twoFactors, users, verifications } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.queries.js';
import { findUserByEmail, type UserRow } from '../users/users.queries.js';
import { hasPasskey } from './passkeys.js';

/**
 * Whether the account has a second factor: the one test the console's guard (and anything else that
 * requires one) asks. A confirmed authenticator app (no query), or a passkey, which is both factors.
 */
export async function hasSecondFactor(db: Db, user: Pick<UserRow, 'id' | 'twoFactorEnabled'>): Promise<boolean> {
  return user.twoFactorEnabled || (await hasPasskey(db, user.id));
}

/**
 * Removes an account's second factor (the operator command `reset-2fa`, for a lost phone), audited, in
 * one transaction: the authenticator secret and recovery codes go, and so do the devices trusted for
 * 30 days (Better Auth's verification rows whose value is the user's id; a pending password-reset
 * link goes with them), so the next sign-in is by password and leads to setting up a new one.
 */
export async function removeSecondFactor(db: Db, email: string, actor: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id)).returning({ id: twoFactors.id });
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, user.id));
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    await recordAudit(tx, {
      actor,
      action: 'user.reset-2fa',
      targetUserId: user.id,
      details: { before: { twoFactorEnabled: user.twoFactorEnabled, enrolled: removed.length > 0 } },
    });
    return { ...user, twoFactorEnabled: false };
  });
}
