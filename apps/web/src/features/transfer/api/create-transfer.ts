import { type Transaction, type TransferBody, transactionSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterMoney } from '../../../lib/api/invalidate';
import { apiRequest } from '../../../lib/api-client';

export interface CreateTransferInput {
  body: TransferBody;
  idempotencyKey: string;
}

/** Sends `amountCents` to the recipient; the sender pays it plus the 2% fee. Answers the sender's debit. */
export function createTransfer({ body, idempotencyKey }: CreateTransferInput): Promise<Transaction> {
  return apiRequest('/api/transfers', { method: 'POST', body, schema: transactionSchema, idempotencyKey });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    // Not awaited: the page moves on to /transactions, which refetches as it opens.
    onSuccess: () => void invalidateAfterMoney(queryClient, 'transfer'),
  });
}
