import { sql } from 'drizzle-orm';
import { publishChanged, type RealtimeTopic } from '../../core/realtime/publish.js';
import type { Db } from '../../db/client.js';
import { bookIn } from '../../ledger/index.js';
import { moneyTransaction } from '../../lib/money-transaction.js';
import { rows } from '../../lib/sql.js';
import { returnCapital } from './capital.js';
import { type InvestmentRow, lockInvestment, updateInvestment } from './investments.queries.js';
import { elapsedDays, profitForDay } from './profit.js';

/**
 * Brings one locked, active investment up to `now`: one journal per elapsed day not yet accrued
 * (profit_expense -> profit), each guarded by the accruals primary key; at maturity the capital
 * goes back to balance and the investment completes.
 */
export async function accrueInvestment(tx: Db, inv: InvestmentRow, now: Date): Promise<InvestmentRow> {
  if (inv.status !== 'active') return inv;
  const due = elapsedDays(inv.startedAt, now, inv.durationDays);
  if (due <= inv.daysAccrued) return inv;
  const matured = due === inv.durationDays;
  // Every booking of this transaction carries the same notification, which PostgreSQL delivers
  // once: the user hears of the whole accrual when it commits.
  const topics: RealtimeTopic[] = matured ? ['wallet', 'investments', 'transactions'] : ['wallet', 'investments'];
  let earned = 0;
  for (let day = inv.daysAccrued + 1; day <= due; day++) {
    const amount = profitForDay(inv.amountCents, inv.profitBps, inv.durationDays, day);
    const journalId =
      amount > 0
        ? (
            await bookIn(tx, {
              kind: 'profit_accrual',
              userId: inv.userId,
              postings: [
                { account: { system: 'profit_expense' }, amountCents: -amount },
                { account: { userId: inv.userId, kind: 'profit' }, amountCents: amount },
              ],
              history: [],
              topics: { userIds: [inv.userId], topics },
            })
          ).journalId
        : null;
    await tx.execute(
      sql`INSERT INTO accruals (investment_id, day, journal_id) VALUES (${inv.id}, ${day}, ${journalId})`,
    );
    earned += amount;
  }
  if (matured) await returnCapital(tx, inv, 'matured', topics);
  // Days that earned nothing still change the investment the user sees.
  else if (earned === 0) await publishChanged(tx, [inv.userId], topics);
  return updateInvestment(tx, inv.id, {
    daysAccrued: due,
    profitCents: inv.profitCents + earned,
    ...(matured ? { status: 'completed' as const, endedAt: now } : {}),
  });
}

/**
 * The accrual job: every active investment with a day due, each in its own transaction.
 * Safe on many nodes at once: a row another node holds is skipped (SKIP LOCKED), and the accruals
 * key makes a day impossible to pay twice. Returns how many investments it advanced.
 */
export async function runAccrual(db: Db, now: Date): Promise<number> {
  const due = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM investments WHERE status = 'active'
        AND days_accrued < LEAST(duration_days, FLOOR(EXTRACT(EPOCH FROM (${now.toISOString()}::timestamptz - started_at)) / 86400))
        ORDER BY started_at LIMIT 10000`,
  );
  let advanced = 0;
  for (const { id } of due) {
    const moved = await moneyTransaction(db, async (tx) => {
      const [locked] = await rows<{ id: string }>(
        tx,
        sql`SELECT id FROM investments WHERE id = ${id} AND status = 'active' FOR UPDATE SKIP LOCKED`,
      );
      if (!locked) return false;
      const inv = await lockInvestment(tx, id);
      if (!inv) return false;
      const after = await accrueInvestment(tx, inv, now);
      return after.daysAccrued !== inv.daysAccrued;
    });
    if (moved) advanced += 1;
    // Let waiting requests in between two investments: PGlite runs one statement at a time, and a
    // long run must not hold every member's page until it ends.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return advanced;
}
