import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** A fresh verification link to the signed-in member's address (the not-active page's resend button). */
export function sendVerificationEmail(): Promise<unknown> {
  return apiRequest('/api/auth/send-verification-email', { method: 'POST', body: {} });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
