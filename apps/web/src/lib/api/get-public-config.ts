import { formatCents, type PublicConfig, publicConfigSchema, REFERRAL_BONUS_CENTS } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { publicConfigQueryKey } from './query-keys';

export const publicConfigQueryOptions = queryOptions({
  queryKey: publicConfigQueryKey,
  queryFn: ({ signal }) => apiRequest('/api/public-config', { schema: publicConfigSchema, signal }),
  // Fresh until an operator saves the settings: the 'config' realtime topic refetches it then.
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig(): PublicConfig | undefined {
  return useQuery(publicConfigQueryOptions).data;
}

/** The operator's referral bonus as pages show it ("$50.00"): the setting once loaded, the default before. */
export function useReferralBonus(): string {
  return formatCents(usePublicConfig()?.referralBonusCents ?? REFERRAL_BONUS_CENTS);
}
