import { Building2, Coins, Mail } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

/** A way to pay in or out, as a card shows it: its label and one identifying line. */
export interface MethodOption {
  id: string;
  label: string;
  /** The bank's name, the network or the e-mail (spec section 4), or a short description. */
  detail: string;
  kind: 'bank' | 'crypto' | 'paypal';
}

const ICONS = { bank: Building2, crypto: Coins, paypal: Mail } as const;

interface MethodPickerProps {
  options: readonly MethodOption[];
  value: string;
  onChange: (id: string) => void;
  labelledBy: string;
}

/** The methods as cards around native radios: click, or arrow keys within the group. */
export function MethodPicker({ options, value, onChange, labelledBy }: MethodPickerProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-3 sm:grid-cols-2">
      {options.map((option) => {
        const Icon = ICONS[option.kind];
        const checked = option.id === value;
        const id = `${name}-${option.id}`;
        return (
          <label
            key={option.id}
            htmlFor={id}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 transition-colors',
              checked
                ? 'border-indigo-600 bg-indigo-50/70 ring-1 ring-indigo-600 dark:border-indigo-400 dark:bg-indigo-950/40 dark:ring-indigo-400'
                : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700 dark:hover:bg-slate-800/60',
            )}
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span id={`${id}-label`} className="font-medium text-slate-900 dark:text-white">
                {option.label}
              </span>
              <span id={`${id}-detail`} className="truncate text-sm text-slate-600 dark:text-slate-400">
                {option.detail}
              </span>
            </span>
            <input
              id={id}
              type="radio"
              name={name}
              value={option.id}
              checked={checked}
              onChange={() => onChange(option.id)}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-detail`}
              className="size-5 shrink-0 cursor-pointer accent-indigo-600 dark:accent-indigo-400"
            />
          </label>
        );
      })}
    </div>
  );
}
