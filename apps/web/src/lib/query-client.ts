import { QUERY_CACHE } from '@meridian/shared';
import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { warnIfSessionExpired } from './api/get-me';
import { meQueryKey } from './api/query-keys';
import { ApiError } from './api-client';
import { connection } from './connection';

/** A 4xx answer will not change on retry; everything else (network, 5xx) gets up to 3 more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_CACHE.retries;
}

/** Exponential backoff: 1 s, 2 s, 4 s ... capped at 30 s (spec section 9). */
export function retryDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, QUERY_CACHE.maxRetryDelayMs);
}

export function createQueryClient(): QueryClient {
  // Queries wait while Meridian cannot be reached, instead of failing into an error (or a trip to
  // /login), and those on screen refetch as soon as it answers again (connection.ts).
  onlineManager.setEventListener((setOnline) => connection.subscribe(() => setOnline(connection.reachable())));
  // A 401 from any call means the session has ended: say so, and forget the user so the guard sends
  // them to /login. (The me query answers null for a 401 and warns by itself, see get-me.ts.)
  const onUnauthorized = (error: unknown) => {
    // A wrong password is a 401 too, but it says nothing about the session.
    if (!(error instanceof ApiError) || error.status !== 401 || error.code === 'INVALID_CREDENTIALS') return;
    // An operator's console session that ended for idleness says so, with the minutes the setting gives.
    const why = error.code === 'CONSOLE_SESSION_EXPIRED' ? error.message : undefined;
    if (warnIfSessionExpired(client, why)) client.setQueryData(meQueryKey, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== meQueryKey[0]) onUnauthorized(error);
      },
    }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE.gcTimeMs,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: true,
      },
      // An action is tried at once, offline or not, and fails with a word; never held and sent later.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}
