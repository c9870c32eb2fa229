import type { Referee } from '@meridian/shared';
import { desc, eq } from 'drizzle-orm';
import type { UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Users who registered with this user's referral id, newest first. */
export async function listReferees(db: Db, user: UserRow): Promise<Referee[]> {
  const found = await db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referrerId, user.referralId))
    .orderBy(desc(users.createdAt))
    .limit(1000);
  return found.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
