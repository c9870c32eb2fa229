import { type AdminPlan, adminPlanSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export const adminPlansKey = [...adminQueryKey, 'plans'] as const;

/** Every plan, active or not, with its active and total investment counts. */
export function getAdminPlans(signal?: AbortSignal): Promise<AdminPlan[]> {
  return apiRequest('/api/admin/plans', { schema: z.array(adminPlanSchema), ...(signal ? { signal } : {}) });
}

export const adminPlansQueryOptions = queryOptions({
  queryKey: adminPlansKey,
  queryFn: ({ signal }) => getAdminPlans(signal),
});

export function useAdminPlans() {
  return useQuery(adminPlansQueryOptions);
}
