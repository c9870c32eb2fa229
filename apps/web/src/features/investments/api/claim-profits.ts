import { type Transaction, transactionSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterMoney } from '../../../lib/api/invalidate';
import { apiRequest } from '../../../lib/api-client';

/** Moves all profit to the balance; one success transaction. */
export function claimProfits(idempotencyKey: string): Promise<Transaction> {
  return apiRequest('/api/investments/claim', { method: 'POST', body: {}, schema: transactionSchema, idempotencyKey });
}

export function useClaimProfits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimProfits,
    onSuccess: () => invalidateAfterMoney(queryClient, 'claim'),
  });
}
