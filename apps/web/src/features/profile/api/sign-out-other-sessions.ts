import { revokeOthersResultSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

export function signOutOtherSessions() {
  return apiRequest('/api/sessions/revoke-others', { method: 'POST', schema: revokeOthersResultSchema });
}

/** 'Sign out everywhere else': every session but this one ends. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
