import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { transactions } from '../db/schema/index.js';
import type { HistoryLine, HistoryRow } from './book.js';

/**
 * History rows of requests that move no money yet (a deposit awaiting the operator): written
 * pending with no journal, and settled once — success with the journal that moved the money,
 * failed (refused) or cancelled (withdrawn by its member) with nothing moved. The ledger writes every history row; these are the ones book() does not.
 */
export async function recordPending(tx: Db, line: Omit<HistoryLine, 'status'>, at: Date): Promise<HistoryRow> {
  const [row] = await tx
    .insert(transactions)
    .values({
      id: randomUUID(),
      userId: line.userId,
      type: line.type,
      mode: line.mode,
      method: line.method,
      description: line.description,
      amountCents: line.amountCents,
      feeCents: line.feeCents ?? 0,
      status: 'pending',
      wallet: line.wallet,
      // The app's clock, as every history row's (book.ts Booking.at).
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('recordPending: no row written');
  return row;
}

/** Settles a pending row; false when it was not pending (already settled, or no such row). */
export async function settlePending(
  tx: Db,
  id: string,
  outcome: { status: 'success'; journalId?: number } | { status: 'failed' } | { status: 'cancelled' },
): Promise<boolean> {
  // A row whose money moved when it was written (a withdrawal's hold) keeps that journal.
  const change =
    outcome.status === 'success' && outcome.journalId !== undefined
      ? { status: 'success' as const, journalId: outcome.journalId }
      : { status: outcome.status };
  const done = await tx
    .update(transactions)
    .set(change)
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
    .returning({ id: transactions.id });
  return done.length === 1;
}
