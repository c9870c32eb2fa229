import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investments } from '../../db/schema/index.js';
import { rows } from '../../lib/sql.js';
import type { AccrualMark, InvestmentAdvance } from './accrual-plan.js';
import type { InvestmentRow } from './investments.queries.js';

/**
 * Where a run of the job has got to: the last investment it has looked at, in (started_at, id) order.
 * The time is kept as the database wrote it (text), so the next window starts exactly after it.
 */
export interface AccrualCursor {
  startedAt: string;
  id: string;
}

/** One of `of` disjoint shares of the members, for runners working side by side (see runAccrual). */
export interface AccrualShare {
  index: number;
  of: number;
}

export interface Claim {
  /** The investments locked for this batch: due, of this share, held by no other transaction. */
  rows: InvestmentRow[];
  /** The last active investment of the window: where the next batch starts. */
  last: AccrualCursor | null;
  /** Whether the window was full, so more active investments may follow it. */
  more: boolean;
}

/**
 * The next `window` active investments after `after`, oldest first, and of them those due at `now`
 * of the members of `share` (all when null), locked. The window walks the (started_at, id) index of
 * active investments by keyset, so a run reads each row once instead of passing again over the rows
 * its earlier batches accrued. It is read first and on its own because the planner, guessing how few
 * rows a share and `due` keep, would otherwise sort the whole table for every batch (or, with the
 * share's filter in the keyset scan, read the heap for every row of it); it answers with one row: how
 * many it held, its last, and the ids of this share's investments, so only those are looked up again
 * and locked. A row another transaction holds is skipped (SKIP LOCKED: another runner or node, a
 * member ending theirs), so no two runners ever take the same row; `due` is a coarse filter,
 * planAccrual decides the days from the locked row.
 */
export async function claimDueInvestments(
  tx: Db,
  now: Date,
  after: AccrualCursor | null,
  window: number,
  share: AccrualShare | null = null,
): Promise<Claim> {
  const past = after ? sql`AND (started_at, id) > (${after.startedAt}::timestamptz, ${after.id})` : sql``;
  // By member, never by investment: two shares never lock the same account, so neither waits for the other.
  const mine =
    share && share.of > 1
      ? sql`WHERE mod(hashtext(w.user_id)::bigint + 2147483648, ${share.of}) = ${share.index}`
      : sql``;
  const [edge] = await rows<{ seen: number; last_id: string; last_started: string; ids: string[] }>(
    tx,
    sql`
      WITH w AS MATERIALIZED (
        SELECT id, user_id, started_at FROM investments
         WHERE status = 'active' ${past}
         ORDER BY started_at, id
         LIMIT ${window})
      SELECT (SELECT count(*) FROM w)::int AS seen, l.id AS last_id, l.started_at::text AS last_started,
             ARRAY(SELECT w.id FROM w ${mine}) AS ids
        FROM (SELECT id, started_at FROM w ORDER BY started_at DESC, id DESC LIMIT 1) l`,
  );
  if (!edge) return { rows: [], last: after, more: false };
  const last = { id: edge.last_id, startedAt: edge.last_started };
  const more = Number(edge.seen) === window;
  if (edge.ids.length === 0) return { rows: [], last, more };
  const due = sql`${investments.daysAccrued} < LEAST(${investments.durationDays},
    FLOOR(EXTRACT(EPOCH FROM (${now.toISOString()}::timestamptz - ${investments.startedAt})) / 86400))`;
  const claimed = await tx
    .select()
    .from(investments)
    .where(
      and(
        // One parameter however large the window (a list of parameters has a ceiling), read by the index.
        sql`${investments.id} = ANY(${sql.param(edge.ids)}::text[])`,
        eq(investments.status, 'active'),
        due,
      ),
    )
    .orderBy(asc(investments.startedAt), asc(investments.id))
    .for('update', { skipLocked: true });
  return { rows: claimed, last, more };
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
  // One array per column, each one parameter however large the batch.
  const marked = {
    investment: sql.param(marks.map((m) => m.investmentId)),
    day: sql.param(marks.map((m) => m.day)),
    journal: sql.param(marks.map((m) => journalOf(m.booking))),
  };
  const advanced = {
    id: sql.param(advances.map((a) => a.id)),
    days: sql.param(advances.map((a) => a.daysAccrued)),
    profit: sql.param(advances.map((a) => a.profitCents)),
    status: sql.param(advances.map((a) => a.status)),
    ended: sql.param(advances.map((a) => a.endedAt?.toISOString() ?? null)),
  };
  await tx.execute(sql`
    WITH marked AS (
      INSERT INTO accruals (investment_id, day, journal_id)
        SELECT * FROM unnest(${marked.investment}::text[], ${marked.day}::int[], ${marked.journal}::bigint[])
    )
    UPDATE investments i
       SET days_accrued = a.days, profit_cents = a.profit, status = a.status, ended_at = a.ended
      FROM unnest(${advanced.id}::text[], ${advanced.days}::int[], ${advanced.profit}::bigint[],
          ${advanced.status}::text[], ${advanced.ended}::timestamptz[]) AS a(id, days, profit, status, ended)
     WHERE i.id = a.id`);
}
