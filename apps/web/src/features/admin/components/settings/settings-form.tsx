import {
  adminMessages,
  messages,
  type Settings,
  type SettingsForm as SettingsFormValues,
  settingsChanges,
  settingsFormSchema,
  settingsFormValues,
} from '@meridian/shared';
import { type ReactNode, useEffect, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Form, FormField, useZodForm } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { MoneyInput } from '../../../../components/ui/money-input';
import { PercentInput } from '../../../../components/ui/percent-input';
import { notify } from '../../../../lib/toast';
import { useSubmit } from '../../../../lib/use-submit';
import { useSaveSettings } from '../../api/settings';
import { useCan } from '../../lib/permissions';

const { labels, hints } = adminMessages.settings;

/**
 * Every setting in one form, in human units (percent, dollars, hours) read exactly into basis points
 * and cents by the shared schema, with the list of what a save would change beside it.
 */
export function SettingsForm({ saved }: { saved: Settings }) {
  const save = useSaveSettings();
  const mayManage = useCan('settings.manage');
  const form = useZodForm(settingsFormSchema, { defaultValues: settingsFormValues(saved) });
  const { reset, control, formState } = form;
  const values = useWatch({ control }) as SettingsFormValues;
  const changes = settingsChanges(saved, { ...settingsFormValues(saved), ...values });

  // Another operator's save (heard over the 'admin' topic) refreshes the form, unless this one is being edited.
  useEffect(() => {
    if (!formState.isDirty) reset(settingsFormValues(saved));
  }, [saved, reset, formState.isDirty]);

  const submit = useSubmit({
    run: save.mutateAsync,
    success: adminMessages.settings.saved,
    form,
    onSuccess: (result) => reset(settingsFormValues(result)),
  });

  return (
    <Form
      form={form}
      onSubmit={(body) => (changes.length === 0 ? notify.info(messages.noChangesMade) : submit(body))}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      {/* A role that may only read the settings sees them disabled, without a save. */}
      <fieldset disabled={!mayManage} className="flex min-w-0 flex-col gap-6">
        <Section title={adminMessages.settings.sections.money}>
          <FormField name="transferFeeBps" label={labels.transferFeeBps} hint={hints.transferFeeBps}>
            {(field) => <PercentInput {...field} />}
          </FormField>
          <FormField name="securityDepositBps" label={labels.securityDepositBps} hint={hints.securityDepositBps}>
            {(field) => <PercentInput {...field} />}
          </FormField>
          <FormField name="referralBonusCents" label={labels.referralBonusCents} hint={hints.referralBonusCents}>
            {(field) => <MoneyInput {...field} />}
          </FormField>
          <FormField name="minDepositCents" label={labels.minDepositCents} hint={hints.minDepositCents}>
            {(field) => <MoneyInput {...field} />}
          </FormField>
          <FormField name="minWithdrawalCents" label={labels.minWithdrawalCents} hint={hints.minWithdrawalCents}>
            {(field) => <MoneyInput {...field} />}
          </FormField>
        </Section>
        <Section title={adminMessages.settings.sections.contact}>
          <FormField name="supportEmail" label={labels.supportEmail} hint={hints.supportEmail}>
            {(field) => <Input type="email" autoComplete="off" {...field} />}
          </FormField>
          <FormField name="operatorEmail" label={labels.operatorEmail} hint={hints.operatorEmail}>
            {(field) => <Input type="email" autoComplete="off" {...field} />}
          </FormField>
          <FormField
            name="supportChatUrl"
            label={labels.supportChatUrl}
            hint={hints.supportChatUrl}
            className="sm:col-span-2"
          >
            {(field) => <Input type="url" autoComplete="off" spellCheck={false} {...field} />}
          </FormField>
        </Section>
        <Section title={adminMessages.settings.sections.accounts}>
          <AutoActivation />
          <FormField name="consoleIdleMinutes" label={labels.consoleIdleMinutes} hint={hints.consoleIdleMinutes}>
            {(field) => <Input inputMode="numeric" autoComplete="off" className="tabular-nums" {...field} />}
          </FormField>
          <FormField
            name="fourEyesThresholdCents"
            label={labels.fourEyesThresholdCents}
            hint={hints.fourEyesThresholdCents}
          >
            {(field) => <MoneyInput {...field} />}
          </FormField>
        </Section>
      </fieldset>
      {mayManage ? (
        <Card className="flex flex-col gap-4 p-5 lg:sticky lg:top-6">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">
            {adminMessages.settings.changesTitle}
          </h2>
          <div aria-live="polite">
            {changes.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{adminMessages.settings.noChanges}</p>
            ) : (
              <dl className="flex flex-col gap-3">
                {changes.map((change) => (
                  <div key={change.key} className="flex flex-col gap-0.5">
                    <dt className="text-sm font-medium text-slate-900 dark:text-white">{change.label}</dt>
                    <dd className="text-sm break-words text-slate-600 dark:text-slate-400">
                      <span className="line-through decoration-slate-400">{change.from}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only"> becomes </span>
                      <span className="font-medium text-slate-900 dark:text-white">{change.to}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? adminMessages.settings.saving : adminMessages.settings.save}
            </Button>
            {changes.length > 0 && (
              <Button variant="ghost" onClick={() => reset(settingsFormValues(saved))} disabled={save.isPending}>
                {adminMessages.settings.discard}
              </Button>
            )}
          </div>
        </Card>
      ) : (
        <Card className="p-5 lg:sticky lg:top-6">
          <p className="text-sm text-slate-600 dark:text-slate-400">{adminMessages.settings.readOnly}</p>
        </Card>
      )}
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/** Off, or after a number of hours; the hours are asked for only when it is on. */
function AutoActivation() {
  const { register, control } = useFormContext<SettingsFormValues>();
  const mode = useWatch({ control, name: 'autoActivate' });
  const id = useId();
  const radio =
    'size-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
  return (
    <>
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          {labels.autoActivateAfterHours}
        </legend>
        <label htmlFor={`${id}-off`} className="flex items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
          <input id={`${id}-off`} type="radio" value="off" className={radio} {...register('autoActivate')} />
          {adminMessages.settings.autoActivateOff}
        </label>
        <label htmlFor={`${id}-after`} className="flex items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
          <input id={`${id}-after`} type="radio" value="after" className={radio} {...register('autoActivate')} />
          {adminMessages.settings.autoActivateAfter}
        </label>
      </fieldset>
      {mode === 'after' && (
        <FormField
          name="autoActivateAfterHours"
          label={adminMessages.settings.autoActivateHours}
          hint={hints.autoActivateAfterHours}
        >
          {(field) => <Input inputMode="numeric" autoComplete="off" className="tabular-nums" {...field} />}
        </FormField>
      )}
    </>
  );
}
