import {
  type AdminUserChange,
  type AdminUserDetail,
  adminMessages,
  messages,
  type Role,
  type TransactionCategory,
  type TransactionsPage,
} from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { listHistory } from '../../core/history/history-page.js';
import { allInvestmentsOf } from '../../core/investments/investments.queries.js';
import { disconnectUsers, publishChanged, publishToAdmins } from '../../core/realtime/publish.js';
import { listReferees } from '../../core/referrals/referees.js';
import { changeAccountActive } from '../../core/users/activation.service.js';
import { guardActor, guardOperatorChange, lockOperatorsAnd } from '../../core/users/operators.js';
import {
  endSessions,
  findUserById,
  findUserByReferralId,
  toUserDto,
  type UserRow,
  updateUser,
} from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { walletOf } from '../../ledger/index.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';
import { balancesOf, findAdminUserRow, liveSessionCount, receiptsOf } from './admin-users.queries.js';

/** The audit log's name for an operator acting in the console. */
export const consoleActor = (admin: UserRow) => `admin:${admin.email}`;

async function existingUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
  return user;
}

/** Everything the console's user page shows, from the books where money is concerned. */
export async function userDetail(db: Db, id: string, now: Date): Promise<AdminUserDetail> {
  const user = await existingUser(db, id);
  const [wallet, held, referrer, investments, referees, receipts, sessions] = await Promise.all([
    walletOf(db, user.id),
    balancesOf(db, user.id),
    user.referrerId ? findUserByReferralId(db, user.referrerId) : undefined,
    allInvestmentsOf(db, user.id),
    listReferees(db, user.referralId),
    receiptsOf(db, user.id),
    liveSessionCount(db, user.id, now),
  ]);
  return {
    user: toUserDto(user),
    wallet,
    withdrawalHoldCents: held.withdrawalHold,
    investedCents: held.invested,
    referrer: referrer ? { id: referrer.id, name: referrer.name, email: referrer.email } : null,
    investments,
    referees,
    receipts,
    sessions,
  };
}

/** One user's history, as they see it themselves (an unknown user is a 404, not an empty page). */
export async function userTransactions(
  db: Db,
  id: string,
  query: { category?: TransactionCategory | undefined; cursor?: string | undefined; limit?: number | undefined },
): Promise<TransactionsPage> {
  const user = await existingUser(db, id);
  return listHistory(
    db,
    { userId: user.id, category: query.category },
    { cursor: query.cursor, limit: query.limit ?? 25 },
  );
}

async function changeAnswer(db: Db, id: string, changed: boolean): Promise<AdminUserChange> {
  const user = await findAdminUserRow(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
  return { user, changed };
}

/** Activates or deactivates from the console (core/users/activation.service.ts has the rules). */
export async function setActive(
  db: Db,
  id: string,
  active: boolean,
  admin: UserRow,
  publicUrl: string,
): Promise<AdminUserChange> {
  const { user, changed } = await changeAccountActive(db, { id }, active, {
    actor: consoleActor(admin),
    actorUserId: admin.id,
    publicUrl,
  });
  return changeAnswer(db, user.id, changed);
}

/**
 * Gives a user a role (a member's, or an operator's). Never one's own role, and never takes the last
 * active owner: the operator rows are locked first (core/users/operators.ts), so two demotions (or a
 * demotion and a deactivation) at once cannot both see another active owner left, and the acting
 * operator must still be an active owner once the lock is held. The user's sockets are closed, so their
 * next connection carries the new role.
 */
export async function setRole(db: Db, id: string, role: Role, admin: UserRow): Promise<AdminUserChange> {
  const changed = await moneyTransaction(db, async (tx) => {
    const locked = await lockOperatorsAnd(tx, { id });
    const target = locked.find((r) => r.id === id);
    if (!target) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    if (target.id === admin.id) throw new AppError('OWN_ACCOUNT', adminMessages.ownRole);
    if (target.role === role) return false;
    guardOperatorChange(locked, target, { userId: admin.id, permission: 'users.role' }, adminMessages.lastAdmin);
    await updateUser(tx, id, { role });
    await recordAudit(tx, {
      actor: consoleActor(admin),
      action: 'user.role',
      targetUserId: id,
      details: { before: { role: target.role }, after: { role } },
    });
    await publishChanged(tx, [id], ['user']);
    await disconnectUsers(tx, [id], 'role-changed');
    await publishToAdmins(tx);
    return true;
  });
  return changeAnswer(db, id, changed);
}

/**
 * Signs a user out on every device (a support operator's way to help a member whose device was lost):
 * their session rows go and their open sockets close on every node when it commits; audited with how
 * many sessions ended. An operator's account only by an owner, checked on the locked operator rows as
 * every change of operators is; never one's own (the account menu signs oneself out).
 */
export async function signOutEverywhere(db: Db, id: string, admin: UserRow): Promise<AdminUserChange> {
  const changed = await moneyTransaction(db, async (tx) => {
    const locked = await lockOperatorsAnd(tx, { id });
    const target = locked.find((r) => r.id === id);
    if (!target) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    if (target.id === admin.id) throw new AppError('OWN_ACCOUNT', adminMessages.ownSignOut);
    guardActor(locked, target, { userId: admin.id, permission: 'users.sessions' });
    const sessions = await endSessions(tx, id);
    await disconnectUsers(tx, [id], 'signed-out');
    await recordAudit(tx, {
      actor: consoleActor(admin),
      action: 'user.sign-out',
      targetUserId: id,
      details: { sessions },
    });
    await publishToAdmins(tx);
    return sessions > 0;
  });
  return changeAnswer(db, id, changed);
}
