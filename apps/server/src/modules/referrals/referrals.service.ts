import { REFERRAL_BONUS_CENTS, type Referee } from '@meridian/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { accountsFor, post } from '../../ledger/index.js';
import { rows } from '../../lib/sql.js';
import { publishChanged } from '../realtime/publish.js';
import { insertTransactions } from '../transactions/transactions.queries.js';
import { findUserByReferralId, type UserRow } from '../users/users.queries.js';

/**
 * $50 from bonus_expense to the referrer's referral bonus, once per referee (the referral_bonuses
 * key), never to oneself. Returns whether a bonus was paid.
 */
export async function grantReferralBonus(
  tx: Db,
  referee: Pick<UserRow, 'id' | 'name' | 'referrerId'>,
): Promise<boolean> {
  if (!referee.referrerId) return false;
  const referrer = await findUserByReferralId(tx, referee.referrerId);
  if (!referrer || referrer.id === referee.id) return false;
  const paid = await rows(tx, sql`SELECT 1 FROM referral_bonuses WHERE referee_id = ${referee.id}`);
  if (paid.length > 0) return false;
  const { user, system } = await accountsFor(tx, referrer.id);
  const journalId = await post(tx, {
    kind: 'referral_bonus',
    userId: referrer.id,
    postings: [
      { account: system.bonus_expense, amountCents: -REFERRAL_BONUS_CENTS },
      { account: user.referral_bonus, amountCents: REFERRAL_BONUS_CENTS },
    ],
  });
  await tx.execute(
    sql`INSERT INTO referral_bonuses (referee_id, referrer_id, journal_id) VALUES (${referee.id}, ${referrer.id}, ${journalId})`,
  );
  await insertTransactions(tx, [
    {
      userId: referrer.id,
      type: 'credit',
      mode: 'referral',
      method: 'referral',
      description: `Referral bonus: ${referee.name} joined`,
      amountCents: REFERRAL_BONUS_CENTS,
      status: 'success',
      wallet: 'referral_bonus',
      journalId,
    },
  ]);
  await publishChanged(tx, [referrer.id], ['wallet', 'transactions', 'referrals']);
  return true;
}

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
