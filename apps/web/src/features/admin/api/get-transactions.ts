import {
  type AdminTransactionsQuery,
  adminTransactionsPageSchema,
  type TRANSACTION_STATUSES,
  type TRANSACTION_TYPES,
  type TransactionCategory,
} from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { searchOf } from './search';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const adminTransactionsKey = [...adminQueryKey, 'transactions'] as const;

/** 'all' (or '') leaves a filter out. */
export interface TransactionsFilters {
  category: TransactionCategory | 'all';
  type: TransactionType | 'all';
  status: TransactionStatus | 'all';
  /** One member's rows only; '' for everyone's. */
  userId: string;
}

export function transactionsFilterParams(
  f: TransactionsFilters,
): Partial<Record<keyof AdminTransactionsQuery, string>> {
  const pick = (value: string) => (value === 'all' ? '' : value);
  return { category: pick(f.category), type: pick(f.type), status: pick(f.status), userId: f.userId };
}

/** Every member's history, newest first. */
export function getAdminTransactions(
  filters: TransactionsFilters,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
) {
  const search = searchOf({ ...transactionsFilterParams(filters), cursor: cursor ?? '', limit: String(limit) });
  return apiRequest(`/api/admin/transactions${search}`, {
    schema: adminTransactionsPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export const adminTransactionsQueryOptions = (filters: TransactionsFilters, cursor: string | null, limit: number) =>
  queryOptions({
    queryKey: [...adminTransactionsKey, { ...filters, cursor, limit }],
    queryFn: ({ signal }) => getAdminTransactions(filters, cursor, limit, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminTransactions(filters: TransactionsFilters, cursor: string | null, limit: number) {
  return useQuery(adminTransactionsQueryOptions(filters, cursor, limit));
}
