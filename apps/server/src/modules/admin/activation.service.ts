import { messages } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { findUserByEmail, type UserRow, updateUser } from '../users/users.queries.js';
import { recordAudit } from './audit.queries.js';

/** Activates or deactivates an account by e-mail, and audits who did it. */
export async function setAccountActive(db: Db, email: string, active: boolean, actor: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    const updated = await updateUser(tx, user.id, { isActive: active });
    await recordAudit(tx, { actor, action: active ? 'user.activate' : 'user.deactivate', targetUserId: user.id });
    return updated ?? user;
  });
}

/** With AUTO_ACTIVATE_AFTER_HOURS set, an inactive account older than that is activated on its next visit. */
export async function activateIfDue(
  db: Db,
  user: UserRow,
  afterHours: number | undefined,
  now = new Date(),
): Promise<UserRow> {
  if (user.isActive || afterHours === undefined) return user;
  if (now.getTime() - user.createdAt.getTime() < afterHours * 3_600_000) return user;
  return setAccountActive(db, user.email, true, 'system:auto-activate');
}
