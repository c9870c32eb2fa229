import { messages, moneyMessages } from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { findUserByEmail } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { bookIn } from '../../ledger/index.js';
import { moneyTransaction } from '../../lib/money-transaction.js';

/**
 * An operator's correction of a user's balance against `external`, with a required reason, audited.
 * A negative adjustment is a conditional debit: it can never take the account below zero.
 */
export async function adjustBalance(
  db: Db,
  input: { email: string; amountCents: number; reason: string; actor: string },
): Promise<{ email: string; balanceDeltaCents: number }> {
  const reason = input.reason.trim();
  if (reason === '') throw new AppError('VALIDATION_FAILED', moneyMessages.reasonRequired);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0) {
    throw new AppError('VALIDATION_FAILED', moneyMessages.invalidAmount);
  }
  return moneyTransaction(db, async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    const { journalId } = await bookIn(tx, {
      kind: 'adjustment',
      userId: user.id,
      postings: [
        { account: { userId: user.id, kind: 'balance' }, amountCents: input.amountCents },
        { account: { system: 'external' }, amountCents: -input.amountCents },
      ],
      history: [
        {
          userId: user.id,
          type: input.amountCents > 0 ? 'credit' : 'debit',
          mode: 'adjustment',
          method: 'adjustment',
          description: reason,
          amountCents: Math.abs(input.amountCents),
          status: 'success',
          wallet: 'balance',
        },
      ],
      topics: { userIds: [user.id], topics: ['wallet', 'transactions'] },
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'balance.adjust',
      targetUserId: user.id,
      details: { amountCents: input.amountCents, reason, journalId },
    });
    return { email: user.email, balanceDeltaCents: input.amountCents };
  });
}
