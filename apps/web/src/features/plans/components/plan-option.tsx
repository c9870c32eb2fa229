import { durationLabel, formatBps, formatCents, type Plan } from '@meridian/shared';
import { CalendarDays, TrendingUp } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

interface PlanOptionProps {
  plan: Plan;
  name: string;
  checked: boolean;
  invested: boolean;
  onSelect: (planId: string) => void;
}

/** One plan as a radio card; its name is the radio's name, the figures its description. */
export function PlanOption({ plan, name, checked, invested, onSelect }: PlanOptionProps) {
  const id = `plan-${plan.id}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        'relative flex cursor-pointer flex-col gap-3 rounded-xl border p-4 transition-colors',
        checked
          ? 'border-indigo-600 bg-indigo-50/70 ring-1 ring-indigo-600 dark:border-indigo-400 dark:bg-indigo-950/40 dark:ring-indigo-400'
          : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700 dark:hover:bg-slate-800/60',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <span id={`${id}-name`} className="text-base font-semibold text-slate-900 dark:text-white">
          {plan.name}
        </span>
        <input
          id={id}
          type="radio"
          name={name}
          value={plan.id}
          checked={checked}
          onChange={() => onSelect(plan.id)}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-details`}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-indigo-600 dark:accent-indigo-400"
        />
      </div>
      <div id={`${id}-details`} className="flex flex-col gap-2">
        {/* What the plan pays, one figure: its profit over its whole duration (not a range). */}
        <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
          {formatBps(plan.profitBps)}{' '}
          <span className="text-sm font-medium text-slate-600 dark:text-slate-400">
            profit in {durationLabel(plan.durationDays).toLowerCase()}
          </span>
        </p>
        <dl className="grid gap-1 text-sm text-slate-600 dark:text-slate-400">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays className="size-4" aria-hidden="true" />
              <span className="sr-only">Duration</span>
            </dt>
            <dd>{durationLabel(plan.durationDays)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <TrendingUp className="size-4" aria-hidden="true" />
              <span className="sr-only">Amount range</span>
            </dt>
            <dd className="tabular-nums">
              {formatCents(plan.minCents)} – {formatCents(plan.maxCents)}
            </dd>
          </div>
        </dl>
        {invested && (
          <Badge tone="success" className="w-fit">
            Invested
          </Badge>
        )}
      </div>
    </label>
  );
}
