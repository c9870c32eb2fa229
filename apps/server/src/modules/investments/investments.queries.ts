import { randomUUID } from 'node:crypto';
import type { InvestmentsPage } from '@meridian/shared';
import { and, desc, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import { toInvestmentDto } from '../../core/investments/investments.queries.js';
import type { Db } from '../../db/client.js';
import { investments, plans } from '../../db/schema/index.js';
import { decodeKeyset, encodeKeyset, keysetTime, pageOf } from '../../lib/keyset-cursor.js';

export type InvestmentRow = typeof investments.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

/** The one mapper, in core so the console shares it. */
export { toInvestmentDto };

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

/**
 * The member's finished investments (matured or ended early), the last finished first, archived by a
 * claim or not: they stay under 'Completed' for good. Keyset on (ended_at, id) through
 * investments_user_finished_idx, so the hundredth page costs the first's. Awaited, it runs.
 */
export function finishedInvestmentsQuery(
  db: Db,
  userId: string,
  filter: { planId?: string | undefined },
  cursor: string | undefined,
  limit: number,
) {
  const conditions: SQL[] = [eq(investments.userId, userId), ne(investments.status, 'active')];
  if (filter.planId !== undefined) conditions.push(eq(investments.planId, filter.planId));
  if (cursor !== undefined) {
    const after = decodeKeyset(cursor);
    conditions.push(sql`(${investments.endedAt}, ${investments.id}) < (${after.at}::timestamptz, ${after.id})`);
  }
  return (
    db
      .select({ ...getTableColumns(investments), cursorAt: keysetTime(investments.endedAt) })
      .from(investments)
      .where(and(...conditions))
      // The index's order (DESC NULLS LAST); plain DESC would be NULLS FIRST and sort instead.
      .orderBy(sql`${investments.endedAt} DESC NULLS LAST`, sql`${investments.id} DESC NULLS LAST`)
      .limit(limit)
  );
}

/** A page of them: `limit` investments and the cursor of the next page, if any. */
export async function listFinishedInvestments(
  db: Db,
  userId: string,
  filter: { planId?: string | undefined },
  page: { cursor?: string | undefined; limit: number },
): Promise<InvestmentsPage> {
  const found = await finishedInvestmentsQuery(db, userId, filter, page.cursor, page.limit + 1);
  return pageOf(found, page.limit, toInvestmentDto, (r) => encodeKeyset({ at: r.cursorAt, id: r.id }));
}
