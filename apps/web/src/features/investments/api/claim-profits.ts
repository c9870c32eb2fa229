import { type Transaction, transactionSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { investmentsQueryKey } from '../../../lib/api/get-investments';
import { walletQueryKey } from '../../../lib/api/get-wallet';
import { transactionsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Moves all profit to the balance; one success transaction. */
export function claimProfits(idempotencyKey: string): Promise<Transaction> {
  return apiRequest('/api/investments/claim', { method: 'POST', body: {}, schema: transactionSchema, idempotencyKey });
}

export function useClaimProfits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimProfits,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryKey }),
        queryClient.invalidateQueries({ queryKey: investmentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]),
  });
}
