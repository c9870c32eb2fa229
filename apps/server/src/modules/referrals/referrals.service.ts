import type { Referee } from '@meridian/shared';
import type { UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { refereesOf } from './referrals.queries.js';

/** Users who registered with this user's referral id, newest first. */
export async function listReferees(db: Db, user: UserRow): Promise<Referee[]> {
  const found = await refereesOf(db, user.referralId);
  return found.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
