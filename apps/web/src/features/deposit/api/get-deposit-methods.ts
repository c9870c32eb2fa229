import { type DepositMethod, depositMethodSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { depositMethodsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function getDepositMethods(signal?: AbortSignal): Promise<DepositMethod[]> {
  return apiRequest('/api/deposit-methods', { schema: z.array(depositMethodSchema), ...(signal ? { signal } : {}) });
}

export const depositMethodsQueryOptions = queryOptions({
  queryKey: depositMethodsQueryKey,
  queryFn: ({ signal }) => getDepositMethods(signal),
  staleTime: 60_000,
});

export function useDepositMethods() {
  return useQuery(depositMethodsQueryOptions);
}
