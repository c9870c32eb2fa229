import { historyWording, moneyMessages, type Transaction, transferFeeCents } from '@meridian/shared';
import { toTransactionDto } from '../../core/history/history.queries.js';
import { enforceRateLimit } from '../../core/rate-limits/rate-limit.js';
import { findUserByEmail, type UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import type { TransferBooker } from '../../ledger/index.js';
import { withMoneyRetries } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { RealtimeTopic } from '../../lib/realtime-payloads.js';

const TOPICS: RealtimeTopic[] = ['wallet', 'transactions'];

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

/** The rule the transfer's booking statement (ledger/transfer.ts) applies too: an activated account of role 'user'. */
export function canReceiveTransfers(user: Pick<UserRow, 'role' | 'isActive'>): boolean {
  return user.role === 'user' && user.isActive;
}

export interface TransferRequest {
  recipientEmail: string;
  amountCents: number;
  idempotencyKey: string;
  /** Fingerprint of the whole request: the same key with a different request is a 409. */
  requestHash: string;
  /** The fee setting at the time of the request, basis points. */
  feeBps: number;
  /** The fee the sender was shown, if the client says: a different fee is refused, never charged. */
  shownFeeCents?: number | undefined;
  /**
   * When the sender was recalled from this node's memory rather than read (http/guards.ts
   * requireActiveUserCheckedLater): the booking checks that session, and when it fails the session is
   * read again (which answers 401 or 403 as the guard would) and the transfer booked for that reading.
   */
  recalledSession?: { token: string; readAgain: () => Promise<UserRow> } | undefined;
}

/**
 * Sender pays amount + the fee setting (2% unless an operator changed it; rounded half up to the cent); recipient gets the amount; the fee goes
 * to fee revenue. One journal, two history rows, at most once per Idempotency-Key: a retry gets the
 * first transaction back and moves nothing. `book` is the node's transfer committer
 * (ledger/transfer-batch.ts): a lone transfer is its own transaction in one round trip, concurrent
 * ones share a transaction (group commit, decision 014), each with the answer it would get alone.
 */
export async function transfer(book: TransferBooker, sender: UserRow, req: TransferRequest): Promise<Transaction> {
  const feeCents = transferFeeCents(req.amountCents, req.feeBps);
  if (req.shownFeeCents !== undefined && req.shownFeeCents !== feeCents) {
    throw new AppError('FEE_CHANGED', moneyMessages.feeChanged);
  }
  const recalled = req.recalledSession;
  const outcome = await withMoneyRetries(() =>
    book({
      senderId: sender.id,
      senderName: sender.name,
      senderSession: recalled?.token,
      idempotencyKey: req.idempotencyKey,
      requestHash: req.requestHash,
      recipientEmail: req.recipientEmail.trim(),
      amountCents: req.amountCents,
      feeCents,
      // How each side's history row reads: "Transfer to Bob Builder" / "Transfer from Alice Smith".
      debitPrefix: historyWording.transferToPrefix,
      creditPrefix: historyWording.transferFromPrefix,
      topics: TOPICS,
    }),
  );
  switch (outcome.kind) {
    case 'ok':
    case 'replay':
      return toTransactionDto(outcome.transaction);
    case 'recipient_not_found':
      throw new AppError('RECIPIENT_NOT_FOUND', moneyMessages.recipientNotFound);
    case 'self_transfer':
      throw new AppError('SELF_TRANSFER', moneyMessages.cannotTransferToSelf);
    case 'key_reused':
      throw new AppError('IDEMPOTENCY_KEY_REUSED', moneyMessages.idempotencyKeyReused);
    case 'sender_unverified':
      // Nothing was claimed or moved: the same request again, as the session reads now.
      if (!recalled) throw new Error('transfer: a sender read afresh cannot be unverified');
      return transfer(book, await recalled.readAgain(), { ...req, recalledSession: undefined });
  }
}
