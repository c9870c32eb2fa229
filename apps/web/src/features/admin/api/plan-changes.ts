import { adminPlanSchema, type PlanBody } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminQueryKey, plansQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

const planPath = (id: string) => `/api/admin/plans/${encodeURIComponent(id)}`;

/** Creates a plan (no id) or edits one; editing never changes investments already made. */
export function savePlan({ id, body }: { id: string | null; body: PlanBody }) {
  return id === null
    ? apiRequest('/api/admin/plans', { method: 'POST', body, schema: adminPlanSchema })
    : apiRequest(planPath(id), { method: 'PUT', body, schema: adminPlanSchema });
}

/** Offers the plan to members again, or withdraws it from offer (its investments run on). */
export function setPlanActive({ id, active }: { id: string; active: boolean }) {
  return apiRequest(`${planPath(id)}/${active ? 'activate' : 'deactivate'}`, {
    method: 'POST',
    schema: adminPlanSchema,
  });
}

/** Deletes a plan nobody ever invested in; the server refuses one with investments (PLAN_IN_USE). */
export function deletePlan(id: string) {
  return apiRequest(planPath(id), { method: 'DELETE', schema: z.null() });
}

/** After any change: the console's plans, and this browser's own catalogue (the plans page). */
function useRefreshPlans() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      queryClient.invalidateQueries({ queryKey: plansQueryKey }),
    ]);
}

export function useSavePlan() {
  const refresh = useRefreshPlans();
  return useMutation({ mutationFn: savePlan, onSuccess: refresh });
}

export function useSetPlanActive() {
  const refresh = useRefreshPlans();
  return useMutation({ mutationFn: setPlanActive, onSettled: refresh });
}

export function useDeletePlan() {
  const refresh = useRefreshPlans();
  return useMutation({ mutationFn: deletePlan, onSettled: refresh });
}
