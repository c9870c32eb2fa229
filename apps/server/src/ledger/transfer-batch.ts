import pg from 'pg';
import type { Db } from '../db/client.js';
import { prepared, runPrepared } from '../db/prepared.js';
import { type GroupCommitStats, groupCommit } from '../lib/group-commit.js';
import { asDomainError, drawTransactionIds } from './book.js';
import {
  bookTransferOnce,
  type TransferBooking,
  type TransferOutcome,
  transferCall,
  transferOutcome,
} from './transfer.js';

/**
 * Transfers booked together (decision 014): ledger_transfer_batch (transfer-batch.sql) settles each of
 * them, in order, as ledger_book would settle it alone after the ones before (its key, its refusal,
 * its balance), books the covered ones set-wise through ledger_book_batch, in one transaction and one
 * round trip, and answers each one's outcome; this module turns those answers back into exactly what
 * bookTransferOnce answers, or throws, for each transfer alone.
 */

/**
 * The most transfers one transaction books. The batches stay far below it (16 clients make 4 a batch
 * on average, 14 at most); it bounds how long a batch holds its balances.
 */
export const MAX_TRANSFER_BATCH = 64;

// The lone statement's seven parameters, one array each (transfer-batch.sql): the function checks
// the recalled senders' sessions and hands the rest to ledger_transfer_batch.
export const transferBatchStatement = prepared(
  'ledger_transfer_batch',
  `SELECT ledger_transfer_batch_checked($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
     $7::text[]) AS result`,
);

interface ItemAnswer {
  result: { outcome?: string; detail?: string } | null;
  recipientName: string | null;
}

/**
 * Books 1..64 transfers in one transaction and settles each as bookTransferOnce would answer it alone:
 * an uncovered debit rejects with InsufficientFunds. A throw means the whole transaction failed and
 * nothing is known of any of them (the committer then books each alone): a lost connection, a
 * deadlock, or a batch the statement leaves to the lone path (SQLSTATE ML003, see transfer-batch.sql).
 */
export async function bookTransferBatch(
  db: Db,
  bookings: readonly TransferBooking[],
): Promise<PromiseSettledResult<TransferOutcome>[]> {
  if (bookings.length < 1 || bookings.length > MAX_TRANSFER_BATCH) {
    throw new RangeError(`a transfer batch holds 1 to ${MAX_TRANSFER_BATCH} transfers`);
  }
  const calls = bookings.map((b) => {
    const ids = drawTransactionIds([0, 1]);
    return { b, ids, ...transferCall(b, ids) };
  });
  const column = (i: number) => calls.map((c) => c.values[i]);
  const [row] = await runPrepared<{ result: unknown }>(db, transferBatchStatement, [0, 1, 2, 3, 4, 5, 6].map(column));
  const raw = row?.result;
  const answers = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ItemAnswer[] | null;
  if (!Array.isArray(answers) || answers.length !== calls.length) {
    throw new Error(`ledger_transfer_batch: ${answers?.length ?? 'no'} answers to ${calls.length} transfers`);
  }
  return calls.map((c, i): PromiseSettledResult<TransferOutcome> => {
    const answer = answers[i] as ItemAnswer;
    const result = answer.result;
    if (result?.outcome === 'sender_unverified') return { status: 'fulfilled', value: { kind: 'sender_unverified' } };
    try {
      if (result?.outcome === 'insufficient') throw asDomainError({ code: 'ML001', detail: result.detail });
      return { status: 'fulfilled', value: transferOutcome(c.b, c.booking, c.ids, result, answer.recipientName) };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  });
}

/**
 * Transactions at once on PostgreSQL: one. The next batch goes as soon as one ends, before its
 * answers are written (lib/group-commit.ts), so the database is seldom idle; a second transaction
 * at once split the same requests into batches half the size, which cost a third more CPU per
 * transfer and fewer transfers a second on the reference machine (decision 014).
 * TRANSFER_BATCHES_IN_FLIGHT sets it (config.ts holds the default the server uses).
 */
const DEFAULT_IN_FLIGHT = 1;

export type TransferBooker = (b: TransferBooking) => Promise<TransferOutcome>;

export interface TransferCommitterOptions {
  /** Transfers per transaction, 1..64; 1 books every transfer in its own transaction, as before group commit. */
  maxBatch?: number;
  /** Transactions at once (PGlite has one connection: always 1 there). */
  maxInFlight?: number;
}

/** A node's transfers, group-committed on this database handle (lib/group-commit.ts, decision 014). */
export function transferCommitter(
  db: Db,
  options: TransferCommitterOptions = {},
): TransferBooker & { stats: Readonly<GroupCommitStats> } {
  const maxBatch = Math.min(options.maxBatch ?? MAX_TRANSFER_BATCH, MAX_TRANSFER_BATCH);
  const stats: GroupCommitStats = { transactions: 0, requests: 0, largest: 0, fallbacks: 0 };
  // Off: every transfer its own transaction, as many at once as the pool allows, as before group commit.
  if (maxBatch <= 1) return Object.assign((b: TransferBooking) => bookTransferOnce(db, b), { stats });
  const onPool = (db as { $client?: unknown }).$client instanceof pg.Pool;
  const commit = groupCommit<TransferBooking, TransferOutcome>({
    maxBatch,
    maxInFlight: onPool ? (options.maxInFlight ?? DEFAULT_IN_FLIGHT) : 1,
    keyOf: (b) => `${b.senderId}\u0000${b.idempotencyKey}`,
    one: (b) => bookTransferOnce(db, b),
    many: (bs) => bookTransferBatch(db, bs),
  });
  return Object.assign((b: TransferBooking) => commit.submit(b), { stats: commit.stats });
}
