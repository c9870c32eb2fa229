import type { Referee } from '@meridian/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** At most this many referees are listed (newest first). */
const REFEREES_LIMIT = 1000;

/** Users who registered naming this referral id, newest first (the member's list, the console's user page). */
export async function listReferees(db: Db, referralId: string): Promise<Referee[]> {
  const found = await db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referrerId, referralId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(REFEREES_LIMIT);
  return found.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
