import { cn } from '../../lib/cn';

/** The Meridian mark and word. */
export function Logo({ className, withWord = true }: { className?: string; withWord?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="9" className="fill-indigo-600" />
        <path
          d="M8 22V10l8 8 8-8v12"
          fill="none"
          stroke="white"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {withWord && <span className="text-lg text-slate-900 dark:text-white">Meridian</span>}
    </span>
  );
}
