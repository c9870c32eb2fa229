import { type TransactionCategory, type TransactionsPage, transactionsPageSchema } from '@meridian/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { transactionsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export type TransactionFilter = 'all' | TransactionCategory;

/** Rows per page: enough to fill a screen, small enough that 'Load more' stays instant. */
export const TRANSACTIONS_PAGE_SIZE = 25;

export function getTransactions(
  filter: TransactionFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionsPage> {
  const params = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
  if (filter !== 'all') params.set('category', filter);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/transactions?${params}`, { schema: transactionsPageSchema, ...(signal ? { signal } : {}) });
}

/** Newest first, one cursor page at a time; only the pages loaded so far are kept and drawn. */
export const transactionsQueryOptions = (filter: TransactionFilter) =>
  infiniteQueryOptions({
    queryKey: [...transactionsQueryKey, filter] as const,
    queryFn: ({ pageParam, signal }) => getTransactions(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useTransactions(filter: TransactionFilter) {
  return useInfiniteQuery(transactionsQueryOptions(filter));
}
