import { sql } from 'drizzle-orm';
import { publishChanged } from '../../core/realtime/publish.js';
import type { Db } from '../../db/client.js';
import { bookBatch, bookIn } from '../../ledger/index.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { type AccrualCursor, type AccrualShare, claimDueInvestments, markAccrued } from './accrual.queries.js';
import { ACCRUED_TOPICS, MATURED_TOPICS, planAccrual, profitBooking } from './accrual-plan.js';
import { returnCapital } from './capital.js';
import { type InvestmentRow, updateInvestment } from './investments.queries.js';
import { elapsedDays, profitForDay } from './profit.js';

/**
 * Brings one locked, active investment up to `now`: one journal per elapsed day not yet accrued
 * (profit_expense -> profit), each guarded by the accruals primary key; at maturity the capital
 * goes back to balance and the investment completes. Ending an investment early runs it first; the
 * daily job books the same days in batches (planAccrual), and the property test holds the two equal.
 */
export async function accrueInvestment(tx: Db, inv: InvestmentRow, now: Date): Promise<InvestmentRow> {
  if (inv.status !== 'active') return inv;
  const due = elapsedDays(inv.startedAt, now, inv.durationDays);
  if (due <= inv.daysAccrued) return inv;
  const matured = due === inv.durationDays;
  // Every booking of this transaction carries the same notification, which PostgreSQL delivers
  // once: the user hears of the whole accrual when it commits.
  const topics = matured ? MATURED_TOPICS : ACCRUED_TOPICS;
  let earned = 0;
  for (let day = inv.daysAccrued + 1; day <= due; day++) {
    const amount = profitForDay(inv.amountCents, inv.profitBps, inv.durationDays, day);
    const journalId =
      amount > 0
        ? (await bookIn(tx, { ...profitBooking(inv, amount), topics: { userIds: [inv.userId], topics }, at: now }))
            .journalId
        : null;
    await tx.execute(
      sql`INSERT INTO accruals (investment_id, day, journal_id) VALUES (${inv.id}, ${day}, ${journalId})`,
    );
    earned += amount;
  }
  if (matured) await returnCapital(tx, inv, 'matured', topics, now);
  // Days that earned nothing still change the investment the user sees.
  else if (earned === 0) await publishChanged(tx, [inv.userId], [...topics]);
  return updateInvestment(tx, inv.id, {
    daysAccrued: due,
    profitCents: inv.profitCents + earned,
    ...(matured ? { status: 'completed' as const, endedAt: now } : {}),
  });
}

export interface AccrualOptions {
  /** Investments per transaction (config ACCRUAL_BATCH_SIZE; smaller on PGlite, see decision 013). */
  batchSize?: number;
  /**
   * Runners side by side, each over its own share of the members (config ACCRUAL_WORKERS): one
   * PostgreSQL backend uses one core, so two keep two busy. PGlite runs one statement at a time: 1.
   */
  workers?: number;
}

/** Investments per transaction when the caller names none. */
export const DEFAULT_ACCRUAL_BATCH = 1_000;

/**
 * The accrual job: every active investment with a day due at `now`, a batch at a time, each batch
 * one transaction: claim (lock, SKIP LOCKED), plan, book every journal in one statement, mark the
 * days and advance the investments. Safe on many runners and nodes at once: a row another holds is
 * skipped, and the accruals key makes a day impossible to pay twice; a run killed mid-batch loses
 * that batch whole, and the next run books it. Returns how many investments it advanced.
 */
export async function runAccrual(db: Db, now: Date, options: AccrualOptions = {}): Promise<number> {
  const limit = options.batchSize ?? DEFAULT_ACCRUAL_BATCH;
  const workers = Math.max(1, options.workers ?? 1);
  const shares = Array.from({ length: workers }, (_, index) => (workers > 1 ? { index, of: workers } : null));
  const advanced = await Promise.all(shares.map((share) => runShare(db, now, limit, share)));
  return advanced.reduce((a, b) => a + b, 0);
}

/** Batches over one share of the members until none is left due; returns how many it advanced. */
async function runShare(db: Db, now: Date, limit: number, share: AccrualShare | null): Promise<number> {
  // Each batch looks at `window` active investments, of which its share is about a `workers`th.
  const window = limit * (share?.of ?? 1);
  let after: AccrualCursor | null = null;
  let advanced = 0;
  for (;;) {
    const from: AccrualCursor | null = after;
    const batch: BatchOutcome = await moneyTransaction(db, (tx) => accrueBatch(tx, now, from, window, share));
    advanced += batch.advanced;
    if (!batch.more) return advanced;
    after = batch.last;
    // Let waiting requests in between two batches: PGlite runs one statement at a time, and a long
    // run must not hold every member's page until it ends.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** How many investments a batch advanced, where the next one starts, and whether one should. */
interface BatchOutcome {
  advanced: number;
  last: AccrualCursor | null;
  more: boolean;
}

/** One batch in the caller's transaction. */
async function accrueBatch(
  tx: Db,
  now: Date,
  after: AccrualCursor | null,
  window: number,
  share: AccrualShare | null,
): Promise<BatchOutcome> {
  const claim = await claimDueInvestments(tx, now, after, window, share);
  const plan = planAccrual(claim.rows, now);
  if (plan.advances.length > 0) {
    const booked = await bookBatch(tx, plan.bookings, now, plan.notify);
    await markAccrued(
      tx,
      plan.marks,
      plan.advances,
      booked.map((b) => b.journalId),
    );
  }
  return { advanced: plan.advances.length, last: claim.last, more: claim.more };
}
