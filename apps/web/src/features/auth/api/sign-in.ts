import type { LoginInput } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/api/get-me';
import { apiRequest } from '../../../lib/api-client';

export function signIn(body: LoginInput): Promise<unknown> {
  return apiRequest('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: body.email.trim(), password: body.password },
  });
}

/** Signs in, then loads the user so the protected pages open without a second check. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginInput) => {
      await signIn(body);
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    },
  });
}
