import { messages } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { moneyTransaction } from '../../lib/money-transaction.js';
import { recordAudit } from '../audit/audit.queries.js';
import { enqueueEmail } from '../email/outbox.js';
import { publishChanged } from '../realtime/publish.js';
import { grantReferralBonus } from '../referrals/referral-bonus.js';
import { findUserByEmail, lockUser, type UserRow, updateUser } from '../users/users.queries.js';

/**
 * Activates or deactivates an account by e-mail, and audits who did it, in one transaction.
 *
 * Activation is when the referrer earns the referral bonus: once per referee (the referral_bonuses
 * key), so activating again after a deactivation pays nothing more, and a deactivation never takes
 * it back. The user's own views hear of the change ('user', 'wallet') when it commits, so a waiting
 * 'Account is not active' page or an open session reacts at once.
 */
export async function setAccountActive(
  db: Db,
  email: string,
  active: boolean,
  actor: string,
  /** Where the 'account activated' e-mail links to; without it no e-mail is sent (tests, setup). */
  publicUrl?: string,
): Promise<UserRow> {
  return moneyTransaction(db, async (tx) => {
    const found = await findUserByEmail(tx, email);
    if (!found) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    // Two activations of one account at once queue here, so only one can pay the referral bonus.
    await lockUser(tx, found.id);
    const wasActive = found.isActive;
    const user = (await updateUser(tx, found.id, { isActive: active })) ?? found;
    if (active) await grantReferralBonus(tx, user);
    if (active && !wasActive && publicUrl) {
      await enqueueEmail(tx, user.email, {
        kind: 'account-activated',
        name: user.name,
        dashboardUrl: `${publicUrl}/dashboard`,
      });
    }
    await recordAudit(tx, { actor, action: active ? 'user.activate' : 'user.deactivate', targetUserId: user.id });
    await publishChanged(tx, [user.id], ['user', 'wallet']);
    return user;
  });
}

/** With AUTO_ACTIVATE_AFTER_HOURS set, an inactive account older than that is activated on its next visit. */
export async function activateIfDue(
  db: Db,
  user: UserRow,
  afterHours: number | undefined,
  now = new Date(),
  publicUrl?: string,
): Promise<UserRow> {
  if (user.isActive || afterHours === undefined) return user;
  if (now.getTime() - user.createdAt.getTime() < afterHours * 3_600_000) return user;
  return setAccountActive(db, user.email, true, 'system:auto-activate', publicUrl);
}
