import { type InvestmentsPage, investmentsPageSchema } from '@meridian/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { investmentsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Cards per page: a few rows of the grid; 'Load more' brings the next. */
export const COMPLETED_PAGE_SIZE = 12;

/** A page of finished investments (matured or ended early), the last finished first; `planId` narrows them. */
export function getCompletedInvestments(
  planId: string | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<InvestmentsPage> {
  const params = new URLSearchParams({ limit: String(COMPLETED_PAGE_SIZE) });
  if (planId) params.set('planId', planId);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/investments/completed?${params}`, {
    schema: investmentsPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * Under the investments key, so whatever refreshes the investments (a claim, an end, the accrual
 * heard over the socket) refreshes these pages too.
 */
export const completedInvestmentsQueryOptions = (planId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...investmentsQueryKey, 'completed', planId] as const,
    queryFn: ({ pageParam, signal }) => getCompletedInvestments(planId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useCompletedInvestments(planId: string | null, enabled: boolean) {
  return useInfiniteQuery({ ...completedInvestmentsQueryOptions(planId), enabled });
}
