import { cn } from '../../lib/cn';
import { Input, type InputProps } from './input';

/** A dollar amount field: a '$' prefix, a decimal keypad on phones, the raw text in the form. */
export function MoneyInput({ className, ...props }: Omit<InputProps, 'type' | 'inputMode'>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-0 flex w-9 items-center justify-center text-sm font-medium text-slate-500 dark:text-slate-400"
      >
        $
      </span>
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        className={cn('pl-8 tabular-nums', className)}
        {...props}
      />
    </div>
  );
}
