import { adminDepositsPageSchema } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Every page of the deposit queue; the 'admin' realtime topic refetches it when a deposit is filed or settled. */
export const depositQueueKey = [...adminQueryKey, 'deposits'] as const;

/** One page of pending deposits, oldest first; `cursor` is the previous page's `nextCursor`. */
export function getDepositQueue(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiRequest(`/api/admin/deposits${query}`, { schema: adminDepositsPageSchema, ...(signal ? { signal } : {}) });
}

export const depositQueueQueryOptions = (cursor: string | null) =>
  queryOptions({
    queryKey: [...depositQueueKey, { cursor }],
    queryFn: ({ signal }) => getDepositQueue(cursor, signal),
    // The page stays on screen while the next one loads, rather than a skeleton flashing between pages.
    placeholderData: keepPreviousData,
  });

export function useDepositQueue(cursor: string | null) {
  return useQuery(depositQueueQueryOptions(cursor));
}
