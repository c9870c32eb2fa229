import { adminMessages, messages } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.queries.js';
import { enqueueEmail } from '../email/outbox.js';
import { disconnectUsers, publishChanged, publishToAdmins } from '../realtime/publish.js';
import { grantReferralBonus } from '../referrals/referral-bonus.js';
import { guardOperatorChange, lockOperatorsAnd } from '../users/operators.js';
import { endSessions, lockUser, type UserRef, type UserRow, updateUser } from '../users/users.queries.js';

export interface ActivationBy {
  /** Who decides, as the audit log names them: 'cli', 'system:auto-activate', 'admin:<email>'. */
  actor: string;
  /** The operator's own user id (the console): nobody deactivates their own account. */
  actorUserId?: string;
  /** Where the 'account activated' e-mail links to; without it no e-mail is sent (tests, setup). */
  publicUrl?: string | undefined;
  /** The app's clock, when the caller has one: the referral bonus's history row's time. */
  now?: Date | undefined;
}

/**
 * Activates or deactivates an account (by id from the console, by e-mail from the CLI) and audits who
 * did it, with the value before and after, in one transaction. The same decision again changes,
 * audits and sends nothing (`changed: false`).
 *
 * Activation is when the referrer earns the referral bonus: once per referee (the referral_bonuses
 * key), so activating again after a deactivation pays nothing more, and a deactivation never takes
 * it back. Deactivation signs the user out everywhere in the same transaction (their session rows go)
 * and, when it commits, closes their open sockets on every node at once, not at the next heartbeat.
 * Open consoles and the user's own views hear of the change when it commits.
 */
export async function changeAccountActive(
  db: Db,
  who: UserRef,
  active: boolean,
  by: ActivationBy,
): Promise<{ user: UserRow; changed: boolean }> {
  return moneyTransaction(db, async (tx) => {
    // A deactivation may take the console's last active owner, and an operator acting in the console
    // must still be allowed to once the lock is held: both lock the operators first, in the order every
    // change of operators does (core/users/operators.ts).
    const actor =
      by.actorUserId === undefined ? undefined : { userId: by.actorUserId, permission: 'users.activate' as const };
    const operators = active && !actor ? [] : await lockOperatorsAnd(tx, who);
    // Two activations of one account at once queue here, so only one can pay the referral bonus.
    const current = await lockUser(tx, who);
    if (!current) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    if (!active && by.actorUserId === current.id) throw new AppError('OWN_ACCOUNT', adminMessages.ownAccount);
    if (current.isActive === active) return { user: current, changed: false };
    // Checked under the row's lock: the address's owner has proved it is theirs before anything
    // (money, the referral bonus, e-mails other than security notices) reaches it.
    if (active && !current.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', adminMessages.emailNotVerified);
    if (!active || actor) guardOperatorChange(operators, current, actor);

    const user = (await updateUser(tx, current.id, { isActive: active })) ?? current;
    if (active) {
      await grantReferralBonus(tx, user, by.now ?? new Date());
      if (by.publicUrl) {
        await enqueueEmail(tx, user.email, {
          kind: 'account-activated',
          name: user.name,
          dashboardUrl: `${by.publicUrl}/dashboard`,
        });
      }
      await publishChanged(tx, [user.id], ['user', 'wallet']);
    } else {
      await endSessions(tx, user.id);
      await disconnectUsers(tx, [user.id], 'deactivated');
    }
    await recordAudit(tx, {
      actor: by.actor,
      action: active ? 'user.activate' : 'user.deactivate',
      targetUserId: user.id,
      details: { before: { isActive: current.isActive }, after: { isActive: active } },
    });
    await publishToAdmins(tx);
    return { user, changed: true };
  });
}

/** The operator command's form: by e-mail, answering the user as they are now. */
export async function setAccountActive(
  db: Db,
  email: string,
  active: boolean,
  actor: string,
  publicUrl?: string,
): Promise<UserRow> {
  return (await changeAccountActive(db, { email }, active, { actor, publicUrl })).user;
}

/**
 * With AUTO_ACTIVATE_AFTER_HOURS set, an inactive account older than that is activated on its next
 * visit, once its e-mail is verified (until then it waits, as the operator's activation does).
 */
export async function activateIfDue(
  db: Db,
  user: UserRow,
  afterHours: number | undefined,
  now = new Date(),
  publicUrl?: string,
): Promise<UserRow> {
  if (user.isActive || afterHours === undefined || !user.emailVerified) return user;
  if (now.getTime() - user.createdAt.getTime() < afterHours * 3_600_000) return user;
  return (await changeAccountActive(db, { id: user.id }, true, { actor: 'system:auto-activate', publicUrl, now })).user;
}
