import { adminDepositMethodSchema, type DepositMethodBody } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKey, depositMethodsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { adminDepositMethodsKey } from './get-admin-deposit-methods';

const methodPath = (id: string) => `/api/admin/deposit-methods/${encodeURIComponent(id)}`;

/** Creates a deposit method (no id) or edits one. */
export function saveDepositMethod({ id, body }: { id: string | null; body: DepositMethodBody }) {
  return id === null
    ? apiRequest('/api/admin/deposit-methods', { method: 'POST', body, schema: adminDepositMethodSchema })
    : apiRequest(methodPath(id), { method: 'PUT', body, schema: adminDepositMethodSchema });
}

/** Offers the method to members, or hides it from the deposit page. */
export function setDepositMethodActive({ id, active }: { id: string; active: boolean }) {
  return apiRequest(`${methodPath(id)}/${active ? 'activate' : 'deactivate'}`, {
    method: 'POST',
    schema: adminDepositMethodSchema,
  });
}

/** The new order: every method's id, first shown first. Answers the methods in that order. */
export function saveDepositMethodOrder(ids: string[]) {
  return apiRequest('/api/admin/deposit-methods/order', {
    method: 'PUT',
    body: { ids },
    schema: z.array(adminDepositMethodSchema),
  });
}

/** After any change: the console's methods, and this browser's own deposit page's list. */
function useRefreshMethods() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      queryClient.invalidateQueries({ queryKey: depositMethodsQueryKey }),
    ]);
}

export function useSaveDepositMethod() {
  const refresh = useRefreshMethods();
  return useMutation({ mutationFn: saveDepositMethod, onSuccess: refresh });
}

export function useSetDepositMethodActive() {
  const refresh = useRefreshMethods();
  return useMutation({ mutationFn: setDepositMethodActive, onSettled: refresh });
}

export function useSaveDepositMethodOrder() {
  const queryClient = useQueryClient();
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: saveDepositMethodOrder,
    // The answer is the saved order: shown at once, then everything refetched.
    onSuccess: (methods) => {
      queryClient.setQueryData(adminDepositMethodsKey, methods);
      return refresh();
    },
    onError: () => void refresh(),
  });
}
