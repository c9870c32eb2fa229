import { depositSchema, transactionSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invalidateAfterMoney } from '../../../lib/api/invalidate';
import { apiRequest } from '../../../lib/api-client';

export interface CreateDepositInput {
  amountCents: number;
  methodId: string;
  receipt: File;
  idempotencyKey: string;
}

const filedSchema = z.object({ transaction: transactionSchema, deposit: depositSchema });

/** Files a deposit with its receipt (multipart); it stays pending until an operator approves it. */
export function createDeposit({ amountCents, methodId, receipt, idempotencyKey }: CreateDepositInput) {
  const body = new FormData();
  // The fields first, so the server knows what it files before the file streams in.
  body.append('amountCents', String(amountCents));
  body.append('methodId', methodId);
  body.append('receipt', receipt, receipt.name);
  return apiRequest('/api/deposits', { method: 'POST', body, schema: filedSchema, idempotencyKey });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => void invalidateAfterMoney(queryClient, 'deposit'),
  });
}
