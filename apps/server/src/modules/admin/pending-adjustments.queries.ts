import type { PendingAdjustment } from '@meridian/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pendingAdjustments, users } from '../../db/schema/index.js';

export type PendingAdjustmentRow = typeof pendingAdjustments.$inferSelect;

export async function insertPendingAdjustment(
  tx: Db,
  row: typeof pendingAdjustments.$inferInsert,
): Promise<PendingAdjustmentRow> {
  const [inserted] = await tx.insert(pendingAdjustments).values(row).returning();
  if (!inserted) throw new Error('insertPendingAdjustment: nothing inserted');
  return inserted;
}

/** The adjustment, its row locked until the transaction ends: deciding is one at a time. */
export async function lockPendingAdjustment(tx: Db, id: string): Promise<PendingAdjustmentRow | undefined> {
  const [row] = await tx.select().from(pendingAdjustments).where(eq(pendingAdjustments.id, id)).for('update');
  return row;
}

export async function markPendingAdjustment(
  tx: Db,
  id: string,
  change: Pick<PendingAdjustmentRow, 'status' | 'decidedBy' | 'decidedAt' | 'rejectReason' | 'journalId'>,
): Promise<PendingAdjustmentRow> {
  const [row] = await tx.update(pendingAdjustments).set(change).where(eq(pendingAdjustments.id, id)).returning();
  if (!row) throw new Error(`markPendingAdjustment: no adjustment ${id}`);
  return row;
}

/** Those awaiting a second approval, oldest first, of one member when given (at most `limit`). */
export async function awaitingAdjustments(db: Db, userId: string | undefined, limit: number) {
  return db
    .select({ adjustment: pendingAdjustments, userName: users.name, userEmail: users.email })
    .from(pendingAdjustments)
    .innerJoin(users, eq(users.id, pendingAdjustments.userId))
    .where(and(eq(pendingAdjustments.status, 'awaiting'), userId ? eq(pendingAdjustments.userId, userId) : undefined))
    .orderBy(asc(pendingAdjustments.requestedAt), asc(pendingAdjustments.id))
    .limit(limit);
}

export function toPendingAdjustmentDto(
  row: PendingAdjustmentRow,
  user: { name: string; email: string },
): PendingAdjustment {
  return {
    id: row.id,
    userId: row.userId,
    userName: user.name,
    userEmail: user.email,
    amountCents: row.amountCents,
    reason: row.reason,
    status: row.status,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    rejectReason: row.rejectReason,
  };
}
