import { historyWording } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookIn } from '../../ledger/index.js';
import { rows } from '../../lib/sql.js';
import { readSettings } from '../settings/settings.queries.js';
import { findUserByReferralId, type UserRow } from '../users/users.queries.js';

/** Raised inside the savepoint when referral_bonuses already names the referee: undoes the booking. */
class AlreadyPaid extends Error {}

/**
 * The referral bonus setting ($50 unless an operator changed it) from bonus_expense to the referrer's referral bonus, once per referee (the referral_bonuses
 * key), never to oneself. Called when the referee's account is activated, not at sign-up: a scripted
 * sign-up mints nothing until an operator (or auto-activation) vets the account. Returns whether a
 * bonus was paid. The database decides "once": the booking runs in a savepoint and the referral_bonuses
 * insert that follows it (ON CONFLICT DO NOTHING) undoes it when the referee was already paid, so two
 * grants racing without the caller's row lock still pay once, and no SELECT-then-insert gap exists.
 */
export async function grantReferralBonus(
  tx: Db,
  referee: Pick<UserRow, 'id' | 'name' | 'referrerId'>,
  /** The app's clock: the bonus's history row's time. */
  at: Date,
): Promise<boolean> {
  if (!referee.referrerId) return false;
  const referrer = await findUserByReferralId(tx, referee.referrerId);
  if (!referrer || referrer.id === referee.id) return false;
  // The bonus as set when the referee is activated (read in this transaction; 0 pays nothing).
  const bonusCents = (await readSettings(tx)).referralBonusCents;
  if (bonusCents === 0) return false;
  try {
    await tx.transaction(async (savepoint) => {
      const sp = savepoint as unknown as Db;
      const { journalId } = await bookIn(sp, {
        kind: 'referral_bonus',
        userId: referrer.id,
        postings: [
          { account: { system: 'bonus_expense' }, amountCents: -bonusCents },
          { account: { userId: referrer.id, kind: 'referral_bonus' }, amountCents: bonusCents },
        ],
        history: [
          {
            userId: referrer.id,
            type: 'credit',
            mode: 'referral',
            method: 'referral',
            description: historyWording.referralBonus(referee.name),
            amountCents: bonusCents,
            status: 'success',
            wallet: 'referral_bonus',
          },
        ],
        topics: { userIds: [referrer.id], topics: ['wallet', 'transactions', 'referrals'] },
        at,
      });
      const claimed = await rows(
        sp,
        sql`INSERT INTO referral_bonuses (referee_id, referrer_id, journal_id) VALUES (${referee.id}, ${referrer.id}, ${journalId})
            ON CONFLICT (referee_id) DO NOTHING RETURNING referee_id`,
      );
      if (claimed.length === 0) throw new AlreadyPaid();
    });
  } catch (err) {
    if (err instanceof AlreadyPaid) return false;
    throw err;
  }
  return true;
}
