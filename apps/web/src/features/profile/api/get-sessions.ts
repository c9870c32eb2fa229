import { type Session, sessionListSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const sessionsQueryKey = ['sessions'] as const;

export async function getSessions(signal?: AbortSignal): Promise<Session[]> {
  const { sessions } = await apiRequest('/api/sessions', { schema: sessionListSchema, ...(signal ? { signal } : {}) });
  return sessions;
}

export const sessionsQueryOptions = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: ({ signal }) => getSessions(signal),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
