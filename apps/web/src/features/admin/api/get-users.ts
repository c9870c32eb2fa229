import { type AdminUserFilter, type AdminUsersQuery, adminUsersPageSchema } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { searchOf } from './search';

export const adminUsersKey = [...adminQueryKey, 'users'] as const;

export interface UsersFilters {
  /** Part of a name, an e-mail or a referral code; '' for everyone. */
  q: string;
  status: AdminUserFilter;
}

/** The query string of the list and of its CSV export (the same filters, without the page). */
export function usersFilterParams({ q, status }: UsersFilters): Partial<Record<keyof AdminUsersQuery, string>> {
  return { q: q.trim(), status: status === 'all' ? '' : status };
}

export function getUsers(filters: UsersFilters, cursor: string | null, limit: number, signal?: AbortSignal) {
  const search = searchOf({ ...usersFilterParams(filters), cursor: cursor ?? '', limit: String(limit) });
  return apiRequest(`/api/admin/users${search}`, { schema: adminUsersPageSchema, ...(signal ? { signal } : {}) });
}

export const usersQueryOptions = (filters: UsersFilters, cursor: string | null, limit: number) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', { ...filters, cursor, limit }],
    queryFn: ({ signal }) => getUsers(filters, cursor, limit, signal),
    // The page stays on screen while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(filters: UsersFilters, cursor: string | null, limit: number) {
  return useQuery(usersQueryOptions(filters, cursor, limit));
}
