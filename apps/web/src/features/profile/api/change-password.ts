import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** The server ends every other session and gives this one a fresh cookie. */
export function changePassword({ currentPassword, newPassword }: ChangePasswordInput): Promise<unknown> {
  return apiRequest('/api/auth/change-password', { method: 'POST', body: { currentPassword, newPassword } });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
