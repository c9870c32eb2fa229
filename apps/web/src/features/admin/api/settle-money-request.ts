import { type MoneyQueue, moneyQueue } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * Approves or rejects (with a reason) a pending request of the queue: a deposit's amount reaches the
 * member's balance or nothing moves; a withdrawal's held amount is paid out or returns to the balance.
 * The answer's `changed` is false when another operator had already settled it the same way.
 */
export function settleMoneyRequest<Q extends MoneyQueue>(queue: Q, id: string, decision: Decision) {
  const path = `/api/admin/${queue}/${encodeURIComponent(id)}/${decision.kind}`;
  return apiRequest(path, {
    method: 'POST',
    schema: moneyQueue(queue).settled,
    ...(decision.kind === 'reject' ? { body: { reason: decision.reason } } : {}),
  });
}

export function useSettleMoneyRequest<Q extends MoneyQueue>(queue: Q) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) => settleMoneyRequest(queue, id, decision),
    // The queue, the overview's pending figures and the member's page all change.
    // Not awaited: the dialog closes first (focus back on the card), then the card leaves the queue.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
