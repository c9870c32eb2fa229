import { type Investment, investmentSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { investmentsQueryKey } from '../../../lib/api/get-investments';
import { walletQueryKey } from '../../../lib/api/get-wallet';
import { transactionsQueryKey } from '../../../lib/api/query-keys';
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
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryKey }),
        queryClient.invalidateQueries({ queryKey: investmentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
      ]);
    },
  });
}
