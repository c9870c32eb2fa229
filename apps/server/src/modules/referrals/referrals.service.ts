import type { Referee } from '@meridian/shared';
import { listReferees as refereesOf } from '../../core/referrals/referees.js';
import type { UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';

/** Users who registered with this user's referral id, newest first. */
export function listReferees(db: Db, user: UserRow): Promise<Referee[]> {
  return refereesOf(db, user.referralId);
}
