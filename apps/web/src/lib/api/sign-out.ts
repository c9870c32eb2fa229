import { messages } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../api-client';
import { notify } from '../toast';
import { meQueryKey } from './query-keys';

export function signOut(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}

/**
 * Logout as both shells offer it (the member app's account menu, the console's top bar): signs out,
 * leaves the signed-in routes, says 'Logout successful' on /login, or says why it failed.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOutMutation = useMutation({ mutationFn: signOut });
  const logout = async () => {
    try {
      await signOutMutation.mutateAsync();
    } catch (error) {
      notify.failure(error);
      return;
    }
    // Forgetting the user makes the guard leave the signed-in routes as they are (they read the user
    // it hands down, see get-me.ts). Going to /login at once, so the guard's own redirect does not
    // remember the page: the next login starts from the dashboard.
    queryClient.setQueryData(meQueryKey, null);
    await navigate('/login', { replace: true });
    // Only now, with no signed-in page left to ask for them again (signed out: a 401 each), are the
    // user's other answers forgotten.
    await queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    notify.success(messages.logoutSuccessful);
  };
  return { logout, isPending: signOutMutation.isPending };
}
