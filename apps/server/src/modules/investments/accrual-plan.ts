import type { BatchBooking, BatchTopics } from '../../ledger/index.js';
import type { RealtimeTopic } from '../../lib/realtime-payloads.js';
import { capitalReturnBooking } from './capital.js';
import type { InvestmentRow } from './investments.queries.js';
import { elapsedDays, profitForDay } from './profit.js';

/** What an accrual changes for its user: the profit and the investment; at maturity the history too. */
export const ACCRUED_TOPICS: readonly RealtimeTopic[] = ['wallet', 'investments'];
export const MATURED_TOPICS: readonly RealtimeTopic[] = ['wallet', 'investments', 'transactions'];

/** One day's profit, profit_expense -> profit, as its own journal. */
export function profitBooking(inv: InvestmentRow, amountCents: number): BatchBooking {
  return {
    kind: 'profit_accrual',
    userId: inv.userId,
    postings: [
      { account: { system: 'profit_expense' }, amountCents: -amountCents },
      { account: { userId: inv.userId, kind: 'profit' }, amountCents },
    ],
    history: [],
  };
}

/** An accruals row: the day, and the booking whose journal paid it (none for a day that earned nothing). */
export interface AccrualMark {
  investmentId: string;
  day: number;
  booking: number | null;
}

export interface InvestmentAdvance {
  id: string;
  daysAccrued: number;
  profitCents: number;
  status: InvestmentRow['status'];
  endedAt: Date | null;
}

/** Everything one batch books and writes, computed before anything is written. */
export interface AccrualPlan {
  bookings: BatchBooking[];
  marks: AccrualMark[];
  advances: InvestmentAdvance[];
  notify: BatchTopics[];
}

/**
 * The accrual of these locked, active investments up to `now`, exactly as accrueInvestment books one
 * (accrual.service.ts; the property test holds them equal): per elapsed day not yet accrued, the
 * exact integer split of profitForDay as one journal (a day that rounds to nothing gets its mark and
 * no journal); at maturity the capital back and the investment completed. Each user is told once,
 * with the wider topics when one of their investments matured.
 */
export function planAccrual(investments: readonly InvestmentRow[], now: Date): AccrualPlan {
  const plan: AccrualPlan = { bookings: [], marks: [], advances: [], notify: [] };
  const accrued = new Set<string>();
  const matured = new Set<string>();
  for (const inv of investments) {
    if (inv.status !== 'active') continue;
    const due = elapsedDays(inv.startedAt, now, inv.durationDays);
    if (due <= inv.daysAccrued) continue;
    let earned = 0;
    for (let day = inv.daysAccrued + 1; day <= due; day++) {
      const amount = profitForDay(inv.amountCents, inv.profitBps, inv.durationDays, day);
      let booking: number | null = null;
      if (amount > 0) booking = plan.bookings.push(profitBooking(inv, amount)) - 1;
      plan.marks.push({ investmentId: inv.id, day, booking });
      earned += amount;
    }
    const completes = due === inv.durationDays;
    if (completes) {
      plan.bookings.push(capitalReturnBooking(inv, 'matured'));
      matured.add(inv.userId);
    } else accrued.add(inv.userId);
    plan.advances.push({
      id: inv.id,
      daysAccrued: due,
      profitCents: inv.profitCents + earned,
      status: completes ? 'completed' : inv.status,
      endedAt: completes ? now : inv.endedAt,
    });
  }
  for (const user of matured) accrued.delete(user);
  if (matured.size > 0) plan.notify.push({ userIds: [...matured], topics: MATURED_TOPICS });
  if (accrued.size > 0) plan.notify.push({ userIds: [...accrued], topics: ACCRUED_TOPICS });
  return plan;
}
