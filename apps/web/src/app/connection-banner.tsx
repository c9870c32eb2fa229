import { shellMessages } from '@meridian/shared';
import { useSyncExternalStore } from 'react';
import { Spinner } from '../components/ui/spinner';
import { connection } from '../lib/connection';

/**
 * "Can't reach Meridian — retrying", on every page for as long as the server (or the network) does not
 * answer; it goes once an answer comes, and the page carries on by itself (lib/connection.ts). The live
 * region is always in the page, so a screen reader hears the message when it appears.
 */
export function ConnectionBanner() {
  const reachable = useSyncExternalStore(connection.subscribe, connection.reachable);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4">
      {!reachable && (
        <p
          role="status"
          data-testid="connection-banner"
          className="pointer-events-auto flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg dark:bg-white dark:text-slate-900"
        >
          <Spinner className="size-4" />
          {shellMessages.cantReach}
        </p>
      )}
    </div>
  );
}
