import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

export const inputClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 transition-colors focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 ' +
  'focus:outline-indigo-600/30 read-only:bg-slate-50 read-only:text-slate-700 disabled:opacity-60 ' +
  'aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ' +
  'dark:placeholder:text-slate-400 dark:focus:border-indigo-400 dark:focus:outline-indigo-400/30 ' +
  'dark:read-only:bg-slate-800/60 dark:read-only:text-slate-300 dark:aria-invalid:border-red-400';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(inputClasses, 'h-11', className)} {...props} />;
}
