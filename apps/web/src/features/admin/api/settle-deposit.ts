import { depositSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** `changed` is false when the deposit had already been settled the same way (by another operator). */
const settledSchema = z.object({ deposit: depositSchema, changed: z.boolean() });

export type DepositDecision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

/** Approves (the amount reaches the member's balance) or rejects (with a reason, nothing moves) a pending deposit. */
export function settleDeposit(input: DepositDecision) {
  const path = `/api/admin/deposits/${encodeURIComponent(input.id)}/${input.decision}`;
  return apiRequest(path, {
    method: 'POST',
    schema: settledSchema,
    ...(input.decision === 'reject' ? { body: { reason: input.reason } } : {}),
  });
}

export function useSettleDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleDeposit,
    // The queue, the overview's pending figures and the member's page all change.
    // Not awaited: the dialog closes first (focus back on the card), then the card leaves the queue.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
