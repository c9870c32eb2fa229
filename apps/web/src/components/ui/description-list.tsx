import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Rows of a term on the left and its value on the right, divided by rules (a summary of figures). */
export function DescriptionList({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cn('flex flex-col divide-y divide-slate-200 dark:divide-slate-800', className)}>{children}</dl>;
}

interface DescriptionRowProps {
  term: ReactNode;
  children: ReactNode;
  /** The bottom line (a total): both sides in bold. */
  emphasis?: boolean;
}

/** One row of a `DescriptionList`: the value right-aligned in tabular figures, wrapping rather than overflowing. */
export function DescriptionRow({ term, children, emphasis = false }: DescriptionRowProps) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt
        className={cn(
          'text-sm',
          emphasis ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-400',
        )}
      >
        {term}
      </dt>
      <dd
        className={cn(
          'text-right text-sm break-words text-slate-900 tabular-nums dark:text-white',
          emphasis ? 'font-semibold' : 'font-medium',
        )}
      >
        {children}
      </dd>
    </div>
  );
}
