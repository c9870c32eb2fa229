import { type Referee, refereeSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { referralsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** The users who registered with the current user's referral ID, newest first. */
export function getReferrals(signal?: AbortSignal): Promise<Referee[]> {
  return apiRequest('/api/referrals', { schema: z.array(refereeSchema), ...(signal ? { signal } : {}) });
}

export const referralsQueryOptions = queryOptions({
  queryKey: referralsQueryKey,
  queryFn: ({ signal }) => getReferrals(signal),
});

export function useReferrals() {
  return useQuery(referralsQueryOptions);
}
