import { adminMessages, messages } from '@meridian/shared';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRef, UserRow } from './users.queries.js';

/**
 * Every admin row and the user `who`, locked in id order (FOR UPDATE) until the transaction ends, in
 * one statement: any two changes of operators (deactivation, role) lock in the same order, so they
 * queue instead of deadlocking, and the second sees what the first committed. PostgreSQL re-checks
 * `role = 'admin'` on the row it locked, so an admin demoted meanwhile drops out of the answer.
 */
export async function lockOperatorsAnd(tx: Db, who: UserRef): Promise<UserRow[]> {
  const target = 'id' in who ? eq(users.id, who.id) : sql`lower(${users.email}) = ${who.email.trim().toLowerCase()}`;
  return tx
    .select()
    .from(users)
    .where(or(eq(users.role, 'admin'), target))
    .orderBy(users.id)
    .for('update');
}

const isActiveOperator = (r: UserRow) => r.role === 'admin' && r.isActive;

/**
 * Refuses, on rows locked by lockOperatorsAnd, a change that takes `target` out of the active
 * operators when no other active operator would remain (409 LAST_ADMIN: the console would be left to
 * nobody), or one made by an operator no longer an active admin (a concurrent change of theirs won
 * the lock: 403). `actorUserId` is unset for the command line, which needs no account.
 */
export function guardOperatorChange(
  locked: readonly UserRow[],
  target: UserRow,
  actorUserId: string | undefined,
  lastMessage: string = adminMessages.lastActiveAdmin,
): void {
  if (isActiveOperator(target) && !locked.some((r) => r.id !== target.id && isActiveOperator(r)))
    throw new AppError('LAST_ADMIN', lastMessage);
  if (actorUserId !== undefined && !locked.some((r) => r.id === actorUserId && isActiveOperator(r)))
    throw new AppError('FORBIDDEN', messages.forbidden);
}
