import type { LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, children, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers bind it with htmlFor
    <label className={cn('text-sm font-medium text-slate-800 dark:text-slate-200', className)} {...props}>
      {children}
    </label>
  );
}
