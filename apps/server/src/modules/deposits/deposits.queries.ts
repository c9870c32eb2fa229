import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depositMethods, deposits, receipts, users } from '../../db/schema/index.js';

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

/** The deposit, its row locked until the transaction ends: settling is one at a time. */
export async function lockDeposit(tx: Db, id: string): Promise<DepositRow | undefined> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
}

export async function markDeposit(
  tx: Db,
  id: string,
  change: Pick<DepositRow, 'status' | 'reason' | 'journalId' | 'decidedBy' | 'decidedAt'>,
): Promise<DepositRow> {
  const [row] = await tx.update(deposits).set(change).where(eq(deposits.id, id)).returning();
  if (!row) throw new Error('markDeposit: no row');
  return row;
}

/** A pending deposit as the operator's queue shows it: who filed it and what the receipt is. */
export interface QueueRow {
  deposit: DepositRow;
  userName: string;
  userEmail: string;
  receiptContentType: string;
  receiptSizeBytes: number;
}

/**
 * Pending deposits, oldest first, after the deposit `afterId` (keyset: its (created_at, id), read in
 * SQL so that the timestamp keeps its microseconds); served by the partial index deposits_pending_idx.
 */
export function pendingDepositsPage(db: Db, afterId: string | null, limit: number): Promise<QueueRow[]> {
  const after = afterId
    ? sql`(${deposits.createdAt}, ${deposits.id}) > (SELECT d.created_at, d.id FROM deposits d WHERE d.id = ${afterId})`
    : undefined;
  return db
    .select({
      deposit: deposits,
      userName: users.name,
      userEmail: users.email,
      receiptContentType: receipts.contentType,
      receiptSizeBytes: receipts.sizeBytes,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .innerJoin(receipts, eq(receipts.id, deposits.receiptId))
    .where(and(eq(deposits.status, 'pending'), after))
    .orderBy(asc(deposits.createdAt), asc(deposits.id))
    .limit(limit);
}

export async function depositExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: deposits.id }).from(deposits).where(eq(deposits.id, id));
  return row !== undefined;
}

export async function findReceipt(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  return row;
}
