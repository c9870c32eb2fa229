import { type PayoutDetails, payoutDetailsSchema } from '@meridian/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { payoutDetailsQueryKey } from './query-keys';

export const payoutDetailsQueryOptions = queryOptions({
  queryKey: payoutDetailsQueryKey,
  queryFn: ({ signal }) => apiRequest('/api/payout-details', { schema: payoutDetailsSchema, signal }),
});

/** The member's saved payout details (profile, Withdrawal Information): withdrawals prefill from them. */
export function usePayoutDetails() {
  return useQuery(payoutDetailsQueryOptions);
}

export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetails) =>
      apiRequest('/api/payout-details', { method: 'PUT', body, schema: z.object({ message: z.string() }) }),
    onSuccess: (_answer, body) => queryClient.setQueryData(payoutDetailsQueryKey, body),
  });
}
