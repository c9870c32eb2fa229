import { transactionSchema, type WithdrawalRequest, type WithdrawalWithOtp, withdrawalSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invalidateAfterMoney } from '../../../lib/api/invalidate';
import { apiRequest } from '../../../lib/api-client';

/** Asks the server to e-mail a one-time code for this withdrawal. */
export function useRequestCode() {
  return useMutation({
    mutationFn: (body: WithdrawalRequest) =>
      apiRequest('/api/withdrawals/otp', { method: 'POST', body, schema: z.object({ expiresAt: z.string() }) }),
  });
}

/** Checks the code without using it (the step before the caution dialog). */
export function useVerifyCode() {
  return useMutation({
    mutationFn: (body: WithdrawalWithOtp) =>
      apiRequest('/api/withdrawals/otp/verify', { method: 'POST', body, schema: z.object({ ok: z.literal(true) }) }),
  });
}

const filedSchema = z.object({ transaction: transactionSchema, withdrawal: withdrawalSchema });

/** Files the withdrawal with its code: the amount is held until an operator pays it out. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: WithdrawalWithOtp; idempotencyKey: string }) =>
      apiRequest('/api/withdrawals', { method: 'POST', body, schema: filedSchema, idempotencyKey }),
    onSuccess: () => void invalidateAfterMoney(queryClient, 'withdraw'),
  });
}
