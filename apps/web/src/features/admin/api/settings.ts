import { type Settings, type SettingsBody, settingsSchema } from '@meridian/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, publicConfigQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export const adminSettingsKey = [...adminQueryKey, 'settings'] as const;

export const adminSettingsQueryOptions = queryOptions({
  queryKey: adminSettingsKey,
  queryFn: ({ signal }): Promise<Settings> => apiRequest('/api/admin/settings', { schema: settingsSchema, signal }),
});

/** The platform's settings as stored (GET /api/admin/settings). */
export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions);
}

/** Saves every setting at once; every node reads the new values when the save commits. */
export function saveSettings(body: SettingsBody): Promise<Settings> {
  return apiRequest('/api/admin/settings', { method: 'PUT', body, schema: settingsSchema });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsKey, saved);
      // This browser's own fee, bonus and minimums (the 'config' topic tells every other one).
      return queryClient.invalidateQueries({ queryKey: publicConfigQueryKey });
    },
  });
}
