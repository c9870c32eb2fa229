import { type Plan, planSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { plansQueryKey } from './query-keys';

/** The investment plans, sorted by minimum amount (the server's order). */
export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest('/api/plans', { schema: z.array(planSchema), ...(signal ? { signal } : {}) });
}

export const plansQueryOptions = queryOptions({
  queryKey: plansQueryKey,
  queryFn: ({ signal }) => getPlans(signal),
  // Plans change only when an operator edits them.
  staleTime: 5 * 60_000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
