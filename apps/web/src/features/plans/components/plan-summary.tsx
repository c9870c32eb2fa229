import { durationLabel, formatBps, formatCents, type Plan, planProfitCents } from '@meridian/shared';
import { DescriptionList, DescriptionRow } from '../../../components/ui/description-list';
import { Skeleton } from '../../../components/ui/skeleton';

interface PlanSummaryProps {
  plan: Plan | undefined;
  amountCents: number | null;
}

/** The chosen plan's figures and, once an amount is typed, the profit it would earn. */
export function PlanSummary({ plan, amountCents }: PlanSummaryProps) {
  if (!plan) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        Select a plan to see its details.
      </p>
    );
  }
  // Display only: the shared rule the server's daily accrual adds up to, so a plan held to maturity pays this.
  const profitCents = amountCents === null ? null : planProfitCents(amountCents, plan.profitBps);
  return (
    <div className="flex flex-col gap-3">
      <DescriptionList>
        <DescriptionRow term="Plan">{plan.name}</DescriptionRow>
        <DescriptionRow term="Duration">{durationLabel(plan.durationDays)}</DescriptionRow>
        <DescriptionRow term="Profit">
          {formatBps(plan.profitBps)} over {durationLabel(plan.durationDays).toLowerCase()}
        </DescriptionRow>
        <DescriptionRow term="Minimum">{formatCents(plan.minCents)}</DescriptionRow>
        <DescriptionRow term="Maximum">{formatCents(plan.maxCents)}</DescriptionRow>
        <DescriptionRow term="Amount">{amountCents === null ? '—' : formatCents(amountCents)}</DescriptionRow>
        <DescriptionRow term="Profit at maturity">
          {profitCents === null ? (
            '—'
          ) : (
            <span className="text-emerald-700 dark:text-emerald-400" data-testid="plan-profit">
              +{formatCents(profitCents)}
            </span>
          )}
        </DescriptionRow>
        <DescriptionRow term="Back at maturity">
          {profitCents === null || amountCents === null ? (
            '—'
          ) : (
            <span data-testid="plan-total">{formatCents(amountCents + profitCents)}</span>
          )}
        </DescriptionRow>
      </DescriptionList>
      {profitCents !== null && amountCents !== null && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="plan-pays">
          This investment pays {formatCents(profitCents)} of profit over{' '}
          {durationLabel(plan.durationDays).toLowerCase()}, added day by day, and your {formatCents(amountCents)} comes
          back to your balance at maturity.
        </p>
      )}
    </div>
  );
}

export function PlanSummarySkeleton() {
  return (
    <div className="flex flex-col gap-3">
      {[0, 1, 2, 3, 4].map((key) => (
        <div key={key} className="flex justify-between">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-24" />
        </div>
      ))}
    </div>
  );
}
