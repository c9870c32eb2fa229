import { type PublicConfig, publicConfigSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'] as const,
  queryFn: ({ signal }) => apiRequest('/api/public-config', { schema: publicConfigSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig(): PublicConfig | undefined {
  return useQuery(publicConfigQueryOptions).data;
}
