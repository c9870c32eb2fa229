import type { Me, ProfileBody } from '@meridian/shared';
import { userSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function updateProfile(body: ProfileBody) {
  return apiRequest('/api/profile', { method: 'PATCH', body, schema: userSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The profile answer is the user without /me's activation details, which a profile edit cannot change.
    onSuccess: (user) => queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, ...user } : me)),
  });
}
