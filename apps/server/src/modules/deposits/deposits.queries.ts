import { and, type Column, eq } from 'drizzle-orm';
import type { QueueJoin, QueueRow as RequestQueueRow } from '../../core/money-requests/requests.queries.js';
import type { Db } from '../../db/client.js';
import { depositMethods, deposits, receipts } from '../../db/schema/index.js';

export type DepositRow = typeof deposits.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;

/** An active deposit method by id, or undefined. */
export async function findActiveMethod(db: Db, id: string) {
  const [method] = await db
    .select()
    .from(depositMethods)
    .where(and(eq(depositMethods.id, id), eq(depositMethods.active, true)));
  return method;
}

export async function insertReceipt(db: Db, row: typeof receipts.$inferInsert): Promise<ReceiptRow> {
  const [out] = await db.insert(receipts).values(row).returning();
  if (!out) throw new Error('insertReceipt: no row');
  return out;
}

export async function insertDeposit(db: Db, row: typeof deposits.$inferInsert): Promise<DepositRow> {
  const [out] = await db.insert(deposits).values(row).returning();
  if (!out) throw new Error('insertDeposit: no row');
  return out;
}

/** What the operator's queue shows of each deposit's receipt (core/money-requests joins it). */
export const receiptJoin = {
  table: receipts,
  on: eq(receipts.id, deposits.receiptId),
  columns: { receiptContentType: receipts.contentType, receiptSizeBytes: receipts.sizeBytes },
} satisfies QueueJoin<Record<string, Column>>;

/** A pending deposit as the operator's queue shows it: who filed it and what the receipt is. */
export type QueueRow = RequestQueueRow<typeof deposits, (typeof receiptJoin)['columns']>;

export async function findReceipt(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  return row;
}
