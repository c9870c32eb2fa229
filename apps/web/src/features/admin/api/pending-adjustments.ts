import { adjustmentDecisionSchema, pendingAdjustmentsSchema } from '@meridian/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/use-idempotency-key';

export const pendingAdjustmentsKey = (userId: string) => [...adminQueryKey, 'adjustments', userId] as const;

/** A member's balance adjustments awaiting a second operator's approval (four eyes), oldest first. */
export function usePendingAdjustments(userId: string) {
  return useQuery({
    queryKey: pendingAdjustmentsKey(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/adjustments?userId=${encodeURIComponent(userId)}`, {
        schema: pendingAdjustmentsSchema,
        signal,
      }),
  });
}

export type AdjustmentDecisionInput = { id: string } & ({ kind: 'approve' } | { kind: 'reject'; reason: string });

/** Approves (booked) or rejects one; a money POST, so it carries its own Idempotency-Key. */
export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentDecisionInput) =>
      apiRequest(`/api/admin/adjustments/${encodeURIComponent(input.id)}/${input.kind}`, {
        method: 'POST',
        schema: adjustmentDecisionSchema,
        body: input.kind === 'reject' ? { reason: input.reason } : {},
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
