import { adminUserChangeSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Activates or deactivates an account; deactivating ends the member's sessions and sockets (the server's doing). */
export function setUserActive({ userId, active }: { userId: string; active: boolean }) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/${active ? 'activate' : 'deactivate'}`, {
    method: 'POST',
    body: {},
    schema: adminUserChangeSchema,
  });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    // The member's page, the users list, the overview's counts and the audit log all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
