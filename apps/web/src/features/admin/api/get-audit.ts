import { type AuditAction, type AuditQuery, auditPageSchema } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { searchOf } from './search';

export const adminAuditKey = [...adminQueryKey, 'audit'] as const;

export interface AuditFilters {
  /** Part of the actor ('admin:ops@', 'cli'); '' for anyone. */
  actor: string;
  action: AuditAction | 'all';
  /** The target member's id or e-mail; '' for any. */
  target: string;
}

export function getAudit(filters: AuditFilters, cursor: string | null, limit: number, signal?: AbortSignal) {
  const query: Partial<Record<keyof AuditQuery, string>> = {
    actor: filters.actor.trim(),
    action: filters.action === 'all' ? '' : filters.action,
    target: filters.target.trim(),
    cursor: cursor ?? '',
    limit: String(limit),
  };
  return apiRequest(`/api/admin/audit${searchOf(query)}`, { schema: auditPageSchema, ...(signal ? { signal } : {}) });
}

export const auditQueryOptions = (filters: AuditFilters, cursor: string | null, limit: number) =>
  queryOptions({
    queryKey: [...adminAuditKey, { ...filters, cursor, limit }],
    queryFn: ({ signal }) => getAudit(filters, cursor, limit, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(filters: AuditFilters, cursor: string | null, limit: number) {
  return useQuery(auditQueryOptions(filters, cursor, limit));
}
