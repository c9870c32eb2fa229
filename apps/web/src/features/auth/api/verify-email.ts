import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/api/get-me';
import { apiRequest } from '../../../lib/api-client';

/** Opens the e-mailed link's token: the address is verified and its owner signed in (the cookie). */
export function verifyEmail(token: string): Promise<unknown> {
  return apiRequest(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      await verifyEmail(token);
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    },
  });
}
