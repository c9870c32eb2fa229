import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountsFor, post } from '../../ledger/index.js';
import { moneyTransaction } from '../../lib/money-transaction.js';
import { rows } from '../../lib/sql.js';
import { publishChanged } from '../../core/realtime/publish.js';
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
  const { user, system } = await accountsFor(tx, inv.userId);
  let earned = 0;
  for (let day = inv.daysAccrued + 1; day <= due; day++) {
    const amount = profitForDay(inv.amountCents, inv.profitBps, inv.durationDays, day);
    const journalId =
      amount > 0
        ? await post(tx, {
            kind: 'profit_accrual',
            userId: inv.userId,
            postings: [
              { account: system.profit_expense, amountCents: -amount },
              { account: user.profit, amountCents: amount },
            ],
          })
        : null;
    await tx.execute(
      sql`INSERT INTO accruals (investment_id, day, journal_id) VALUES (${inv.id}, ${day}, ${journalId})`,
    );
    earned += amount;
  }
  const matured = due === inv.durationDays;
  if (matured) await returnCapital(tx, user, inv, 'matured');
  await publishChanged(
    tx,
    [inv.userId],
    matured ? ['wallet', 'investments', 'transactions'] : ['wallet', 'investments'],
  );
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
  }
  return advanced;
}
