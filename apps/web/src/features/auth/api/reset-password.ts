import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

export function resetPassword(body: ResetPasswordInput): Promise<unknown> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
