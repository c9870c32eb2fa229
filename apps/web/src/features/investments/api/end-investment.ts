import { type Investment, investmentSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterMoney } from '../../../lib/api/invalidate';
import { investmentsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface EndInvestmentInput {
  investmentId: string;
  idempotencyKey: string;
}

/** Ends an active investment: the principal goes back to the balance, earned profit stays claimable. */
export function endInvestment({ investmentId, idempotencyKey }: EndInvestmentInput): Promise<Investment> {
  return apiRequest(`/api/investments/${encodeURIComponent(investmentId)}/end`, {
    method: 'POST',
    body: {},
    schema: investmentSchema,
    idempotencyKey,
  });
}

export function useEndInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endInvestment,
    onSuccess: (ended) => {
      queryClient.setQueryData<Investment[]>(investmentsQueryKey, (list) =>
        list?.map((item) => (item.id === ended.id ? ended : item)),
      );
      return invalidateAfterMoney(queryClient, 'end');
    },
  });
}
