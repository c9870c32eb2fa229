import { adminOverviewSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export const adminOverviewKey = [...adminQueryKey, 'overview'] as const;

/** The console's figures: users, pending queues, the books, 30 days of flows and the newest audit entries. */
export function getAdminOverview(signal?: AbortSignal) {
  return apiRequest('/api/admin/overview', { schema: adminOverviewSchema, ...(signal ? { signal } : {}) });
}

export const adminOverviewQueryOptions = queryOptions({
  queryKey: adminOverviewKey,
  queryFn: ({ signal }) => getAdminOverview(signal),
});

/** Also read by the navigation for the queues' badges: the 'admin' realtime topic keeps it fresh. */
export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions);
}
