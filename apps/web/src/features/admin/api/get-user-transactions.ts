import { type TransactionCategory, transactionsPageSchema } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminUserKey } from './get-user';
import { searchOf } from './search';

/** One member's history, newest first, by category. */
export function getUserTransactions(
  userId: string,
  category: TransactionCategory | 'all',
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
) {
  const search = searchOf({ category: category === 'all' ? '' : category, cursor: cursor ?? '', limit: String(limit) });
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/transactions${search}`, {
    schema: transactionsPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export const userTransactionsQueryOptions = (
  userId: string,
  category: TransactionCategory | 'all',
  cursor: string | null,
  limit: number,
) =>
  queryOptions({
    queryKey: [...adminUserKey(userId), 'transactions', { category, cursor, limit }],
    queryFn: ({ signal }) => getUserTransactions(userId, category, cursor, limit, signal),
    placeholderData: keepPreviousData,
  });

export function useUserTransactions(
  userId: string,
  category: TransactionCategory | 'all',
  cursor: string | null,
  limit: number,
) {
  return useQuery(userTransactionsQueryOptions(userId, category, cursor, limit));
}
