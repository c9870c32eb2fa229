import { messages, moneyMessages, type Transaction } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { toTransactionDto } from '../../core/history/history.queries.js';
import type { UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { accountsFor, type BookPosting, bookIn } from '../../ledger/index.js';
import { rows } from '../../lib/sql.js';

/**
 * The whole referral bonus and bonus -> balance, in one journal with one history row (a credit to
 * the balance), so money earned by referring can be invested, transferred or withdrawn. Runs inside
 * the caller's transaction (the idempotent wrapper of a money POST).
 */
export async function moveBonusToBalance(tx: Db, user: UserRow): Promise<Transaction> {
  const { user: acc } = await accountsFor(tx, user.id);
  // The three rows this journal touches, locked in ascending id order as ledger_book does, so the
  // amounts read here are the amounts moved and no concurrent booking can deadlock with it.
  const held = await rows<{ id: string | number; balance_cents: string | number }>(
    tx,
    sql`SELECT id, balance_cents FROM accounts
        WHERE id IN (${acc.balance.id}, ${acc.bonus.id}, ${acc.referral_bonus.id}) ORDER BY id FOR UPDATE`,
  );
  const amountOf = (id: number) => Number(held.find((r) => Number(r.id) === id)?.balance_cents ?? 0);
  const referralBonus = amountOf(acc.referral_bonus.id);
  const bonus = amountOf(acc.bonus.id);
  const total = referralBonus + bonus;
  if (total <= 0) throw new AppError('NOTHING_TO_MOVE', moneyMessages.nothingToMove);

  const postings: BookPosting[] = [{ account: acc.balance, amountCents: total }];
  if (referralBonus > 0) postings.push({ account: acc.referral_bonus, amountCents: -referralBonus });
  if (bonus > 0) postings.push({ account: acc.bonus, amountCents: -bonus });
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
  });
  const moved = history[0];
  if (!moved) throw new AppError('INTERNAL', messages.unknownError);
  return toTransactionDto(moved);
}
