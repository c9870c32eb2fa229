import { type Wallet, walletSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const emptyWallet: Wallet = {
  balanceCents: 0,
  profitCents: 0,
  bonusCents: 0,
  referralBonusCents: 0,
  totalDepositCents: 0,
  totalWithdrawalCents: 0,
};

export const walletQueryKey = ['wallet'] as const;

export function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return apiRequest('/api/wallet', { schema: walletSchema, ...(signal ? { signal } : {}) });
}

export const walletQueryOptions = queryOptions({
  queryKey: walletQueryKey,
  queryFn: ({ signal }) => getWallet(signal),
});

/** The wallet figures; while loading or when the call fails they read $0.00, quietly. */
export function useWallet(): { wallet: Wallet; isLoading: boolean } {
  const { data, isLoading } = useQuery(walletQueryOptions);
  return { wallet: data ?? emptyWallet, isLoading };
}
