import { adminMailRowSchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mailboxKey } from './get-mailbox';

/** Queues a failed message to be sent again (refused for a redacted one: MAIL_NOT_RESENDABLE). */
export function resendMail(id: number) {
  return apiRequest(`/api/admin/mailbox/${id}/resend`, { method: 'POST', schema: adminMailRowSchema });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKey }),
  });
}
