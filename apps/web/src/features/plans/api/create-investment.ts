import { type CreateInvestmentBody, type Investment, investmentSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterMoney } from '../../../lib/api/invalidate';
import { investmentsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface CreateInvestmentInput {
  body: CreateInvestmentBody;
  idempotencyKey: string;
}

export function createInvestment({ body, idempotencyKey }: CreateInvestmentInput): Promise<Investment> {
  return apiRequest('/api/investments', { method: 'POST', body, schema: investmentSchema, idempotencyKey });
}

/** Invests; the new card shows on /investments at once, and the balance and history refetch. */
export function useCreateInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvestment,
    onSuccess: (investment) => {
      queryClient.setQueryData<Investment[]>(investmentsQueryKey, (list) =>
        list ? [investment, ...list.filter((item) => item.id !== investment.id)] : list,
      );
      void invalidateAfterMoney(queryClient, 'invest');
    },
  });
}
