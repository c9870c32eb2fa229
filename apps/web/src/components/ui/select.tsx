import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectProps<T extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  options: readonly SelectOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
  ref?: Ref<HTMLSelectElement>;
}

// Not the inputs' classes as they are: a <select> matches :read-only, which greys those out.
const selectClasses =
  'block h-10 w-full cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white py-0 pr-9 pl-3.5 text-sm ' +
  'text-slate-900 shadow-sm transition-colors focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 ' +
  'focus:outline-indigo-600/30 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ' +
  'dark:focus:border-indigo-400 dark:focus:outline-indigo-400/30';

/**
 * A native <select> in the inputs' look: the platform's own list (keyboard, screen readers and phones
 * all know it). Label it with a <Label htmlFor> or an aria-label.
 */
export function Select<T extends string>({ options, value, onValueChange, className, ...props }: SelectProps<T>) {
  return (
    <div className={cn('relative', className)}>
      <select
        value={value}
        onChange={(event) => onValueChange(event.target.value as T)}
        className={selectClasses}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3 my-auto size-4 text-slate-500 dark:text-slate-400"
      />
    </div>
  );
}
