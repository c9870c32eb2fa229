import type { User } from '@meridian/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    address: row.address,
    role: row.role,
    isActive: row.isActive,
    referralId: row.referralId,
    referrerId: row.referrerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A users row as raw SQL returns it (snake_case columns), in the shape Drizzle returns. */
export function userFromSqlRow(r: Record<string, unknown>): UserRow {
  return {
    id: String(r.id),
    name: String(r.name),
    email: String(r.email),
    emailVerified: Boolean(r.email_verified),
    image: (r.image as string | null) ?? null,
    phone: String(r.phone),
    country: String(r.country),
    address: String(r.address),
    role: r.role as UserRow['role'],
    isActive: Boolean(r.is_active),
    twoFactorEnabled: Boolean(r.two_factor_enabled),
    referralId: String(r.referral_id),
    referrerId: (r.referrer_id as string | null) ?? null,
    createdAt: new Date(r.created_at as Date | string),
    updatedAt: new Date(r.updated_at as Date | string),
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByReferralId(db: Db, referralId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralId, referralId)).limit(1);
  return row;
}

export async function referralIdsStartingWith(db: Db, base: string): Promise<Set<string>> {
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ referralId: users.referralId })
    .from(users)
    .where(sql`${users.referralId} LIKE ${pattern}`);
  return new Set(rows.map((r) => r.referralId));
}

/** A user named by id or by e-mail (any letter case): the console names users by id, the CLI by e-mail. */
export type UserRef = { id: string } | { email: string };

/**
 * The user's row, locked until the transaction ends (activations of one account queue on it), as it
 * is once the lock is held; undefined when no such user exists.
 */
export async function lockUser(tx: Db, who: UserRef): Promise<UserRow | undefined> {
  const where = 'id' in who ? eq(users.id, who.id) : sql`lower(${users.email}) = ${who.email.trim().toLowerCase()}`;
  const [row] = await tx.select().from(users).where(where).limit(1).for('update');
  return row;
}

/** Signs the user out everywhere: deletes every session row; returns how many there were. */
export async function endSessions(tx: Db, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Pick<UserRow, 'name' | 'phone' | 'country' | 'address' | 'isActive' | 'role' | 'emailVerified'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
