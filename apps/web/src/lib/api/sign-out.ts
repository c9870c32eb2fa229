import { messages } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../api-client';
import { notify } from '../toast';
import { meQueryKey } from './query-keys';

export function signOut(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** Ends the session and forgets every cached answer that belonged to the user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    },
  });
}

/**
 * Logout as both shells offer it (the member app's account menu, the console's top bar): signs out,
 * says 'Logout successful' and goes to /login, or says why it failed.
 */
export function useLogout() {
  const navigate = useNavigate();
  const signOutMutation = useSignOut();
  const logout = async () => {
    try {
      await signOutMutation.mutateAsync();
      // At once, before the page under the guard re-renders without a user: its redirect would
      // remember the page, and the next login would lead back there instead of the dashboard.
      navigate('/login', { replace: true, flushSync: true });
      notify.success(messages.logoutSuccessful);
    } catch (error) {
      notify.failure(error);
    }
  };
  return { logout, isPending: signOutMutation.isPending };
}
