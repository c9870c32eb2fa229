import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/api/get-me';
import { onDemand } from '../../../lib/on-demand';

// The ceremony (and SimpleWebAuthn with it) arrives when the button is pressed, not with the login page.
const loadCeremony = onDemand(() => import('../../../lib/passkey-ceremony'));

/** Signs in with a passkey alone (both factors at once), then loads the user as a password sign-in does. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { signInWithPasskey } = await loadCeremony();
      await signInWithPasskey();
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    },
  });
}
