import type { PlanBody } from '@meridian/shared';
import { and, asc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investments, plans } from '../../db/schema/index.js';

export type PlanRow = typeof plans.$inferSelect;
export interface PlanWithCounts {
  plan: PlanRow;
  activeInvestments: number;
  totalInvestments: number;
}

// Counted per plan through investments_plan_idx (plan_id, status): a few plans, however many investments.
// The outer column is written out whole: Drizzle renders ${plans.id} unqualified in a select list,
// where "id" would name the investment's own id.
const withCounts = {
  plan: plans,
  activeInvestments: sql<number>`(SELECT count(*)::int FROM investments i WHERE i.plan_id = "plans"."id" AND i.status = 'active')`,
  totalInvestments: sql<number>`(SELECT count(*)::int FROM investments i WHERE i.plan_id = "plans"."id")`,
};

/** Every plan, active or not, cheapest first, with its investment counts. */
export function plansWithCounts(db: Db, where?: SQL): Promise<PlanWithCounts[]> {
  return db.select(withCounts).from(plans).where(where).orderBy(asc(plans.minCents), asc(plans.id));
}

export async function planWithCounts(db: Db, id: string): Promise<PlanWithCounts | undefined> {
  const [row] = await plansWithCounts(db, eq(plans.id, id));
  return row;
}

/** The plan, its row locked until the transaction ends (an investment in it holds a share lock). */
export async function lockPlan(tx: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

/** Whether another plan than `exceptId` has this name, in any letter case. */
export async function planNameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  const sameName = sql`lower(${plans.name}) = lower(${name})`;
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(exceptId ? and(sameName, ne(plans.id, exceptId)) : sameName)
    .limit(1);
  return row !== undefined;
}

/** Ids that a new plan's slug `base` could collide with: `base` itself and `base-<anything>`. */
export async function planIdsLike(db: Db, base: string): Promise<Set<string>> {
  // A slug holds only [a-z0-9-]: nothing in it is a LIKE wildcard.
  const found = await db
    .select({ id: plans.id })
    .from(plans)
    .where(or(eq(plans.id, base), sql`${plans.id} LIKE ${`${base}-%`}`));
  return new Set(found.map((r) => r.id));
}

export async function insertPlan(tx: Db, id: string, body: PlanBody): Promise<void> {
  await tx.insert(plans).values({ id, ...body });
}

export async function updatePlan(tx: Db, id: string, change: Partial<PlanBody> & { active?: boolean }): Promise<void> {
  await tx
    .update(plans)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(plans.id, id));
}

export async function deletePlanRow(tx: Db, id: string): Promise<void> {
  await tx.delete(plans).where(eq(plans.id, id));
}

/** Whether any investment, of any status, was ever made in this plan. */
export async function planEverInvested(db: Db, planId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(eq(investments.planId, planId))
    .limit(1);
  return row !== undefined;
}
