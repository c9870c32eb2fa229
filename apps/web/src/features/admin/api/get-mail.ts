import { adminMailDetailSchema } from '@meridian/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mailboxKey } from './get-mailbox';

/** One message as it was sent: its HTML and text (secrets redacted once sent), status and attempts. */
export const mailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...mailboxKey, 'message', id],
    queryFn: ({ signal }) => apiRequest(`/api/admin/mailbox/${id}`, { schema: adminMailDetailSchema, signal }),
  });

export function useMail(id: number | null) {
  return useQuery({ ...mailQueryOptions(id ?? 0), enabled: id !== null });
}
