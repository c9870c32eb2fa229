import { messages, moneyMessages, type Transaction } from '@meridian/shared';
import { toTransactionDto } from '../../core/history/history.queries.js';
import type { UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { type BookPosting, bookIn, lockedBalances } from '../../ledger/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * The whole referral bonus and bonus -> balance, in one journal with one history row (a credit to
 * the balance), so money earned by referring can be invested, transferred or withdrawn. Runs inside
 * the caller's transaction (the idempotent wrapper of a money POST).
 */
export async function moveBonusToBalance(tx: Db, user: UserRow, now: Date): Promise<Transaction> {
  // The three rows this journal touches, locked in (user, kind) order as ledger_book locks them, so
  // the amounts read here are the amounts moved and no concurrent booking can deadlock with it.
  const held = await lockedBalances(tx, user.id, ['balance', 'bonus', 'referral_bonus']);
  const referralBonus = held.referral_bonus ?? 0;
  const bonus = held.bonus ?? 0;
  const total = referralBonus + bonus;
  if (total <= 0) throw new AppError('NOTHING_TO_MOVE', moneyMessages.nothingToMove);

  const account = (kind: 'balance' | 'bonus' | 'referral_bonus') => ({ userId: user.id, kind });
  const postings: BookPosting[] = [{ account: account('balance'), amountCents: total }];
  if (referralBonus > 0) postings.push({ account: account('referral_bonus'), amountCents: -referralBonus });
  if (bonus > 0) postings.push({ account: account('bonus'), amountCents: -bonus });
  const { history } = await bookIn(tx, {
    kind: 'bonus_move',
    userId: user.id,
    postings,
    history: [
      {
        userId: user.id,
        type: 'credit',
        mode: 'bonus',
        method: 'bonus',
        description: moneyMessages.bonusMoveDescription,
        amountCents: total,
        status: 'success',
        wallet: 'balance',
      },
    ],
    topics: { userIds: [user.id], topics: ['wallet', 'transactions'] },
    at: now,
  });
  const moved = history[0];
  if (!moved) throw new AppError('INTERNAL', messages.unknownError);
  return toTransactionDto(moved);
}
