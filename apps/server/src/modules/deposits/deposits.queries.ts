import { and, asc, eq } from 'drizzle-orm';
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

/** Pending deposits, oldest first. */
export function pendingDeposits(db: Db, limit: number) {
  return db
    .select()
    .from(deposits)
    .where(eq(deposits.status, 'pending'))
    .orderBy(asc(deposits.createdAt), asc(deposits.id))
    .limit(limit);
}

export async function findReceipt(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  return row;
}
