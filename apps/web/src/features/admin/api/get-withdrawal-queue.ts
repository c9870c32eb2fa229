import { adminWithdrawalsPageSchema } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Every page of the withdrawal queue; the 'admin' realtime topic refetches it when a withdrawal is filed or settled. */
export const withdrawalQueueKey = [...adminQueryKey, 'withdrawals'] as const;

/** One page of pending withdrawals, oldest first; `cursor` is the previous page's `nextCursor`. */
export function getWithdrawalQueue(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiRequest(`/api/admin/withdrawals${query}`, {
    schema: adminWithdrawalsPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export const withdrawalQueueQueryOptions = (cursor: string | null) =>
  queryOptions({
    queryKey: [...withdrawalQueueKey, { cursor }],
    queryFn: ({ signal }) => getWithdrawalQueue(cursor, signal),
    // The page stays on screen while the next one loads, rather than a skeleton flashing between pages.
    placeholderData: keepPreviousData,
  });

export function useWithdrawalQueue(cursor: string | null) {
  return useQuery(withdrawalQueueQueryOptions(cursor));
}
