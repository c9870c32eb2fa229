import { adminUserChangeSchema, type Role } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Makes a member an admin or takes it back; the server refuses the last admin and one's own role. */
export function setUserRole({ userId, role }: { userId: string; role: Role }) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/role`, {
    method: 'POST',
    body: { role },
    schema: adminUserChangeSchema,
  });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
