import { formatCents, shellMessages, type Wallet, walletSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { walletQueryKey } from './query-keys';

export function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return apiRequest('/api/wallet', { schema: walletSchema, ...(signal ? { signal } : {}) });
}

export const walletQueryOptions = queryOptions({
  queryKey: walletQueryKey,
  queryFn: ({ signal }) => getWallet(signal),
});

/** A wallet figure as text: the amount, or 'Unavailable' when the wallet could not be loaded (never $0.00). */
export function walletFigure(cents: number | undefined): string {
  return cents === undefined ? shellMessages.figureUnavailable : formatCents(cents);
}

export interface WalletState {
  /** The figures, or undefined while loading and when they could not be loaded: never zeros in their place. */
  wallet: Wallet | undefined;
  isLoading: boolean;
  /** The figures could not be loaded (after the query's retries) and there are none to show. */
  isError: boolean;
  /** A (re)load is under way, e.g. after Retry. */
  isFetching: boolean;
  retry: () => void;
}

/**
 * The wallet figures. A figure that could not be loaded must never read $0.00 (a user would take
 * it for an empty wallet), so callers show a loading or an error state while `wallet` is undefined.
 */
export function useWallet(): WalletState {
  const { data, isLoading, isError, isFetching, refetch } = useQuery(walletQueryOptions);
  return {
    wallet: data,
    isLoading,
    isError: isError && data === undefined,
    isFetching,
    retry: () => void refetch(),
  };
}
