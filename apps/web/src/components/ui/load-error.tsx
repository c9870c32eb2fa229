import { shellMessages } from '@meridian/shared';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from './button';

/** Something could not be loaded: says so, with a Retry, never an empty or zero stand-in. */
export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 dark:border-red-900/60 dark:bg-red-950/40"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-red-800 dark:text-red-300">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        {!retrying && <RefreshCw className="size-4" aria-hidden="true" />}
        {shellMessages.retry}
      </Button>
    </div>
  );
}
