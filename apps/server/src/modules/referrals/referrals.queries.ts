import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** At most this many referees are listed (newest first). */
const REFEREES_LIMIT = 1000;

/** Users who registered naming this referral id, newest first. */
export function refereesOf(db: Db, referralId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referrerId, referralId))
    .orderBy(desc(users.createdAt))
    .limit(REFEREES_LIMIT);
}
