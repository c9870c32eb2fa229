import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

export function signOutSession(id: string): Promise<unknown> {
  return apiRequest(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Ends one of the user's other sessions; the list refreshes whether or not it was still there. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
