import { depositSettlementSchema, withdrawalSettlementSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterMoney } from '../../../lib/api/invalidate';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The pending requests a member may cancel: their history row's id is the request's. */
export type CancellableMode = 'deposit' | 'withdrawal';

const answers = { deposit: depositSettlementSchema, withdrawal: withdrawalSettlementSchema };

export function cancelRequest(mode: CancellableMode, id: string, idempotencyKey: string) {
  const path = `/api/${mode === 'deposit' ? 'deposits' : 'withdrawals'}/${encodeURIComponent(id)}/cancel`;
  return apiRequest<unknown>(path, { method: 'POST', schema: answers[mode], idempotencyKey });
}

/**
 * Cancels a pending deposit or withdrawal of the member's; a withdrawal's held amount returns to the
 * balance. A refusal because an operator has decided meanwhile refetches the history too, so the card
 * shows that decision.
 */
export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, id, idempotencyKey }: { mode: CancellableMode; id: string; idempotencyKey: string }) =>
      cancelRequest(mode, id, idempotencyKey),
    onSuccess: (_answer, { mode }) => invalidateAfterMoney(queryClient, mode === 'deposit' ? 'deposit' : 'withdraw'),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void invalidateAfterMoney(queryClient, 'withdraw');
    },
  });
}
