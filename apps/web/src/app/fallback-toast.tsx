import { TOAST } from '@meridian/shared';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Spinner } from '../components/ui/spinner';
import { fallbackToasts } from '../lib/toast';

const icons = {
  success: <CircleCheck className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />,
  error: <CircleAlert className="size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />,
  info: <Info className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />,
  loading: <Spinner className="size-5 shrink-0" />,
} as const;

/**
 * A toast that could not appear (the toast library could not be fetched: offline, Meridian out of
 * reach) shows here instead: part of every page, plain, where the toasts show, for as long as a toast
 * would. The live region is always in the page, so a screen reader hears each message as it arrives.
 */
export function FallbackToast() {
  const toast = useSyncExternalStore(fallbackToasts.subscribe, fallbackToasts.current);
  useEffect(() => {
    if (!toast || toast.kind === 'loading') return;
    const timer = setTimeout(() => fallbackToasts.dismiss(toast.id), TOAST.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4">
      {toast && (
        <div
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-fallback-toast={toast.kind}
          className="pointer-events-auto flex w-full max-w-[356px] items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-900 shadow-lg dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
        >
          {icons[toast.kind]}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5 break-words">
            <p className="font-medium">{toast.title}</p>
            {toast.description && <p className="text-slate-600 dark:text-slate-400">{toast.description}</p>}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => fallbackToasts.dismiss(toast.id)}
            className="-m-1 rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:text-white"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
