import pg from 'pg';
import type { Db } from '../db/client.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { type GroupCommitStats, groupCommit } from '../lib/group-commit.js';
import {
  type BatchContext,
  bookTransferBatch,
  bookTransferOnce,
  MAX_TRANSFER_BATCH,
  type RecipientNotice,
  type TransferBooking,
  type TransferOutcome,
} from './transfer.js';

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
  /** The app's clock: each batch's history rows take its time when the batch goes. */
  clock?: Clock;
  /** The message each booked transfer's recipient gets, for a batch going at `at` (none when unset). */
  notice?: (at: Date) => RecipientNotice;
}

/**
 * A node's transfers, group-committed on this database handle (lib/group-commit.ts, decision 014):
 * requests that arrive while the database is busy with earlier ones go together in one call of
 * ledger_transfer_batch (transfer.ts), one transaction, each answered as it would be answered alone.
 */
export function transferCommitter(
  db: Db,
  options: TransferCommitterOptions = {},
): TransferBooker & { stats: Readonly<GroupCommitStats> } {
  const maxBatch = Math.min(options.maxBatch ?? MAX_TRANSFER_BATCH, MAX_TRANSFER_BATCH);
  const stats: GroupCommitStats = { transactions: 0, requests: 0, largest: 0, fallbacks: 0 };
  const clock = options.clock ?? systemClock;
  const context = (): BatchContext => {
    const at = clock.now();
    return { at, notice: options.notice?.(at) ?? null };
  };
  // Off: every transfer its own transaction, as many at once as the pool allows, as before group commit.
  if (maxBatch <= 1) return Object.assign((b: TransferBooking) => bookTransferOnce(db, b, context()), { stats });
  const onPool = (db as { $client?: unknown }).$client instanceof pg.Pool;
  const commit = groupCommit<TransferBooking, TransferOutcome>({
    maxBatch,
    maxInFlight: onPool ? (options.maxInFlight ?? DEFAULT_IN_FLIGHT) : 1,
    keyOf: (b) => `${b.senderId}\u0000${b.idempotencyKey}`,
    one: (b) => bookTransferOnce(db, b, context()),
    many: (bs) => bookTransferBatch(db, bs, context()),
  });
  return Object.assign((b: TransferBooking) => commit.submit(b), { stats: commit.stats });
}
