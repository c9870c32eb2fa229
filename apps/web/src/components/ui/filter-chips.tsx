import { shellMessages } from '@meridian/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export interface ChipOption<T extends string> {
  value: T;
  label: string;
}

interface FilterChipsProps<T extends string> {
  /** Names the group for assistive technology, e.g. 'Filter transactions'. */
  label: string;
  options: readonly ChipOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
  className?: string;
}

type Side = 'start' | 'end';

/** Which ends of a horizontally scrolling row have chips hidden beyond them. */
function useOverflowEdges(options: readonly unknown[]) {
  const rowRef = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Record<Side, boolean>>({ start: false, end: false });

  // biome-ignore lint/correctness/useExhaustiveDependencies: new options change the row's scroll width
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const update = () => {
      // One pixel of slack: fractional widths can leave scrollWidth a hair over clientWidth.
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setHidden((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [options]);

  const scroll = useCallback((side: Side) => {
    const row = rowRef.current;
    if (!row) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const step = row.clientWidth * 0.7 * (side === 'start' ? -1 : 1);
    row.scrollBy({ left: step, behavior: reduce ? 'auto' : 'smooth' });
  }, []);

  return { rowRef, hidden, scroll };
}

/**
 * A row of toggle buttons (aria-pressed) of which exactly one is on. On a narrow screen the row
 * scrolls sideways, and each end with chips hidden beyond it fades out under a chevron, so a chip
 * past the edge ('Platinum' on a phone) is never hidden without a cue.
 */
export function FilterChips<T extends string>({
  label,
  options,
  value,
  onValueChange,
  className,
}: FilterChipsProps<T>) {
  const { rowRef, hidden, scroll } = useOverflowEdges(options);
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="sr-only">{label}</legend>
      <div className="relative">
        <div ref={rowRef} data-testid="chip-row" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
          {options.map((option) => {
            const pressed = option.value === value;
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={pressed}
                onClick={() => onValueChange(option.value)}
                className={cn(
                  'h-9 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
                  pressed
                    ? 'border-indigo-600 bg-indigo-600 text-white shadow-sm'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                {option.label}
              </button>
            );
          })}
        </div>
        {hidden.start && <ScrollCue side="start" onClick={() => scroll('start')} />}
        {hidden.end && <ScrollCue side="end" onClick={() => scroll('end')} />}
      </div>
    </fieldset>
  );
}

/**
 * The fade and chevron over an edge with more chips beyond it. A pointer convenience only: keyboard
 * and screen-reader users reach every chip with Tab, which scrolls it into view, so the cue stays
 * out of the tab order and the accessibility tree.
 */
function ScrollCue({ side, onClick }: { side: Side; onClick: () => void }) {
  const Icon = side === 'start' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      title={side === 'start' ? shellMessages.scrollLeft : shellMessages.scrollRight}
      data-scroll-cue={side}
      onClick={onClick}
      className={cn(
        'absolute top-0 bottom-1 flex w-12 items-center text-slate-600 dark:text-slate-300',
        side === 'start'
          ? '-left-1 justify-start bg-gradient-to-r from-slate-50 via-slate-50/90 to-transparent dark:from-slate-950 dark:via-slate-950/90'
          : '-right-1 justify-end bg-gradient-to-l from-slate-50 via-slate-50/90 to-transparent dark:from-slate-950 dark:via-slate-950/90',
      )}
    >
      <Icon className="size-5" />
    </button>
  );
}
