import { MAX_AMOUNT_CENTS, messages, moneyMessages, type Transaction } from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { toTransactionDto } from '../../core/history/history.queries.js';
import { publishToAdmins } from '../../core/realtime/publish.js';
import { findUserByEmail, findUserById } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { bookIn, lockedBalances } from '../../ledger/index.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';

export interface Adjustment {
  userId: string;
  /** Signed integer cents: positive credits the balance, negative debits it. */
  amountCents: number;
  reason: string;
  actor: string;
  /** The app's clock: the history row's time (the ledger's Booking.at). */
  at: Date;
}

export interface Adjusted {
  /** The history row the member sees. */
  transaction: Transaction;
  balanceBeforeCents: number;
  balanceAfterCents: number;
}

/**
 * An operator's correction of a user's balance against `external`, with a required reason, audited
 * with the balance before and after, inside the caller's transaction (the console's is idempotent).
 * A negative adjustment can never take the balance below zero: refused here with the shared message,
 * and by the ledger's conditional debit should anything slip past.
 */
export async function adjustUserBalance(tx: Db, input: Adjustment): Promise<Adjusted> {
  const reason = input.reason.trim();
  if (reason === '') throw new AppError('VALIDATION_FAILED', moneyMessages.reasonRequired);
  const amount = input.amountCents;
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_AMOUNT_CENTS) {
    throw new AppError('VALIDATION_FAILED', moneyMessages.invalidAmount);
  }
  const user = await findUserById(tx, input.userId);
  if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
  const before = (await lockedBalances(tx, user.id, ['balance'])).balance ?? 0;
  if (before + amount < 0) throw new AppError('INSUFFICIENT_BALANCE', moneyMessages.insufficientBalance);
  const { journalId, history } = await bookIn(tx, {
    kind: 'adjustment',
    userId: user.id,
    postings: [
      { account: { userId: user.id, kind: 'balance' }, amountCents: amount },
      { account: { system: 'external' }, amountCents: -amount },
    ],
    history: [
      {
        userId: user.id,
        type: amount > 0 ? 'credit' : 'debit',
        mode: 'adjustment',
        method: 'adjustment',
        description: reason,
        amountCents: Math.abs(amount),
        status: 'success',
        wallet: 'balance',
      },
    ],
    topics: { userIds: [user.id], topics: ['wallet', 'transactions'] },
    at: input.at,
  });
  const after = before + amount;
  await recordAudit(tx, {
    actor: input.actor,
    action: 'balance.adjust',
    targetUserId: user.id,
    details: {
      amountCents: amount,
      reason,
      journalId,
      before: { balanceCents: before },
      after: { balanceCents: after },
    },
  });
  await publishToAdmins(tx);
  const [row] = history;
  if (!row) throw new Error('adjustment booked no history row');
  return { transaction: toTransactionDto(row), balanceBeforeCents: before, balanceAfterCents: after };
}

/** The operator command's form: the user by e-mail, in its own transaction. */
export async function adjustBalance(
  db: Db,
  input: { email: string; amountCents: number; reason: string; actor: string },
  /** The app's clock when the caller has one (the running server's); else the machine's. */
  at: Date = new Date(),
): Promise<{ email: string; balanceDeltaCents: number }> {
  return moneyTransaction(db, async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    await adjustUserBalance(tx, { ...input, userId: user.id, at });
    return { email: user.email, balanceDeltaCents: input.amountCents };
  });
}
