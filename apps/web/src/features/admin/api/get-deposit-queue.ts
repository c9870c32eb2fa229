import { adminDepositsPageSchema } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Every page of the deposit queue; the 'admin' realtime topic refetches it when a deposit is filed or settled. */
export const depositQueueKey = [...adminQueryKey, 'deposits'] as const;

export interface QueuePage {
  /** The previous page's `nextCursor`; null for the first page. */
  cursor: string | null;
  limit: number;
}

/** One page of pending deposits, oldest first; `cursor` is the previous page's `nextCursor`. */
export function getDepositQueue({ cursor, limit }: QueuePage, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return apiRequest(`/api/admin/deposits?${query}`, { schema: adminDepositsPageSchema, ...(signal ? { signal } : {}) });
}

export const depositQueueQueryOptions = (page: QueuePage) =>
  queryOptions({
    queryKey: [...depositQueueKey, page],
    queryFn: ({ signal }) => getDepositQueue(page, signal),
    // The page stays on screen while the next one loads, rather than a skeleton flashing between pages.
    placeholderData: keepPreviousData,
  });

export function useDepositQueue(page: QueuePage) {
  return useQuery(depositQueueQueryOptions(page));
}
