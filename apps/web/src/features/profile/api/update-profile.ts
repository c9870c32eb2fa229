import { type ProfileBody, userSchema } from '@meridian/shared';
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
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
