import { messages, REFERRAL_BONUS_CENTS } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { accountsFor, post } from '../../ledger/index.js';
import { rows } from '../../lib/sql.js';
import { insertTransactions } from '../history/history.queries.js';
import { publishChanged } from '../realtime/publish.js';
import { findUserByReferralId, type UserRow } from '../users/users.queries.js';

/**
 * The referral code a sign-up names, as it will be stored (trimmed, lowercased), or undefined when
 * the field was left empty. A code that names no one is refused before any account is created, so a
 * mistyped code is corrected by the person instead of silently losing their friend's bonus.
 */
export async function referralCodeForSignUp(db: Db, code: string | undefined): Promise<string | undefined> {
  const wanted = code?.trim().toLowerCase();
  if (!wanted) return undefined;
  const referrer = await findUserByReferralId(db, wanted);
  if (!referrer) {
    throw new AppError('VALIDATION_FAILED', messages.referralIdNotFound, { referrerId: messages.referralIdNotFound });
  }
  return referrer.referralId;
}

/**
 * $50 from bonus_expense to the referrer's referral bonus, once per referee (the referral_bonuses
 * key), never to oneself. Called when the referee's account is activated, not at sign-up: a scripted
 * sign-up mints nothing until an operator (or auto-activation) vets the account. Returns whether a
 * bonus was paid. The caller holds the referee's row lock, so two activations cannot both pay.
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

/** Tells the referrer's views that a referee joined (their bonus waits for the referee's activation). */
export async function announceReferee(db: Db, referrerCode: string | null): Promise<void> {
  if (!referrerCode) return;
  const referrer = await findUserByReferralId(db, referrerCode);
  if (referrer) await publishChanged(db, [referrer.id], ['referrals']);
}
