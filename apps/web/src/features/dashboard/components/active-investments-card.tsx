import { formatCents, moneyMessages } from '@meridian/shared';
import { ArrowRight, LineChart } from 'lucide-react';
import { Link } from 'react-router';
import { daysOf, InvestmentStatusBadge, investmentProgress } from '../../../components/investment/investment-status';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { useInvestments } from '../../../lib/api/get-investments';
import { useFailureToast } from '../../../lib/use-failure-toast';

/** How many investments the dashboard lists before 'View all'. */
const SHOWN = 3;

/** Running plans with their profit; 'Claim Profits' when there are some, 'Subscribe Now' when none. */
export function ActiveInvestmentsCard() {
  const { data: investments, isPending, error } = useInvestments();
  useFailureToast(error, moneyMessages.failedToFetchInvestments);
  // Only running plans: ended and completed ones live on /investments, and 'View all' counts what this card lists.
  const active = (investments ?? []).filter((item) => item.status === 'active');
  const shown = active.slice(0, SHOWN);

  return (
    <Card className="flex flex-col">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle>Active Investments</CardTitle>
          {active.length > shown.length && (
            <Link
              to="/investments"
              className="text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
            >
              View all ({active.length})
            </Link>
          )}
        </div>
        <CardDescription>Your running plans and the profit they have earned.</CardDescription>
      </CardHeader>
      {isPending ? (
        <CardContent className="flex flex-col gap-3" aria-busy="true">
          {[0, 1].map((key) => (
            <div key={key} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-2 w-full" />
            </div>
          ))}
        </CardContent>
      ) : active.length === 0 ? (
        <CardContent className="flex flex-1 flex-col items-center justify-center gap-3 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
            <LineChart className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            You have no active investments. Pick a plan to start earning daily profit.
          </p>
          <Link to="/plans" className={buttonClasses('primary', 'md')}>
            Subscribe Now
          </Link>
        </CardContent>
      ) : (
        <CardContent className="flex flex-1 flex-col gap-4">
          <ul className="flex flex-col gap-3" aria-label="Active investments">
            {shown.map((investment) => {
              const progress = investmentProgress(investment);
              return (
                <li
                  key={investment.id}
                  className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex min-w-0 flex-col">
                      <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
                        {investment.planName}
                      </p>
                      <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
                        {formatCents(investment.amountCents)}
                      </p>
                    </div>
                    <div className="flex flex-col items-end gap-1">
                      <InvestmentStatusBadge status={investment.status} />
                      <p className="text-sm font-semibold text-emerald-700 tabular-nums dark:text-emerald-400">
                        +{formatCents(investment.profitCents)}
                      </p>
                    </div>
                  </div>
                  <div className="flex flex-col gap-1.5">
                    <Progress
                      value={progress.daysDone}
                      max={investment.durationDays}
                      label={`${investment.planName} progress to maturity`}
                      valueText={daysOf(progress.daysDone, investment.durationDays)}
                    />
                    <p className="text-xs text-slate-600 dark:text-slate-400">{progress.summary}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <Link to="/investments" className={buttonClasses('primary', 'md', 'mt-auto w-full sm:w-auto sm:self-start')}>
            Claim Profits
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </CardContent>
      )}
    </Card>
  );
}
