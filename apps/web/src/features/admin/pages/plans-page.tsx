import { type AdminPlan, adminMessages, durationLabel, formatBps, formatCents } from '@meridian/shared';
import { BarChart3, Pencil, Plus, Power, PowerOff, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import { useAdminPlans } from '../api/get-admin-plans';
import { useDeletePlan, useSetPlanActive } from '../api/plan-changes';
import { AdminPage } from '../components/admin-page';
import { PlanFormDialog } from '../components/plans/plan-form-dialog';
import { useCan } from '../lib/permissions';

const { plans: text } = adminMessages;

type Dialog = { kind: 'edit'; plan: AdminPlan | null } | { kind: 'deactivate' | 'delete'; plan: AdminPlan };

/** /admin/plans: every plan with its terms and investments; create, edit, activate, deactivate, delete an unused one. */
export function PlansPage() {
  const plans = useAdminPlans();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const setActive = useSetPlanActive();
  const remove = useDeletePlan();
  const mayManage = useCan('catalogue.manage');
  const close = () => setDialog(null);
  const closeOnRefusal = (error: unknown) => error instanceof ApiError && error.status < 500 && close();

  const toggle = useSubmit({
    run: setActive.mutateAsync,
    success: (plan) => (plan.active ? text.activated : text.deactivated),
    onSuccess: close,
    onError: closeOnRefusal,
  });
  const destroy = useSubmit({
    run: remove.mutateAsync,
    success: text.deleted,
    onSuccess: close,
    onError: closeOnRefusal,
  });

  const allColumns: Column<AdminPlan>[] = [
    { key: 'name', header: text.columns.name, rowHeader: true, cell: (plan) => plan.name, className: 'font-medium' },
    {
      key: 'range',
      header: text.columns.range,
      numeric: true,
      cell: (plan) => `${formatCents(plan.minCents)} – ${formatCents(plan.maxCents)}`,
    },
    { key: 'profit', header: text.columns.profit, numeric: true, cell: (plan) => formatBps(plan.profitBps) },
    { key: 'duration', header: text.columns.duration, numeric: true, cell: (plan) => durationLabel(plan.durationDays) },
    {
      key: 'roi',
      header: text.columns.roi,
      numeric: true,
      cell: (plan) => `${formatBps(plan.minRoiBps)} – ${formatBps(plan.maxRoiBps)}`,
    },
    {
      key: 'status',
      header: text.columns.status,
      cell: (plan) =>
        plan.active ? (
          <StatusBadge status="active" label={text.active} />
        ) : (
          <StatusBadge status="inactive" label={text.inactive} />
        ),
    },
    {
      key: 'investments',
      header: text.columns.investments,
      numeric: true,
      cell: (plan) => text.investmentsCount(plan.activeInvestments, plan.totalInvestments),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{text.columns.actions}</span>,
      cell: (plan) => (
        // relative: the screen-reader names inside stay in the table's scroll area instead of widening the page.
        <fieldset aria-label={text.actionsFor(plan.name)} className="relative flex justify-end gap-1.5">
          <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'edit', plan })}>
            <Pencil className="size-4" aria-hidden="true" />
            {text.edit}
            <span className="sr-only"> {plan.name}</span>
          </Button>
          {plan.active ? (
            <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'deactivate', plan })}>
              <PowerOff className="size-4" aria-hidden="true" />
              {text.deactivate}
              <span className="sr-only"> {plan.name}</span>
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              loading={setActive.isPending && setActive.variables?.id === plan.id}
              onClick={() => void toggle({ id: plan.id, active: true })}
            >
              <Power className="size-4" aria-hidden="true" />
              {text.activate}
              <span className="sr-only"> {plan.name}</span>
            </Button>
          )}
          {/* Only a plan nobody ever invested in may go; the server refuses the others all the same. */}
          {plan.totalInvestments === 0 && (
            <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'delete', plan })}>
              <Trash2 className="size-4" aria-hidden="true" />
              {text.delete}
              <span className="sr-only"> {plan.name}</span>
            </Button>
          )}
        </fieldset>
      ),
    },
  ];
  // A role that may only read the plans gets no actions column.
  const columns = mayManage ? allColumns : allColumns.filter((column) => column.key !== 'actions');

  return (
    <AdminPage
      title={text.title}
      description={text.description}
      actions={
        mayManage && (
          <Button ref={createRef} onClick={() => setDialog({ kind: 'edit', plan: null })}>
            <Plus className="size-4" aria-hidden="true" />
            {text.create}
          </Button>
        )
      }
    >
      {plans.isError && !plans.data ? (
        <LoadError message={text.loadFailed} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : plans.data?.length === 0 ? (
        <EmptyState icon={BarChart3} title={text.empty} description={text.emptyHint} />
      ) : (
        <DataTable
          caption={text.title}
          columns={columns}
          rows={plans.data}
          rowKey={(plan) => plan.id}
          empty={text.empty}
          busy={plans.isFetching && !plans.isPending}
        />
      )}
      <PlanFormDialog
        plan={dialog?.kind === 'edit' ? dialog.plan : null}
        isOpen={dialog?.kind === 'edit'}
        onClose={close}
      />
      <ConfirmModal
        isOpen={dialog?.kind === 'deactivate'}
        title={dialog ? text.deactivateTitle(dialog.plan?.name ?? '') : ''}
        description={text.deactivateBody}
        confirmLabel={text.deactivate}
        busy={setActive.isPending}
        onConfirm={() => dialog?.plan && void toggle({ id: dialog.plan.id, active: false })}
        onCancel={close}
      />
      <ConfirmModal
        isOpen={dialog?.kind === 'delete'}
        title={dialog ? text.deleteTitle(dialog.plan?.name ?? '') : ''}
        description={text.deleteBody}
        confirmLabel={text.delete}
        variant="danger"
        busy={remove.isPending}
        onConfirm={() => dialog?.plan && void destroy(dialog.plan.id)}
        onCancel={close}
        returnFocusRef={createRef}
      />
    </AdminPage>
  );
}
