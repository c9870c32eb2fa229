import { type Transaction, transactionSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryKey } from '../../../lib/api/get-wallet';
import { transactionsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Moves the whole referral bonus (and bonus) to the balance; one success transaction. */
export function moveBonus(idempotencyKey: string): Promise<Transaction> {
  return apiRequest('/api/referrals/redeem', { method: 'POST', body: {}, schema: transactionSchema, idempotencyKey });
}

export function useMoveBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveBonus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]),
  });
}
