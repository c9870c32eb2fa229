import type { RegisterInput } from '@meridian/shared';
import { useMutation } from '@tanstack/react-query';
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

/** Signs no one in (the answer is the same for a taken address): the e-mailed link does. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
