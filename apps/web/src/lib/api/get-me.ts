import { type Me, messages } from '@meridian/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError, apiRequest } from '../api-client';
import { onDemand } from '../on-demand';
import { notify } from '../toast';
import { meQueryKey } from './query-keys';

/** The answer's schema, fetched beside the first request (it brings zod, see user-schema.ts). */
const loadSchema = onDemand(() => import('./user-schema'));

/** The signed-in user, or null when there is no session (401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const schema = () => loadSchema().then((module) => module.meSchema);
    return await apiRequest('/api/me', { schema, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Says 'Session expired' when the session of a signed-in user has ended behind their back (expiry,
 * sign-out elsewhere, a password change on another device), so the trip to /login is not silent.
 * Says nothing when nobody was signed in, and a deliberate logout forgets the user before any
 * request can fail, so neither a logged-out visit nor Logout ever shows it.
 */
export function warnIfSessionExpired(client: QueryClient, message: string = messages.sessionExpired): boolean {
  if (!client.getQueryData<Me | null>(meQueryKey)) return false;
  notify.error(message);
  return true;
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal, client }) => {
    const user = await getMe(signal);
    if (user === null) warnIfSessionExpired(client);
    return user;
  },
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/**
 * The signed-in user as the guard (RequireAuth) last saw them, handed down to the signed-in routes.
 * They read the user from here, not from the query: when Logout (or an ended session) forgets the
 * user, the guard re-renders first and replaces them with the way to /login, so they are left as they
 * were and never drawn without a user (which flashed "Something went wrong" between 'Logging out...'
 * and /login).
 */
export const SignedInUserContext = createContext<Me | null>(null);

/** The user inside the signed-in routes, where the session has already been checked. */
export function useUser(): Me {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useUser() used outside a signed-in route');
  return user;
}
