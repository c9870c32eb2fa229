import { randomUUID } from 'node:crypto';
import type { Transaction } from '@meridian/shared';
import type { RealtimeTopic } from '../core/realtime/publish.js';
import type { Db } from '../db/client.js';
import { type PreparedStatement, prepared, runPrepared } from '../db/prepared.js';
import type { transactions } from '../db/schema/index.js';
import { asDomainError, type Booking, bookingJson, drawTransactionIds, type HistoryRow, readOutcome } from './book.js';

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
  topics: readonly RealtimeTopic[];
}

/** The sender's history row of the transfer, with the columns a client is shown. */
export type BookedTransaction = Pick<typeof transactions.$inferSelect, keyof Transaction>;

export type TransferOutcome =
  | { kind: 'ok' | 'replay'; transaction: BookedTransaction }
  | { kind: 'key_reused' | 'recipient_not_found' | 'self_transfer' };

// Only an active account holder (role 'user', activated by an operator) can receive a transfer; an
// unknown, unvetted or operator address is refused alike, after the key check, with nothing claimed.
// The booking arrives as a format() template ($2, see bookingTemplate) whose holes take the
// recipient's id (%1$s) and the sender's history description (%2$s), both found here.
const transferStatement = prepared(
  'ledger_book_transfer',
  `WITH r AS (
     SELECT u.id, u.name FROM users u WHERE lower(u.email) = lower(btrim($3)) AND u.role = 'user' AND u.is_active
   )
   SELECT ledger_book(CASE
       WHEN r.id IS NULL OR r.id = $1::text THEN jsonb_build_object(
         'refusal', CASE WHEN r.id IS NULL THEN 'recipient_not_found' ELSE 'self_transfer' END,
         'idempotency', $4::jsonb)
       ELSE format($2::text, to_json(r.id), to_json($5::text || r.name))::jsonb
     END) AS result, r.name AS recipient_name
   FROM (SELECT 1) AS one LEFT JOIN r ON true`,
);

/**
 * The booking's two values found in SQL travel as holes of a format() template: each hole is a
 * string value of the booking, replaced in its JSON text by %n$s, which format() fills with the JSON
 * text of its nth argument; every literal '%' is doubled. A hole is a whole JSON string holding a
 * NUL and a random token drawn at start, so no value of a booking can be taken for one. Building the
 * JSON here and filling two values in SQL costs the database one parse, where building it there
 * with jsonb_build_object cost a copy of every nested object.
 */
const HOLE_TOKEN = randomUUID();
const HOLE_RECIPIENT = `\u0000${HOLE_TOKEN}:1`;
const HOLE_DESCRIPTION = `\u0000${HOLE_TOKEN}:2`;

function bookingTemplate(json: string): string {
  return json
    .replaceAll('%', '%%')
    .replaceAll(JSON.stringify(HOLE_RECIPIENT), '%1$s')
    .replaceAll(JSON.stringify(HOLE_DESCRIPTION), '%2$s');
}

/** The transfer's booking: amount + fee from the sender, the amount to the recipient, the fee to revenue. */
function transferBooking(b: TransferBooking, recipient: string, debitDescription: string): Booking {
  const line = {
    mode: 'transfer',
    method: 'transfer',
    amountCents: b.amountCents,
    status: 'success',
    wallet: 'balance',
  } as const;
  return {
    kind: 'transfer',
    userId: b.senderId,
    idempotency: { userId: b.senderId, key: b.idempotencyKey, requestHash: b.requestHash },
    postings: [
      { account: { userId: b.senderId, kind: 'balance' }, amountCents: -(b.amountCents + b.feeCents) },
      { account: { userId: recipient, kind: 'balance' }, amountCents: b.amountCents },
      { account: { system: 'fee_revenue' }, amountCents: b.feeCents },
    ],
    history: [
      { ...line, userId: b.senderId, type: 'debit', description: debitDescription, feeCents: b.feeCents },
      { ...line, userId: recipient, type: 'credit', description: `${b.creditPrefix}${b.senderName}`, feeCents: 0 },
    ],
    topics: { userIds: [b.senderId, recipient], topics: b.topics },
  };
}

/**
 * The transfer's one statement with its parameters, and the booking it carries (the sender's
 * history row is rebuilt from it). `bench/instructions.mjs` replays exactly this call.
 */
export function transferCall(
  b: TransferBooking,
  ids: readonly string[],
): { statement: PreparedStatement; values: unknown[]; booking: Booking } {
  if (
    !Number.isSafeInteger(b.amountCents) ||
    b.amountCents <= 0 ||
    !Number.isSafeInteger(b.feeCents) ||
    b.feeCents < 0
  ) {
    throw new RangeError('transfer amounts must be positive integers of cents');
  }
  const booking = transferBooking(b, HOLE_RECIPIENT, HOLE_DESCRIPTION);
  const template = bookingTemplate(JSON.stringify(bookingJson(booking, ids)));
  const idempotency = { userId: b.senderId, key: b.idempotencyKey, requestHash: b.requestHash };
  const values = [b.senderId, template, b.recipientEmail, JSON.stringify(idempotency), b.debitPrefix];
  return { statement: transferStatement, values, booking };
}

export async function bookTransferOnce(db: Db, b: TransferBooking): Promise<TransferOutcome> {
  const ids = drawTransactionIds([0, 1]);
  const { statement, values, booking } = transferCall(b, ids);
  let found: { result: unknown; recipient_name: string | null }[];
  try {
    found = await runPrepared<{ result: unknown; recipient_name: string | null }>(db, statement, values);
  } catch (err) {
    throw asDomainError(err);
  }
  // The sender's row is the booking's first history row; only it is answered, so only it is rebuilt.
  const name = found[0]?.recipient_name ?? '';
  const debit = booking.history[0];
  if (!debit) throw new Error('ledger_book: a transfer without its history row');
  const sent = [{ ...debit, description: `${b.debitPrefix}${name}` }];
  const out = readOutcome(found[0]?.result, sent, ids);
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
