import { randomUUID } from 'node:crypto';
import {
  type AdjustmentDecision,
  adminMessages,
  MAX_AMOUNT_CENTS,
  messages,
  moneyMessages,
  type PendingAdjustment,
  type Transaction,
} from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { toTransactionDto } from '../../core/history/history.queries.js';
import { publishToAdmins } from '../../core/realtime/publish.js';
import { fourEyesThresholdCents } from '../../core/settings/settings.queries.js';
import { findUserByEmail, findUserById } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { bookIn, lockedBalances } from '../../ledger/index.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';
import {
  awaitingAdjustments,
  insertPendingAdjustment,
  lockPendingAdjustment,
  markPendingAdjustment,
  toPendingAdjustmentDto,
} from './pending-adjustments.queries.js';

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

/** A correction as it goes: booked at once, or (four eyes) waiting for a second operator. */
export type AdjustOutcome = { booked: Adjusted } | { awaiting: PendingAdjustment };

/**
 * An operator's correction of a user's balance against `external`, with a required reason, inside the
 * caller's transaction (the console's is idempotent). Below the four-eyes threshold (by its absolute
 * value) it is booked at once; at or above it, only recorded and audited until a second, different
 * operator approves it (approveAdjustment). A negative adjustment can never take the balance below
 * zero: refused here with the shared message, and by the ledger's conditional debit should anything
 * slip past.
 */
export async function adjustUserBalance(tx: Db, input: Adjustment): Promise<AdjustOutcome> {
  const reason = input.reason.trim();
  if (reason === '') throw new AppError('VALIDATION_FAILED', moneyMessages.reasonRequired);
  const amount = input.amountCents;
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_AMOUNT_CENTS) {
    throw new AppError('VALIDATION_FAILED', moneyMessages.invalidAmount);
  }
  const user = await findUserById(tx, input.userId);
  if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
  if (Math.abs(amount) < (await fourEyesThresholdCents(tx))) {
    return { booked: await bookAdjustment(tx, { ...input, reason }, {}) };
  }
  const before = (await lockedBalances(tx, user.id, ['balance'])).balance ?? 0;
  if (before + amount < 0) throw new AppError('INSUFFICIENT_BALANCE', moneyMessages.insufficientBalance);
  const row = await insertPendingAdjustment(tx, {
    id: randomUUID(),
    userId: user.id,
    amountCents: amount,
    reason,
    requestedBy: input.actor,
    requestedAt: input.at,
  });
  await recordAudit(tx, {
    actor: input.actor,
    action: 'balance.adjust-request',
    targetUserId: user.id,
    details: { adjustmentId: row.id, amountCents: amount, reason, before: null, after: 'awaiting' },
  });
  await publishToAdmins(tx);
  return { awaiting: toPendingAdjustmentDto(row, user) };
}

/**
 * Books a checked adjustment through the ledger and audits it with the balance before and after
 * (and `details`, the four-eyes trail when a second operator approved it).
 */
export async function bookAdjustment(
  tx: Db,
  input: Adjustment,
  details: Record<string, unknown>,
): Promise<Adjusted & { journalId: number }> {
  const amount = input.amountCents;
  const userId = input.userId;
  const before = (await lockedBalances(tx, userId, ['balance'])).balance ?? 0;
  if (before + amount < 0) throw new AppError('INSUFFICIENT_BALANCE', moneyMessages.insufficientBalance);
  const { journalId, history } = await bookIn(tx, {
    kind: 'adjustment',
    userId,
    postings: [
      { account: { userId, kind: 'balance' }, amountCents: amount },
      { account: { system: 'external' }, amountCents: -amount },
    ],
    history: [
      {
        userId,
        type: amount > 0 ? 'credit' : 'debit',
        mode: 'adjustment',
        method: 'adjustment',
        description: input.reason,
        amountCents: Math.abs(amount),
        status: 'success',
        wallet: 'balance',
      },
    ],
    topics: { userIds: [userId], topics: ['wallet', 'transactions'] },
    at: input.at,
  });
  const after = before + amount;
  await recordAudit(tx, {
    actor: input.actor,
    action: 'balance.adjust',
    targetUserId: userId,
    details: {
      amountCents: amount,
      reason: input.reason,
      journalId,
      ...details,
      before: { balanceCents: before },
      after: { balanceCents: after },
    },
  });
  await publishToAdmins(tx);
  const [row] = history;
  if (!row) throw new Error('adjustment booked no history row');
  return { transaction: toTransactionDto(row), balanceBeforeCents: before, balanceAfterCents: after, journalId };
}

