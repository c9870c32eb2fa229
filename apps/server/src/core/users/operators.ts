import { adminMessages, mayChangeAccount, messages, type Permission } from '@meridian/shared';
import { eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRef, UserRow } from './users.queries.js';

/**
 * Every operator row (any role but 'user') and the user `who`, locked in id order (FOR UPDATE) until
 * the transaction ends, in one statement: any two changes of operators (deactivation, role) lock in the
 * same order, so they queue instead of deadlocking, and the second sees what the first committed.
 * PostgreSQL re-checks `role <> 'user'` on the row it locked, so an operator made a member meanwhile
 * drops out of the answer.
 */
export async function lockOperatorsAnd(tx: Db, who: UserRef): Promise<UserRow[]> {
  const target = 'id' in who ? eq(users.id, who.id) : sql`lower(${users.email}) = ${who.email.trim().toLowerCase()}`;
  return tx
    .select()
    .from(users)
    .where(or(ne(users.role, 'user'), target))
    .orderBy(users.id)
    .for('update');
}

const isActiveOwner = (r: UserRow) => r.role === 'owner' && r.isActive;

/** Who makes a change of an account from the console: their user id, and what the change needs. */
export interface OperatorActor {
  userId: string;
  permission: Permission;
}

/**
 * Refuses (403), on rows locked by lockOperatorsAnd, a change of `target` by an operator who, as the
 * locked rows now stand, may not make it: no longer active or no longer in a role with `permission` (a
 * concurrent change of theirs won the lock), or not an owner while `target` is an operator.
 */
export function guardActor(locked: readonly UserRow[], target: UserRow, actor: OperatorActor): void {
  const me = locked.find((r) => r.id === actor.userId);
  if (!me?.isActive || !mayChangeAccount(me.role, target.role, actor.permission))
    throw new AppError('FORBIDDEN', messages.forbidden);
}

/**
 * Refuses, on rows locked by lockOperatorsAnd, a change of `target` that:
 * - is made by an operator who, as the locked rows now stand, may not make it (403): no longer active
 *   or no longer in a role with `permission` (a concurrent change of theirs won the lock), or not an
 *   owner while `target` is an operator (only an owner changes operators);
 * - takes `target` out of the active owners when no other active owner would remain (409 LAST_ADMIN:
 *   nobody could change roles or settings any more).
 * The caller makes it only for a change that takes `target` out of what it is (a deactivation, another
 * role). `actor` is unset for the command line, which needs no account.
 */
export function guardOperatorChange(
  locked: readonly UserRow[],
  target: UserRow,
  actor: OperatorActor | undefined,
  lastMessage: string = adminMessages.lastActiveAdmin,
): void {
  if (actor !== undefined) guardActor(locked, target, actor);
  if (isActiveOwner(target) && !locked.some((r) => r.id !== target.id && isActiveOwner(r)))
    throw new AppError('LAST_ADMIN', lastMessage);
}
