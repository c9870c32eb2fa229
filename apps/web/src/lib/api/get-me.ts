import { type User, userSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when there is no session (401). */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    return await apiRequest('/api/me', { schema: userSchema, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** The user inside the app shell, where the session has already been checked. */
export function useUser(): User {
  const { data } = useMe();
  if (!data) throw new Error('useUser() used outside a signed-in route');
  return data;
}
