import { type MoneyQueue, moneyQueue } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Every page of a queue; the 'admin' realtime topic refetches it when a request is filed or settled. */
export const moneyQueueKey = (queue: MoneyQueue) => [...adminQueryKey, queue] as const;

export interface QueuePage {
  /** The previous page's `nextCursor`; null for the first page. */
  cursor: string | null;
  limit: number;
}

/** One page of the queue's pending requests, oldest first (deposits with their receipt, withdrawals their destination). */
export function getMoneyQueue<Q extends MoneyQueue>(queue: Q, { cursor, limit }: QueuePage, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return apiRequest(`/api/admin/${queue}?${query}`, { schema: moneyQueue(queue).page, ...(signal ? { signal } : {}) });
}

export const moneyQueueQueryOptions = <Q extends MoneyQueue>(queue: Q, page: QueuePage) =>
  queryOptions({
    queryKey: [...moneyQueueKey(queue), page],
    queryFn: ({ signal }) => getMoneyQueue(queue, page, signal),
    // The page stays on screen while the next one loads, rather than a skeleton flashing between pages.
    placeholderData: keepPreviousData,
  });

export function useMoneyQueue<Q extends MoneyQueue>(queue: Q, page: QueuePage) {
  return useQuery(moneyQueueQueryOptions(queue, page));
}
