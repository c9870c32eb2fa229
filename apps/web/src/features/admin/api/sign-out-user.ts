import { adminUserChangeSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Ends every session of an account, on every device (the server closes their sockets too). */
export function signOutUser(userId: string) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/sign-out`, {
    method: 'POST',
    body: {},
    schema: adminUserChangeSchema,
  });
}

export function useSignOutUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutUser,
    // The member's page (its sessions count) and the audit log change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
