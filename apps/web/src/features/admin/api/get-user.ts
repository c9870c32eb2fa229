import { adminUserDetailSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKey } from './get-users';

export const adminUserKey = (userId: string) => [...adminUsersKey, 'detail', userId] as const;

/** One member as the console sees them: profile, wallet figures, investments, referees, receipts. */
export function getAdminUser(userId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}`, {
    schema: adminUserDetailSchema,
    ...(signal ? { signal } : {}),
  });
}

export const adminUserQueryOptions = (userId: string) =>
  queryOptions({ queryKey: adminUserKey(userId), queryFn: ({ signal }) => getAdminUser(userId, signal) });

export function useAdminUser(userId: string) {
  return useQuery(adminUserQueryOptions(userId));
}
