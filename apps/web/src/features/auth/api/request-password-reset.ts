import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email: email.trim(), redirectTo: '/reset-password' },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
