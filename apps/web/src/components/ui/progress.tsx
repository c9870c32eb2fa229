import { cn } from '../../lib/cn';

interface ProgressProps {
  /** 0 to max. */
  value: number;
  max: number;
  label: string;
  /** What a screen reader says instead of a bare percentage, e.g. '3 of 7 days'. */
  valueText?: string;
  className?: string;
}

/** A thin progress bar with the progressbar role. */
export function Progress({ value, max, label, valueText, className }: ProgressProps) {
  const ratio = max > 0 ? Math.min(Math.max(value / max, 0), 1) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(Math.max(value, 0), max)}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800', className)}
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-indigo-500 to-emerald-500 transition-[width] duration-500"
        style={{ width: `${ratio * 100}%` }}
      />
    </div>
  );
}
