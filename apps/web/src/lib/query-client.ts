import { QUERY_CACHE } from '@meridian/shared';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

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
  const client: QueryClient = new QueryClient({
    // A 401 from any call means the session has ended: forget the user so the guard sends them to /login.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== 'me') {
          client.setQueryData(['me'], null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE.gcTimeMs,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
