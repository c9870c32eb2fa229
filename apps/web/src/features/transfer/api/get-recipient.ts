import { recipientSchema } from '@meridian/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The recipient's name and stored e-mail for the confirmation; 404 'Recipient not found', 400 for
 * oneself. Looked up on demand (a mutation, not a cached query) so each submission asks the server afresh.
 */
export function getRecipient(email: string): Promise<{ name: string; email: string }> {
  return apiRequest(`/api/transfers/recipient?email=${encodeURIComponent(email)}`, { schema: recipientSchema });
}

export function useRecipientLookup() {
  return useMutation({ mutationFn: getRecipient });
}
