import { type Passkey, passkeyListSchema } from '@meridian/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createPasskey } from '../../../lib/passkey-ceremony';

export const passkeysQueryKey = ['passkeys'] as const;

export const passkeysQueryOptions = queryOptions({
  queryKey: passkeysQueryKey,
  queryFn: ({ signal }): Promise<Passkey[]> =>
    apiRequest('/api/auth/passkey/list-user-passkeys', { schema: passkeyListSchema, signal }),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/** Runs the browser's ceremony and stores the passkey under its name; the list refreshes either way. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name }: { name: string }) => createPasskey(name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('/api/auth/passkey/delete-passkey', { method: 'POST', body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; name: string }) =>
      apiRequest('/api/auth/passkey/update-passkey', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
