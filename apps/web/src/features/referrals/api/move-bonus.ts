import { type Transaction, transactionSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterMoney } from '../../../lib/api/invalidate';
import { apiRequest } from '../../../lib/api-client';

/** Moves the whole referral bonus (and bonus) to the balance; one success transaction. */
export function moveBonus(idempotencyKey: string): Promise<Transaction> {
  return apiRequest('/api/referrals/redeem', { method: 'POST', body: {}, schema: transactionSchema, idempotencyKey });
}

export function useMoveBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveBonus,
    onSuccess: () => invalidateAfterMoney(queryClient, 'bonus-move'),
  });
}
