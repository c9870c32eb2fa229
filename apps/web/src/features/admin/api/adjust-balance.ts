import type { AdminAdjustBody } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/**
 * The contract (schemas/admin.ts) fixes the body but not the answer: any JSON object is taken as
 * done, and the member's page is refetched for the figures rather than read from it.
 */
const adjustedSchema = z.object({}).loose();

export interface AdjustInput extends AdminAdjustBody {
  userId: string;
  idempotencyKey: string;
}

/** Signed cents on the member's balance against the outside world, with a reason, once per key. */
export function adjustBalance({ userId, idempotencyKey, ...body }: AdjustInput) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/adjust`, {
    method: 'POST',
    body,
    schema: adjustedSchema,
    idempotencyKey,
  });
}

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
