import { adminWithdrawalsPageSchema } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { QueuePage } from './get-deposit-queue';

/** Every page of the withdrawal queue; the 'admin' realtime topic refetches it when a withdrawal is filed or settled. */
export const withdrawalQueueKey = [...adminQueryKey, 'withdrawals'] as const;

/** One page of pending withdrawals, oldest first, with their destinations. */
export function getWithdrawalQueue({ cursor, limit }: QueuePage, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return apiRequest(`/api/admin/withdrawals?${query}`, {
    schema: adminWithdrawalsPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export const withdrawalQueueQueryOptions = (page: QueuePage) =>
  queryOptions({
    queryKey: [...withdrawalQueueKey, page],
    queryFn: ({ signal }) => getWithdrawalQueue(page, signal),
    placeholderData: keepPreviousData,
  });

export function useWithdrawalQueue(page: QueuePage) {
  return useQuery(withdrawalQueueQueryOptions(page));
}
