import { moneyMessages, TRANSFER_FEE_BPS, type Transaction, transferFeeCents } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { bookTransferOnce } from '../../ledger/index.js';
import { withMoneyRetries } from '../../lib/money-transaction.js';
import { REALTIME_CHANNEL, type RealtimeTopic } from '../realtime/publish.js';
import { toTransactionDto } from '../transactions/transactions.queries.js';
import { findUserByEmail, type UserRow } from '../users/users.queries.js';

/** How each side's history row reads: "Transfer to Bob Builder" / "Transfer from Alice Smith". */
export const TRANSFER_DEBIT_PREFIX = 'Transfer to ';
export const TRANSFER_CREDIT_PREFIX = 'Transfer from ';
const TOPICS: RealtimeTopic[] = ['wallet', 'transactions'];

/** The recipient of a transfer, found on the server; the client learns only the name. */
export async function findRecipient(db: Db, sender: UserRow, email: string): Promise<UserRow> {
  const recipient = await findUserByEmail(db, email);
  if (!recipient) throw new AppError('RECIPIENT_NOT_FOUND', moneyMessages.recipientNotFound);
  if (recipient.id === sender.id) throw new AppError('SELF_TRANSFER', moneyMessages.cannotTransferToSelf);
  return recipient;
}

export interface TransferRequest {
  recipientEmail: string;
  amountCents: number;
  idempotencyKey: string;
  /** Fingerprint of the whole request: the same key with a different request is a 409. */
  requestHash: string;
}

/**
 * Sender pays amount + 2% fee (rounded half up to the cent); recipient gets the amount; the fee goes
 * to fee revenue. One journal, two history rows, at most once per Idempotency-Key: a retry gets the
 * first transaction back and moves nothing. Its own transaction, in one round trip to the database.
 */
export async function transfer(db: Db, sender: UserRow, req: TransferRequest): Promise<Transaction> {
  const outcome = await withMoneyRetries(() =>
    bookTransferOnce(db, {
      senderId: sender.id,
      senderName: sender.name,
      idempotencyKey: req.idempotencyKey,
      requestHash: req.requestHash,
      recipientEmail: req.recipientEmail.trim(),
      amountCents: req.amountCents,
      feeCents: transferFeeCents(req.amountCents, TRANSFER_FEE_BPS),
      debitPrefix: TRANSFER_DEBIT_PREFIX,
      creditPrefix: TRANSFER_CREDIT_PREFIX,
      channel: REALTIME_CHANNEL,
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
  }
}
