import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investments, plans } from '../../db/schema/index.js';

export type InvestmentRow = typeof investments.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

/** The one mapper, in core so the console shares it. */
export { toInvestmentDto } from '../../core/investments/investments.queries.js';

/**
 * A plan on offer (active), share-locked until the transaction ends: an operator deleting it waits for
 * this investment and then sees it, and an inactive or deleted plan is refused like an unknown one.
 */
export async function findActivePlan(tx: Db, planId: string): Promise<PlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.active, true)))
    .limit(1)
    .for('share');
  return row;
}

export async function hasActiveInvestment(db: Db, userId: string, planId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.userId, userId), eq(investments.planId, planId), eq(investments.status, 'active')))
    .limit(1);
  return row !== undefined;
}

export async function insertInvestment(tx: Db, v: Omit<typeof investments.$inferInsert, 'id'>): Promise<InvestmentRow> {
  const [row] = await tx
    .insert(investments)
    .values({ id: randomUUID(), ...v })
    .returning();
  if (!row) throw new Error('investment insert returned nothing');
  return row;
}

/** Locks one investment of one user for the rest of the transaction. */
export async function lockInvestment(tx: Db, id: string, userId?: string): Promise<InvestmentRow | undefined> {
  const owner = userId === undefined ? sql`` : sql` AND ${investments.userId} = ${userId}`;
  const [row] = await tx.select().from(investments).where(sql`${investments.id} = ${id}${owner}`).for('update');
  return row;
}

export async function updateInvestment(
  tx: Db,
  id: string,
  patch: Partial<Pick<InvestmentRow, 'status' | 'daysAccrued' | 'profitCents' | 'endedAt' | 'archived'>>,
): Promise<InvestmentRow> {
  const [row] = await tx.update(investments).set(patch).where(eq(investments.id, id)).returning();
  if (!row) throw new Error(`investment ${id} vanished`);
  return row;
}

/**
 * What the investments page lists: everything not yet archived by a claim, newest first; read through
 * investments_user_listed_idx, whatever the member's history holds. Awaited, it runs.
 */
export function visibleInvestmentsQuery(db: Db, userId: string) {
  return db
    .select()
    .from(investments)
    .where(and(eq(investments.userId, userId), eq(investments.archived, false)))
    .orderBy(desc(investments.startedAt), desc(investments.id));
}

export async function listVisibleInvestments(db: Db, userId: string): Promise<InvestmentRow[]> {
  return visibleInvestmentsQuery(db, userId);
}

export async function archiveFinished(tx: Db, userId: string): Promise<void> {
  await tx
    .update(investments)
    .set({ archived: true })
    .where(
      and(eq(investments.userId, userId), sql`${investments.status} <> 'active'`, eq(investments.archived, false)),
    );
}
