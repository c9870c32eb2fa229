import { type AdminPlan, adminMessages, planFormSchema, planFormValues } from '@meridian/shared';
import { Info } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { MoneyInput } from '../../../../components/ui/money-input';
import { PercentInput } from '../../../../components/ui/percent-input';
import { useSubmit } from '../../../../lib/use-submit';
import { useSavePlan } from '../../api/plan-changes';

const { fields, hints } = adminMessages.plans;

interface PlanFormDialogProps {
  /** The plan to edit, or null for a new one. */
  plan: AdminPlan | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Create or edit a plan in a dialog: dollars, percent and days, read exactly by the shared schema. */
export function PlanFormDialog({ plan, isOpen, onClose }: PlanFormDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={plan ? adminMessages.plans.editTitle(plan.name) : adminMessages.plans.createTitle}
    >
      {/* Mounted per opening and per plan, so it always starts from the plan as stored. */}
      {isOpen && <PlanForm key={plan?.id ?? 'new'} plan={plan} onDone={onClose} />}
    </Modal>
  );
}

function PlanForm({ plan, onDone }: { plan: AdminPlan | null; onDone: () => void }) {
  const save = useSavePlan();
  const form = useZodForm(planFormSchema, { defaultValues: planFormValues(plan ?? undefined) });
  const submit = useSubmit({
    run: (body: Parameters<typeof save.mutateAsync>[0]['body']) => save.mutateAsync({ id: plan?.id ?? null, body }),
    success: plan ? adminMessages.plans.saved : adminMessages.plans.created,
    form,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      {plan && (
        <p className="flex gap-2 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900 sm:col-span-2 dark:bg-indigo-950/50 dark:text-indigo-200">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {adminMessages.plans.editNotice}
        </p>
      )}
      <FormField name="name" label={fields.name} className="sm:col-span-2">
        {(field) => <Input autoComplete="off" {...field} />}
      </FormField>
      <FormField name="minCents" label={fields.minCents}>
        {(field) => <MoneyInput {...field} />}
      </FormField>
      <FormField name="maxCents" label={fields.maxCents}>
        {(field) => <MoneyInput {...field} />}
      </FormField>
      <FormField name="profitBps" label={fields.profitBps} hint={hints.profitBps}>
        {(field) => <PercentInput {...field} />}
      </FormField>
      <FormField name="durationDays" label={fields.durationDays}>
        {(field) => <Input inputMode="numeric" autoComplete="off" className="tabular-nums" {...field} />}
      </FormField>
      <FormField name="minRoiBps" label={fields.minRoiBps} hint={hints.roi}>
        {(field) => <PercentInput {...field} />}
      </FormField>
      <FormField name="maxRoiBps" label={fields.maxRoiBps}>
        {(field) => <PercentInput {...field} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? adminMessages.plans.saving : adminMessages.plans.save}
        </Button>
      </div>
    </Form>
  );
}
