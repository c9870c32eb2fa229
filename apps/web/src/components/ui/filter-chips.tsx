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

/** A row of toggle buttons (aria-pressed) of which exactly one is on; scrolls sideways on phones. */
export function FilterChips<T extends string>({
  label,
  options,
  value,
  onValueChange,
  className,
}: FilterChipsProps<T>) {
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="sr-only">{label}</legend>
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
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
    </fieldset>
  );
}
