import { type SignInRecord, signInHistorySchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const signInsQueryKey = ['sign-ins'] as const;

export async function getSignIns(signal?: AbortSignal): Promise<SignInRecord[]> {
  const { signIns } = await apiRequest('/api/sign-ins', { schema: signInHistorySchema, ...(signal ? { signal } : {}) });
  return signIns;
}

export function useSignIns() {
  return useQuery(queryOptions({ queryKey: signInsQueryKey, queryFn: ({ signal }) => getSignIns(signal) }));
}
