import { formatBps, formatCents, type Investment } from '@meridian/shared';
import { CalendarClock, CircleStop } from 'lucide-react';
import { memo } from 'react';
import { daysOf, InvestmentStatusBadge, investmentProgress } from '../../../components/investment/investment-status';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { StatTile } from '../../../components/ui/stat-tile';
import { formatDate } from '../../../lib/format-date';

const labelClassName = 'text-xs text-slate-600 dark:text-slate-400';
const textValueClassName = 'text-sm font-medium text-slate-900 tabular-nums dark:text-white';

interface InvestmentCardProps {
  investment: Investment;
  onEnd: (investment: Investment) => void;
}

/** When it matures, or when it did (completed) or was stopped (ended): never "Matures" in the past. */
function timelineLabel(investment: Investment): string {
  if (investment.status === 'ended') return `Ended ${formatDate(investment.endedAt ?? investment.maturesAt)}`;
  // Completed on its maturity date (the accrual run that paid it may come later in the day).
  if (investment.status === 'completed') return `Matured ${formatDate(investment.maturesAt)}`;
  return `Matures ${formatDate(investment.maturesAt)}`;
}

/** One investment: amount, profit so far, progress to maturity, days left, status; End on active ones. */
export const InvestmentCard = memo(function InvestmentCard({ investment, onEnd }: InvestmentCardProps) {
  const progress = investmentProgress(investment);
  const titleId = `investment-${investment.id}`;
  return (
    <Card className="flex h-full flex-col">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col gap-5 p-5">
        <header className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col">
            <h2 id={titleId} className="truncate text-base font-semibold text-slate-900 dark:text-white">
              {investment.planName}
            </h2>
            <p className="text-xs text-slate-600 dark:text-slate-400">Started {formatDate(investment.startedAt)}</p>
          </div>
          <InvestmentStatusBadge status={investment.status} />
        </header>

        <dl className="grid grid-cols-2 gap-4">
          {/* Each figure sizes itself to its column, so $999,999,999.99 fits on a phone. */}
          <StatTile
            term
            label="Amount"
            value={formatCents(investment.amountCents)}
            maxRem={1.125}
            labelClassName={labelClassName}
            valueClassName="font-semibold text-slate-900 dark:text-white"
          />
          <StatTile
            term
            label="Profit so far"
            value={`+${formatCents(investment.profitCents)}`}
            maxRem={1.125}
            labelClassName={labelClassName}
            valueClassName="font-semibold text-emerald-700 dark:text-emerald-400"
          />
          <StatTile
            term
            fitted={false}
            label="Return"
            value={formatBps(investment.profitBps)}
            labelClassName={labelClassName}
            valueClassName={textValueClassName}
          />
          <StatTile
            term
            fitted={false}
            label="Days left"
            value={investment.status === 'active' ? String(progress.daysLeft) : '—'}
            labelClassName={labelClassName}
            valueClassName={textValueClassName}
          />
        </dl>

        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between text-xs text-slate-600 dark:text-slate-400">
            <span>{daysOf(progress.daysDone, investment.durationDays)}</span>
            <span>{progress.summary}</span>
          </div>
          <Progress
            value={progress.daysDone}
            max={investment.durationDays}
            label={`${investment.planName} progress to maturity`}
            valueText={daysOf(progress.daysDone, investment.durationDays)}
          />
          <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            {timelineLabel(investment)}
          </p>
        </div>

        {investment.status === 'active' && (
          <Button variant="secondary" size="sm" onClick={() => onEnd(investment)} className="mt-auto self-start">
            <CircleStop className="size-3.5" aria-hidden="true" />
            End Investment
          </Button>
        )}
      </article>
    </Card>
  );
});
