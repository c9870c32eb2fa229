import { type PublicConfig, publicConfigSchema } from '@meridian/shared';
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
