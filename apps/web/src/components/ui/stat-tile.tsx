import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { FittedFigure } from './fitted-figure';
import { Skeleton } from './skeleton';

interface StatTileProps {
  label: string;
  /** The figure as shown ('$1,234.50', 'Unavailable', '3'). */
  value: string;
  /** While true a skeleton stands in for the figure. */
  loading?: boolean;
  /** Inside a `<dl>`: the label is its term and the figure its definition. */
  term?: boolean;
  /** False for short text that needs no fitting ('5%', '3'): shown as is, in the figure's classes. */
  fitted?: boolean;
  icon?: LucideIcon;
  /** The icon bubble's colours (and size, where it differs). */
  iconClassName?: string;
  /** The figure's font size, in rem, when there is room for it; it shrinks to the tile's width below. */
  maxRem?: number;
  /** With an icon: replaces the row layout of icon and column. Without: added to the column. */
  className?: string;
  /** Replaces the label's default look (small, muted). */
  labelClassName?: string;
  /** The figure's colour and weight. */
  valueClassName?: string;
  /** Replaces the skeleton's default size. */
  skeletonClassName?: string;
  testId?: string;
}

/**
 * A label over one figure, optionally beside an icon: the dashboard's summary tiles, the balance and
 * referral cards, and the figures of the claim, bonus and investment panels. The figure is shown whole
 * at any width (FittedFigure sizes it to the column, the nearest `@container`), never cut short.
 */
export function StatTile({
  label,
  value,
  loading = false,
  term = false,
  fitted = true,
  icon: Icon,
  iconClassName,
  maxRem = 1.5,
  className,
  labelClassName,
  valueClassName,
  skeletonClassName,
  testId,
}: StatTileProps) {
  const figure = loading ? (
    <Skeleton className={skeletonClassName ?? 'mt-1 h-7 w-24'} />
  ) : fitted ? (
    <FittedFigure text={value} maxRem={maxRem} className={term ? undefined : valueClassName} data-testid={testId} />
  ) : (
    value
  );
  const labelClasses = labelClassName ?? 'text-sm text-slate-600 dark:text-slate-400';
  const columnClassName = Icon ? undefined : className;
  const tile = term ? (
    <div className={cn(fitted && '@container', 'flex min-w-0 flex-col gap-0.5', columnClassName)}>
      <dt className={labelClasses}>{label}</dt>
      <dd className={valueClassName}>{figure}</dd>
    </div>
  ) : (
    <div className={cn('@container flex min-w-0 flex-1 flex-col', columnClassName)}>
      <span className={labelClasses}>{label}</span>
      {figure}
    </div>
  );
  if (!Icon) return tile;
  return (
    <div className={className ?? 'flex items-center gap-3'}>
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', iconClassName)}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      {tile}
    </div>
  );
}
