import { shellMessages } from '@meridian/shared';
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { connection } from '../../lib/connection';
import type { OnDemand } from '../../lib/on-demand';
import { LoadError } from './load-error';
import { Spinner } from './spinner';

/**
 * A page whose code is fetched when it is first shown (the console's sections, each a chunk of its
 * own, each an `onDemand` made once at module level). Unlike React.lazy, which keeps a failed fetch for
 * good, a page that could not be fetched says so with a Retry, and tries again by itself when Meridian
 * can be reached again. Give each page its own `key`, so one page's state is never another's.
 */
export function LazyPage({ code }: { code: OnDemand<ComponentType> }) {
  const [Page, setPage] = useState<ComponentType | null>(() => code.loaded() ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reachable = useSyncExternalStore(connection.subscribe, connection.reachable);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry; `reachable` coming back retries too
  useEffect(() => {
    if (Page || !reachable) return;
    let live = true;
    setFailed(false);
    code().then(
      (component) => live && setPage(() => component),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code, Page, reachable, attempt]);

  if (Page) return <Page />;
  if (failed || !reachable) {
    return (
      <LoadError message={shellMessages.pageUnavailable} onRetry={() => setAttempt((n) => n + 1)} retrying={false} />
    );
  }
  return (
    <div className="flex justify-center py-24 text-slate-500 dark:text-slate-400">
      <Spinner className="size-6" />
    </div>
  );
}
