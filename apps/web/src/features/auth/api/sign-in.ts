import type { LoginInput } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/api/get-me';
import { verifyRecoveryCode, verifyTotp } from '../../../lib/api/two-factor';
import { apiRequest } from '../../../lib/api-client';

export function signIn(body: LoginInput): Promise<unknown> {
  return apiRequest('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: body.email.trim(), password: body.password },
  });
}

/**
 * Signs in, then loads the user so the protected pages open without a second check. An account with a
 * second factor has no session yet: the answer says so (`secondStep`) and the page asks for the code.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginInput): Promise<{ secondStep: boolean }> => {
      const answer = await signIn(body);
      if (typeof answer === 'object' && answer !== null && 'twoFactorRedirect' in answer) return { secondStep: true };
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      return { secondStep: false };
    },
  });
}

/** The sign-in's second step: an authenticator code or a recovery code; then the user is loaded. */
export function useSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { code: string; trustDevice: boolean; recovery: boolean }) => {
      const { code, trustDevice } = body;
      await (body.recovery ? verifyRecoveryCode({ code, trustDevice }) : verifyTotp({ code, trustDevice }));
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    },
  });
}
