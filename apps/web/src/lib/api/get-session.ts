import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { meQueryOptions } from './get-me';

export const signedInQueryKey = ['signed-in'] as const;

/**
 * Whether the browser holds a live session. Better Auth's get-session answers 200 with `null` for a
 * visitor, so a public page can ask without the failed request (and console noise) that /api/me's
 * 401 would leave for every logged-out visit.
 */
export async function getSignedIn(signal?: AbortSignal): Promise<boolean> {
  const session = await apiRequest('/api/auth/get-session', signal ? { signal } : {});
  return typeof session === 'object' && session !== null;
}

export const signedInQueryOptions = queryOptions({
  queryKey: signedInQueryKey,
  queryFn: ({ signal }) => getSignedIn(signal),
  // A check this recent stands (the router starts it while the page's code downloads, see router.tsx);
  // signing in or out answers it at once through the me query below.
  staleTime: 10_000,
  // A public page must not stall or nag when the check fails: it shows the visitor's links.
  retry: false,
});

/**
 * For the public pages ('Go to Dashboard' instead of 'Log in / Register'): true or false, or
 * undefined while unknown. A user the app already knows (or knows to be signed out) costs no request.
 */
export function useSignedIn(): boolean | undefined {
  // Reads the me cache without fetching: /api/me would 401 for a visitor.
  const { data: me } = useQuery({ ...meQueryOptions, enabled: false });
  const known = me !== undefined;
  const { data: signedIn, isError } = useQuery({ ...signedInQueryOptions, enabled: !known });
  if (known) return me !== null;
  return isError ? false : signedIn;
}
