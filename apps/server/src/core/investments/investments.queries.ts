import type { Investment } from '@meridian/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investments } from '../../db/schema/index.js';

const DAY_MS = 86_400_000;

type Row = typeof investments.$inferSelect;

/** An investment as a client sees it: the member's pages and the console share this mapper. */
export function toInvestmentDto(r: Row): Investment {
  return {
    id: r.id,
    planId: r.planId,
    planName: r.planName,
    amountCents: r.amountCents,
    profitBps: r.profitBps,
    durationDays: r.durationDays,
    profitCents: r.profitCents,
    daysAccrued: r.daysAccrued,
    status: r.status,
    startedAt: r.startedAt.toISOString(),
    maturesAt: new Date(r.startedAt.getTime() + r.durationDays * DAY_MS).toISOString(),
    endedAt: r.endedAt ? r.endedAt.toISOString() : null,
  };
}

/** Every investment of a user, archived ones too, newest first (at most `limit`). */
export async function allInvestmentsOf(db: Db, userId: string, limit = 1000): Promise<Investment[]> {
  const found = await db
    .select()
    .from(investments)
    .where(eq(investments.userId, userId))
    .orderBy(desc(investments.startedAt), desc(investments.id))
    .limit(limit);
  return found.map(toInvestmentDto);
}