/**
 * A second operator's decision on an adjustment awaiting one, inside the caller's idempotent
 * transaction. The row is locked first, so decisions racing settle it once: the same decision again
 * changes nothing, another is a 409; the operator who asked for it may reject it but never approve it
 * (403). Approving books it through the ledger, once.
 */
export async function decideAdjustment(
  tx: Db,
  id: string,
  decision: { kind: 'approve' } | { kind: 'reject'; reason: string },
  actor: string,
  at: Date,
): Promise<AdjustmentDecision> {
  const row = await lockPendingAdjustment(tx, id);
  if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND', adminMessages.fourEyes.adjustmentNotFound);
  const user = await findUserById(tx, row.userId);
  if (!user) throw new Error(`adjustment ${id}: its member ${row.userId} is missing`);
  const target = decision.kind === 'approve' ? 'approved' : 'rejected';
  if (row.status === target)
    return { adjustment: toPendingAdjustmentDto(row, user), transaction: null, changed: false };
  if (row.status !== 'awaiting') throw new AppError('ALREADY_SETTLED', adminMessages.fourEyes.adjustmentDecided);
  if (decision.kind === 'reject') {
    const done = await markPendingAdjustment(tx, id, {
      status: 'rejected',
      decidedBy: actor,
      decidedAt: at,
      rejectReason: decision.reason,
      journalId: null,
    });
    await recordAudit(tx, {
      actor,
      action: 'balance.adjust-reject',
      targetUserId: row.userId,
      details: {
        adjustmentId: id,
        amountCents: row.amountCents,
        reason: decision.reason,
        requestedBy: row.requestedBy,
        before: 'awaiting',
        after: 'rejected',
      },
    });
    await publishToAdmins(tx);
    return { adjustment: toPendingAdjustmentDto(done, user), transaction: null, changed: true };
  }
  if (row.requestedBy === actor) {
    throw new AppError('SECOND_APPROVER_REQUIRED', adminMessages.fourEyes.sameOperator);
  }
  const booked = await bookAdjustment(
    tx,
    { userId: row.userId, amountCents: row.amountCents, reason: row.reason, actor, at },
    { adjustmentId: id, requestedBy: row.requestedBy, requestedAt: row.requestedAt.toISOString() },
  );
  const done = await markPendingAdjustment(tx, id, {
    status: 'approved',
    decidedBy: actor,
    decidedAt: at,
    rejectReason: null,
    journalId: booked.journalId,
  });
  return { adjustment: toPendingAdjustmentDto(done, user), transaction: booked.transaction, changed: true };
}

/** Those awaiting a second approval, oldest first (the first hundred), of one member when given. */
export async function listAwaitingAdjustments(db: Db, userId: string | undefined): Promise<PendingAdjustment[]> {
  const found = await awaitingAdjustments(db, userId, 100);
  return found.map((r) => toPendingAdjustmentDto(r.adjustment, { name: r.userName, email: r.userEmail }));
}

/** The operator command's form: the user by e-mail, in its own transaction. */
export async function adjustBalance(
  db: Db,
  input: { email: string; amountCents: number; reason: string; actor: string },
  /** The app's clock when the caller has one (the running server's); else the machine's. */
  at: Date = new Date(),
): Promise<{ email: string; balanceDeltaCents: number; awaitingSecondApproval: boolean }> {
  return moneyTransaction(db, async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
    const outcome = await adjustUserBalance(tx, { ...input, userId: user.id, at });
    return { email: user.email, balanceDeltaCents: input.amountCents, awaitingSecondApproval: 'awaiting' in outcome };
  });
}
