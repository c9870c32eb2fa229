import type { Transaction } from '@meridian/shared';
import type { Db } from '../db/client.js';
import { prepared, runPrepared } from '../db/prepared.js';
import type { transactions } from '../db/schema/index.js';
import { asDomainError, type HistoryLine, type HistoryRow, readOutcome } from './book.js';

/**
 * The transfer in one round trip: one statement finds the recipient and hands ledger_book (book.sql)
 * the whole booking, so the key claim, the money, the journal, both history rows and the NOTIFY
 * cost the hot path a single call. The booking rule itself is ledger_book's, as for every operation.
 */
export interface TransferBooking {
  senderId: string;
  senderName: string;
  idempotencyKey: string;
  requestHash: string;
  recipientEmail: string;
  amountCents: number;
  feeCents: number;
  /** History wording: the sender's row reads `${debitPrefix}${recipient name}`. */
  debitPrefix: string;
  creditPrefix: string;
  channel: string;
  topics: readonly string[];
}

/** The sender's history row of the transfer, with the columns a client is shown. */
export type BookedTransaction = Pick<typeof transactions.$inferSelect, keyof Transaction>;

export type TransferOutcome =
  | { kind: 'ok' | 'replay'; transaction: BookedTransaction }
  | { kind: 'key_reused' | 'recipient_not_found' | 'self_transfer' };

// Only an active account holder (role 'user', activated by an operator) can receive a transfer; an
// unknown, unvetted or operator address is refused alike, after the key check, with nothing claimed.
const transferStatement = prepared(
  'ledger_book_transfer',
  `WITH r AS (
     SELECT u.id, u.name FROM users u WHERE lower(u.email) = lower(btrim($4)) AND u.role = 'user' AND u.is_active
   )
   SELECT ledger_book(jsonb_build_object(
     'kind', 'transfer',
     'userId', $1::text,
     'idempotency', jsonb_build_object('userId', $1::text, 'key', $2::text, 'requestHash', $3::text),
     'refusal', CASE WHEN r.id IS NULL THEN 'recipient_not_found' WHEN r.id = $1::text THEN 'self_transfer' END,
     'postings', jsonb_build_array(
       jsonb_build_object('user', $1::text, 'kind', 'balance', 'amountCents', -($5::bigint + $6::bigint)),
       jsonb_build_object('user', r.id, 'kind', 'balance', 'amountCents', $5::bigint),
       jsonb_build_object('system', 'fee_revenue', 'amountCents', $6::bigint)),
     'history', jsonb_build_array(
       $7::jsonb || jsonb_build_object('description', $8::text || r.name),
       $9::jsonb || jsonb_build_object('userId', r.id)),
     'notify', jsonb_build_object('channel', $10::text, 'userIds', jsonb_build_array($1::text, r.id),
       'topics', $11::jsonb)
   )) AS result, r.name AS recipient_name
   FROM (SELECT 1) AS one LEFT JOIN r ON true`,
);

/** The transfer's two history rows as far as the request knows them; the statement adds the recipient. */
function transferLines(b: TransferBooking): {
  debit: Omit<HistoryLine, 'description'>;
  credit: Omit<HistoryLine, 'userId'>;
} {
  const common = {
    mode: 'transfer',
    method: 'transfer',
    amountCents: b.amountCents,
    status: 'success',
    wallet: 'balance',
  } as const;
  return {
    debit: { ...common, userId: b.senderId, type: 'debit', feeCents: b.feeCents },
    credit: { ...common, type: 'credit', description: `${b.creditPrefix}${b.senderName}`, feeCents: 0 },
  };
}

export async function bookTransferOnce(db: Db, b: TransferBooking): Promise<TransferOutcome> {
  if (
    !Number.isSafeInteger(b.amountCents) ||
    b.amountCents <= 0 ||
    !Number.isSafeInteger(b.feeCents) ||
    b.feeCents < 0
  ) {
    throw new RangeError('transfer amounts must be positive integers of cents');
  }
  const lines = transferLines(b);
  let found: { result: unknown; recipient_name: string | null }[];
  try {
    found = await runPrepared<{ result: unknown; recipient_name: string | null }>(db, transferStatement, [
      b.senderId,
      b.idempotencyKey,
      b.requestHash,
      b.recipientEmail,
      b.amountCents,
      b.feeCents,
      JSON.stringify(lines.debit),
      b.debitPrefix,
      JSON.stringify(lines.credit),
      b.channel,
      JSON.stringify(b.topics),
    ]);
  } catch (err) {
    throw asDomainError(err);
  }
  // The sender's row is the booking's first history row; only it is answered, so only it is rebuilt.
  const sent: HistoryLine = { ...lines.debit, description: `${b.debitPrefix}${found[0]?.recipient_name ?? ''}` };
  const out = readOutcome(found[0]?.result, [sent]);
  switch (out.outcome) {
    case 'booked':
    case 'replay': {
      const row = out.history[0];
      if (!row) throw new Error('ledger_book: a transfer without its history row');
      return { kind: out.outcome === 'booked' ? 'ok' : 'replay', transaction: shown(row) };
    }
    case 'key_reused':
      return { kind: 'key_reused' };
    case 'refused':
      if (out.reason === 'recipient_not_found' || out.reason === 'self_transfer') return { kind: out.reason };
      throw new Error(`ledger_book: unknown refusal ${out.reason}`);
  }
}

function shown(row: HistoryRow): BookedTransaction {
  const { userId: _u, journalId: _j, ...rest } = row;
  return rest;
}
