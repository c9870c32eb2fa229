import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investments } from '../../db/schema/index.js';
import type { AccrualMark, InvestmentAdvance } from './accrual-plan.js';
import type { InvestmentRow } from './investments.queries.js';

/** Where a run of the job has got to: the last investment it claimed, in (started_at, id) order. */
export interface AccrualCursor {
  startedAt: Date;
  id: string;
}

/** One of `of` disjoint shares of the members, for runners working side by side (see runAccrual). */
export interface AccrualShare {
  index: number;
  of: number;
}

/**
 * Locks up to `limit` active investments with a day due at `now`, oldest first, after `after`, of
 * the members of `share` (all when null):
 * rows another transaction holds are skipped (SKIP LOCKED: another runner, node or a member ending
 * theirs), so no two runners ever take the same row. The keyset walks the (started_at, id) index
 * of active investments, so a run reads each row once instead of passing again over the rows its
 * earlier batches accrued. `due` is a coarse filter; planAccrual decides the days from the locked row.
 */
export async function claimDueInvestments(
  tx: Db,
  now: Date,
  after: AccrualCursor | null,
  limit: number,
  share: AccrualShare | null = null,
): Promise<InvestmentRow[]> {
  const due = sql`${investments.daysAccrued} < LEAST(${investments.durationDays},
    FLOOR(EXTRACT(EPOCH FROM (${now.toISOString()}::timestamptz - ${investments.startedAt})) / 86400))`;
  const past = after
    ? sql`(${investments.startedAt}, ${investments.id}) > (${after.startedAt.toISOString()}::timestamptz, ${after.id})`
    : undefined;
  // By member, never by investment: two shares never lock the same account, so neither waits for the other.
  const mine =
    share && share.of > 1
      ? sql`mod(hashtext(${investments.userId})::bigint + 2147483648, ${share.of}) = ${share.index}`
      : undefined;
  return tx
    .select()
    .from(investments)
    .where(and(eq(investments.status, 'active'), past, due, mine))
    .orderBy(asc(investments.startedAt), asc(investments.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The accruals rows of a batch (their primary key (investment_id, day) makes a day impossible to pay
 * twice) and the investments brought up to date, in one statement. `journalIds[i]` is the journal of
 * the plan's booking i.
 */
export async function markAccrued(
  tx: Db,
  marks: readonly AccrualMark[],
  advances: readonly InvestmentAdvance[],
  journalIds: readonly number[],
): Promise<void> {
  if (advances.length === 0) return;
  const journalOf = (booking: number | null) => {
    if (booking === null) return null;
    const id = journalIds[booking];
    if (id === undefined) throw new Error(`accrual: no journal for booking ${booking}`);
    return id;
  };
  const marked = JSON.stringify(marks.map((m) => [m.investmentId, m.day, journalOf(m.booking)]));
  const advanced = JSON.stringify(
    advances.map((a) => [a.id, a.daysAccrued, a.profitCents, a.status, a.endedAt?.toISOString() ?? null]),
  );
  await tx.execute(sql`
    WITH marked AS (
      INSERT INTO accruals (investment_id, day, journal_id)
        SELECT m ->> 0, (m ->> 1)::int, (m ->> 2)::bigint FROM jsonb_array_elements(${marked}::jsonb) AS m
    )
    UPDATE investments i
       SET days_accrued = (a ->> 1)::int, profit_cents = (a ->> 2)::bigint, status = a ->> 3,
           ended_at = (a ->> 4)::timestamptz
      FROM jsonb_array_elements(${advanced}::jsonb) AS a
     WHERE i.id = a ->> 0`);
}
