import type { RegisterInput } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/api/get-me';
import { apiRequest } from '../../../lib/api-client';

export function signUp(input: RegisterInput): Promise<unknown> {
  const referrerId = input.referrerId?.trim();
  return apiRequest('/api/auth/sign-up/email', {
    method: 'POST',
    body: {
      name: input.name.trim(),
      email: input.email.trim(),
      phone: input.phone.trim(),
      country: input.country,
      password: input.password,
      ...(referrerId ? { referrerId } : {}),
    },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      await signUp(input);
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    },
  });
}
