import type { Transaction } from '@meridian/shared';
import type { Db } from '../db/client.js';
import { prepared, runPrepared } from '../db/prepared.js';
import type { transactions } from '../db/schema/index.js';
import { InsufficientFunds } from './post.js';

/**
 * The transfer as one round trip to PostgreSQL: `ledger_transfer` (migration 0004) claims the
 * idempotency key, moves the money with the same rules `post()` follows (ascending lock order,
 * conditional debit, system accounts by entry only), writes the journal, its entries, both history
 * rows and the NOTIFY, all in one statement. It is the hot path the benchmark measures; every other
 * operation goes through `post()`.
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

interface Row {
  o_outcome: string;
  o_id: string | null;
  o_type: string | null;
  o_mode: string | null;
  o_method: string | null;
  o_description: string | null;
  o_amount_cents: string | number | null;
  o_fee_cents: string | number | null;
  o_status: string | null;
  o_created_at: Date | string | null;
}

const bookTransfer = prepared(
  'ledger_transfer',
  'SELECT * FROM ledger_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)',
);

/** SQLSTATE the procedure raises when the sender's balance cannot cover amount + fee. */
const INSUFFICIENT_FUNDS = 'ML001';

export async function bookTransferOnce(db: Db, b: TransferBooking): Promise<TransferOutcome> {
  let rows: Row[];
  try {
    rows = await runPrepared<Row>(db, bookTransfer, [
      b.senderId,
      b.senderName,
      b.idempotencyKey,
      b.requestHash,
      b.recipientEmail,
      b.amountCents,
      b.feeCents,
      b.debitPrefix,
      b.creditPrefix,
      b.channel,
      JSON.stringify(b.topics),
    ]);
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    if (e.code === INSUFFICIENT_FUNDS) throw new InsufficientFunds(Number(/\d+/.exec(String(e.message))?.[0]));
    throw err;
  }
  const row = rows[0];
  if (!row) throw new Error('ledger_transfer returned no row');
  if (row.o_outcome === 'ok' || row.o_outcome === 'replay') {
    return { kind: row.o_outcome, transaction: toTransaction(row) };
  }
  if (row.o_outcome === 'key_reused' || row.o_outcome === 'recipient_not_found' || row.o_outcome === 'self_transfer') {
    return { kind: row.o_outcome };
  }
  throw new Error(`ledger_transfer: unknown outcome ${row.o_outcome}`);
}

function toTransaction(row: Row): BookedTransaction {
  return {
    id: String(row.o_id),
    type: row.o_type as BookedTransaction['type'],
    mode: String(row.o_mode),
    method: row.o_method,
    description: String(row.o_description),
    amountCents: Number(row.o_amount_cents),
    feeCents: Number(row.o_fee_cents),
    status: row.o_status as BookedTransaction['status'],
    // ledger_transfer moves the sender's balance only; its result keeps the 0004 shape.
    wallet: 'balance',
    createdAt: new Date(row.o_created_at ?? Number.NaN),
  };
}
