import { messages, moneyMessages, TRANSFER_FEE_BPS, type Transaction, transferFeeCents } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { accountsFor, post } from '../../ledger/index.js';
import { publishChanged } from '../realtime/publish.js';
import { insertTransactions } from '../transactions/transactions.queries.js';
import { findUserByEmail, type UserRow } from '../users/users.queries.js';

/** The recipient of a transfer, found on the server; the client learns only the name. */
export async function findRecipient(db: Db, sender: UserRow, email: string): Promise<UserRow> {
  const recipient = await findUserByEmail(db, email);
  if (!recipient) throw new AppError('RECIPIENT_NOT_FOUND', moneyMessages.recipientNotFound);
  if (recipient.id === sender.id) throw new AppError('SELF_TRANSFER', moneyMessages.cannotTransferToSelf);
  return recipient;
}

/**
 * Sender pays amount + 2% fee (rounded half up to the cent); recipient gets the amount; the fee goes
 * to fee revenue. One journal, two history rows. Runs inside the caller's transaction.
 */
export async function transfer(
  tx: Db,
  sender: UserRow,
  recipientEmail: string,
  amountCents: number,
): Promise<Transaction> {
  const recipient = await findRecipient(tx, sender, recipientEmail);
  const fee = transferFeeCents(amountCents, TRANSFER_FEE_BPS);
  const from = await accountsFor(tx, sender.id);
  const to = await accountsFor(tx, recipient.id);
  const postings = [
    { account: from.user.balance, amountCents: -(amountCents + fee) },
    { account: to.user.balance, amountCents },
  ];
  if (fee > 0) postings.push({ account: from.system.fee_revenue, amountCents: fee });
  const journalId = await post(tx, { kind: 'transfer', userId: sender.id, postings });
  const [debit] = await insertTransactions(tx, [
    {
      userId: sender.id,
      type: 'debit',
      mode: 'transfer',
      method: 'transfer',
      description: `Transfer to ${recipient.name}`,
      amountCents,
      feeCents: fee,
      status: 'success',
      journalId,
    },
    {
      userId: recipient.id,
      type: 'credit',
      mode: 'transfer',
      method: 'transfer',
      description: `Transfer from ${sender.name}`,
      amountCents,
      feeCents: 0,
      status: 'success',
      journalId,
    },
  ]);
  await publishChanged(tx, [sender.id, recipient.id], ['wallet', 'transactions']);
  if (!debit) throw new AppError('INTERNAL', messages.unknownError);
  return debit;
}
