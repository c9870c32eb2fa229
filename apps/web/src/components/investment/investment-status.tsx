import type { Investment } from '@meridian/shared';
import { Badge, type BadgeTone } from '../ui/badge';

const statusTone: Record<Investment['status'], BadgeTone> = {
  active: 'info',
  completed: 'success',
  ended: 'neutral',
};

const statusLabel: Record<Investment['status'], string> = {
  active: 'Active',
  completed: 'Completed',
  ended: 'Ended',
};

export function InvestmentStatusBadge({ status }: { status: Investment['status'] }) {
  return <Badge tone={statusTone[status]}>{statusLabel[status]}</Badge>;
}

export interface InvestmentProgress {
  /** Days of the term that have earned profit (the server's count, so a moved clock shows at once). */
  daysDone: number;
  daysLeft: number;
  /** e.g. '3 days left', 'Matures today', 'Matured', 'Ended early'. */
  summary: string;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function investmentProgress(investment: Investment): InvestmentProgress {
  const total = investment.durationDays;
  const daysDone = investment.status === 'completed' ? total : Math.min(investment.daysAccrued, total);
  const daysLeft = Math.max(total - daysDone, 0);
  const summary =
    investment.status === 'completed'
      ? 'Matured'
      : investment.status === 'ended'
        ? 'Ended early'
        : daysLeft === 0
          ? 'Matures today'
          : `${days(daysLeft)} left`;
  return { daysDone, daysLeft, summary };
}

export const daysOf = (done: number, total: number) => `${done} of ${days(total)}`;
