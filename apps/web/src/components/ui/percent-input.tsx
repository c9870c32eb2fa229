import { cn } from '../../lib/cn';
import { Input, type InputProps } from './input';

/** A percentage field: a '%' suffix, a decimal keypad on phones, the raw text in the form ('2.5'). */
export function PercentInput({ className, ...props }: Omit<InputProps, 'type' | 'inputMode'>) {
  return (
    <div className="relative">
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        className={cn('pr-9 tabular-nums', className)}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-0 flex w-9 items-center justify-center text-sm font-medium text-slate-500 dark:text-slate-400"
      >
        %
      </span>
    </div>
  );
}
