import { type AdminMailQuery, adminMailPageSchema, type MailStatus } from '@meridian/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export const mailboxKey = [...adminQueryKey, 'mailbox'] as const;

export interface MailboxFilters {
  status: MailStatus | null;
  /** Part of the recipient's address; '' for everyone. */
  to: string;
  cursor: string | null;
  limit: number;
}

function mailboxSearch({ status, to, cursor, limit }: MailboxFilters): string {
  const query: Record<string, string> = { limit: String(limit) };
  if (status) query.status = status;
  if (to.trim() !== '') query.to = to.trim();
  if (cursor) query.cursor = cursor;
  return `?${new URLSearchParams(query satisfies Partial<Record<keyof AdminMailQuery, string>>)}`;
}

/** The e-mail outbox, newest first, filtered by status and recipient. */
export function getMailbox(filters: MailboxFilters, signal?: AbortSignal) {
  return apiRequest(`/api/admin/mailbox${mailboxSearch(filters)}`, {
    schema: adminMailPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export const mailboxQueryOptions = (filters: MailboxFilters) =>
  queryOptions({
    queryKey: [...mailboxKey, 'list', filters],
    queryFn: ({ signal }) => getMailbox(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useMailbox(filters: MailboxFilters) {
  return useQuery(mailboxQueryOptions(filters));
}
