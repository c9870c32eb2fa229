import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function changePassword({ currentPassword, newPassword }: ChangePasswordInput): Promise<unknown> {
  return apiRequest('/api/auth/change-password', {
    method: 'POST',
    body: { currentPassword, newPassword, revokeOtherSessions: false },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
