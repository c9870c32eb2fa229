import { withdrawalSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** `changed` is false when the withdrawal had already been settled the same way (by another operator). */
const settledSchema = z.object({ withdrawal: withdrawalSchema, changed: z.boolean() });

export type WithdrawalDecision =
  | { id: string; decision: 'approve' }
  | { id: string; decision: 'reject'; reason: string };

/** Approves (the held amount is paid out) or rejects (with a reason, the hold returns to the balance) a pending withdrawal. */
export function settleWithdrawal(input: WithdrawalDecision) {
  const path = `/api/admin/withdrawals/${encodeURIComponent(input.id)}/${input.decision}`;
  return apiRequest(path, {
    method: 'POST',
    schema: settledSchema,
    ...(input.decision === 'reject' ? { body: { reason: input.reason } } : {}),
  });
}

export function useSettleWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleWithdrawal,
    // The queue, the overview's pending figures and the member's page all change.
    // Not awaited: the dialog closes first (focus back on the card), then the card leaves the queue.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
