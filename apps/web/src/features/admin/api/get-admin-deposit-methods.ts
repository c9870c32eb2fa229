import { type AdminDepositMethod, adminDepositMethodSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export const adminDepositMethodsKey = [...adminQueryKey, 'deposit-methods'] as const;

/** Every deposit method, active or not, in the order members see them. */
export function getAdminDepositMethods(signal?: AbortSignal): Promise<AdminDepositMethod[]> {
  return apiRequest('/api/admin/deposit-methods', {
    schema: z.array(adminDepositMethodSchema),
    ...(signal ? { signal } : {}),
  });
}

export const adminDepositMethodsQueryOptions = queryOptions({
  queryKey: adminDepositMethodsKey,
  queryFn: ({ signal }) => getAdminDepositMethods(signal),
});

export function useAdminDepositMethods() {
  return useQuery(adminDepositMethodsQueryOptions);
}
