import pg from 'pg';
import type { Db } from '../db/client.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { GroupCommit, type GroupCommitStats } from '../lib/group-commit.js';
import {
  bookTransfers,
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

/** Transactions at once with group commit off (maxBatch 1): as many as ask; the pool holds back the rest. */
const UNBATCHED_IN_FLIGHT = 64;

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

export interface TransferCommitterStats extends GroupCommitStats {
  /** Batches whose transaction failed as a whole, their transfers then booked one by one. */
  fallbacks: number;
}

/**
 * A node's transfers, group-committed on this database handle (decision 014): transfers that arrive
 * while the database is busy with earlier ones go together in one call of ledger_transfer_batch
 * (transfer.ts), one transaction, each answered as it would be answered alone. Built once per node
 * (the transfers routes).
 */
export class TransferCommitter {
  private readonly queue: GroupCommit<TransferBooking, TransferOutcome>;
  private readonly clock: Clock;
  private readonly counts = { fallbacks: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: TransferCommitterOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    const maxBatch = Math.min(options.maxBatch ?? MAX_TRANSFER_BATCH, MAX_TRANSFER_BATCH);
    const onPool = (db as { $client?: unknown }).$client instanceof pg.Pool;
    const inFlight = maxBatch > 1 ? (options.maxInFlight ?? DEFAULT_IN_FLIGHT) : UNBATCHED_IN_FLIGHT;
    this.queue = new GroupCommit({
      maxBatch,
      maxInFlight: onPool ? inFlight : 1,
      keyOf: (b) => `${b.sender.id}\u0000${b.idempotencyKey}`,
    });
  }

  get stats(): Readonly<TransferCommitterStats> {
    return { ...this.queue.stats, fallbacks: this.counts.fallbacks };
  }

  /**
   * Books one transfer, answered as it would be alone: on an idle node in its own transaction, on a
   * busy one in the transaction of the transfers that arrived meanwhile. The first transfer of each
   * batch leads it: its call books the batch (a history time by the app's clock, the recipients' message)
   * and hands the others their outcomes.
   */
  async commit(transfer: TransferBooking): Promise<TransferOutcome> {
    const turn = await this.queue.join(transfer);
    if (!turn.leads) return turn.outcome;
    const at = this.clock.now();
    const settled = await bookTransfers(
      this.db,
      turn.items,
      { at, notice: this.options.notice?.(at) ?? null },
      this.counts,
    );
    turn.done(settled);
    const [own] = settled;
    if (own?.status !== 'fulfilled') throw own ? own.reason : new Error('group commit: no answer');
    return own.value;
  }
}
