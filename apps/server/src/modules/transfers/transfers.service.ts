import { moneyMessages, type Transaction, type TransferBody, transferFeeCents } from '@meridian/shared';
import { toTransactionDto } from '../../core/history/history.queries.js';
import { enforceRateLimit } from '../../core/rate-limits/rate-limit.js';
import { findUserByEmail, type UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import type { TransferBooking, TransferSender } from '../../ledger/index.js';
import type { TransferCommitter } from '../../ledger/transfer-committer.js';
import { AppError } from '../../lib/app-error.js';

/** Recipient lookups per signed-in user share one fixed window of this length. */
export const RECIPIENT_LOOKUP_WINDOW_MS = 60_000;

/**
 * The recipient of a transfer, found on the server; the client learns only the name. Only an
 * active account holder can receive money: an unknown, not yet activated or operator account all
 * answer 'Recipient not found' alike, and each sender may ask `limitPerMinute` times a minute, so
 * the lookup cannot be used to list who has an account.
 */
export async function findRecipient(db: Db, sender: UserRow, email: string, limitPerMinute: number): Promise<UserRow> {
  await enforceRateLimit(db, [
    { key: `recipient:user:${sender.id}`, limit: limitPerMinute, windowMs: RECIPIENT_LOOKUP_WINDOW_MS },
  ]);
  const recipient = await findUserByEmail(db, email);
  if (recipient?.id === sender.id) throw new AppError('SELF_TRANSFER', moneyMessages.cannotTransferToSelf);
  if (!recipient || !canReceiveTransfers(recipient)) {
    throw new AppError('RECIPIENT_NOT_FOUND', moneyMessages.recipientNotFound);
  }
  return recipient;
}

/** The rule the transfer's booking statement (ledger/transfer-batch.sql) applies too: an activated account of role 'user'. */
export function canReceiveTransfers(user: Pick<UserRow, 'role' | 'isActive'>): boolean {
  return user.role === 'user' && user.isActive;
}

/** What the route knows of a transfer besides its body. */
export interface TransferContext {
  /** Who sends: read in this request, or recalled from this node's memory (checked by the booking). */
  sender: TransferSender;
  idempotencyKey: string;
  /** Fingerprint of the whole request: the same key with a different request is a 409. */
  requestHash: string;
  /** The fee setting at the time of the request, basis points. */
  feeBps: number;
  /** The sender read afresh, when the booking found a recalled one no longer live (401 or 403 as the guard). */
  readSenderAgain(): Promise<UserRow>;
}

/**
 * Sender pays amount + the fee setting (2% unless an operator changed it; rounded half up to the cent);
 * recipient gets the amount; the fee goes to fee revenue. One journal, two history rows, at most once
 * per Idempotency-Key: a retry gets the first transaction back and moves nothing. `committer` is the
 * node's (ledger/transfer-committer.ts): a lone transfer is its own transaction in one round trip,
 * concurrent ones share a transaction (group commit, decision 014), each with the answer it would get
 * alone. A sender recalled from memory (http/guards.ts requireActiveUserCheckedLater) is checked by the
 * booking; when that check fails nothing was claimed or moved, and the transfer is booked again for
 * the sender as read afresh.
 */
export async function transfer(
  committer: TransferCommitter,
  body: TransferBody,
  context: TransferContext,
): Promise<Transaction> {
  const booking = transferBooking(body, context);
  for (;;) {
    const outcome = await committer.commit(booking);
    switch (outcome.kind) {
      case 'ok':
      case 'replay':
        return toTransactionDto(outcome.transaction);
      case 'insufficient':
        throw new AppError('INSUFFICIENT_BALANCE', moneyMessages.insufficientBalance);
      case 'recipient_not_found':
        throw new AppError('RECIPIENT_NOT_FOUND', moneyMessages.recipientNotFound);
      case 'self_transfer':
        throw new AppError('SELF_TRANSFER', moneyMessages.cannotTransferToSelf);
      case 'key_reused':
        throw new AppError('IDEMPOTENCY_KEY_REUSED', moneyMessages.idempotencyKeyReused);
      case 'sender_unverified':
        // Nothing was claimed or moved: the same request again, as the session reads now.
        if (!booking.sender.recalled) throw new Error('transfer: a sender read afresh cannot be unverified');
        booking.sender = await context.readSenderAgain();
    }
  }
}

/**
 * The booking of a transfer: the fee the server charges (a different fee the client says it was shown is
 * refused, never charged) and the address as typed, trimmed.
 */
function transferBooking(body: TransferBody, context: TransferContext): TransferBooking {
  const booking: TransferBooking = {
    sender: context.sender,
    recipientEmail: body.recipientEmail.trim(),
    amountCents: body.amountCents,
    feeCents: transferFeeCents(body.amountCents, context.feeBps),
    idempotencyKey: context.idempotencyKey,
    requestHash: context.requestHash,
  };
  if (body.feeCents !== undefined && body.feeCents !== booking.feeCents) {
    throw new AppError('FEE_CHANGED', moneyMessages.feeChanged);
  }
  return booking;
}
