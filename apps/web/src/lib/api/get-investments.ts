import { type Investment, investmentSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { investmentsQueryKey } from './query-keys';

/** Active investments, plus finished ones whose profit is not claimed yet; newest first. */
export function getInvestments(signal?: AbortSignal): Promise<Investment[]> {
  return apiRequest('/api/investments', { schema: z.array(investmentSchema), ...(signal ? { signal } : {}) });
}

export const investmentsQueryOptions = queryOptions({
  queryKey: investmentsQueryKey,
  queryFn: ({ signal }) => getInvestments(signal),
});

export function useInvestments() {
  return useQuery(investmentsQueryOptions);
}
