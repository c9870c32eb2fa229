import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';

export const publicConfigSchema = z.object({
  supportEmail: z.string(),
  supportChatUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'] as const,
  queryFn: ({ signal }) => apiRequest('/api/public-config', { schema: publicConfigSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig(): PublicConfig | undefined {
  return useQuery(publicConfigQueryOptions).data;
}
