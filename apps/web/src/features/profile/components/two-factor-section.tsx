import {
  type DisableTwoFactorBody,
  disableTwoFactorBodySchema,
  twoFactorMessages,
  twoFactorPasswordBodySchema,
} from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes';
import { TotpEnrolment } from '../../../components/two-factor/totp-enrolment';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { useUser } from '../../../lib/api/get-me';
import { meQueryKey } from '../../../lib/api/query-keys';
import { disableTwoFactor, regenerateRecoveryCodes } from '../../../lib/api/two-factor';
import { useSubmit } from '../../../lib/use-submit';

type Open = 'none' | 'setup' | 'codes' | 'off';

/** Password & Security: the authenticator app, set up, its recovery codes replaced, or turned off. */
export function TwoFactorSection() {
  const user = useUser();
  const [open, setOpen] = useState<Open>('none');
  const on = user.twoFactorEnabled;
  const close = () => setOpen('none');
  return (
    <section aria-labelledby="two-factor-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="two-factor-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {twoFactorMessages.title}
        </h2>
        <Badge tone={on ? 'success' : 'neutral'}>{on ? twoFactorMessages.statusOn : twoFactorMessages.statusOff}</Badge>
      </div>
      <p className="max-w-lg text-sm text-slate-600 dark:text-slate-400">{twoFactorMessages.description}</p>
      {!on && open === 'none' && (
        <Button type="button" className="self-start" onClick={() => setOpen('setup')}>
          {twoFactorMessages.turnOn}
        </Button>
      )}
      {open === 'setup' && <TotpEnrolment onCancel={close} onDone={close} />}
      {on && open === 'none' && (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="secondary" onClick={() => setOpen('codes')}>
            {twoFactorMessages.regenerate}
          </Button>
          <Button type="button" variant="danger" onClick={() => setOpen('off')}>
            {twoFactorMessages.turnOff}
          </Button>
        </div>
      )}
      {on && open === 'codes' && <NewRecoveryCodes onClose={close} />}
      {on && open === 'off' && <TurnOff onClose={close} />}
    </section>
  );
}

function NewRecoveryCodes({ onClose }: { onClose: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useZodForm(twoFactorPasswordBodySchema, { defaultValues: { password: '' } });
  const regenerate = useMutation({ mutationFn: regenerateRecoveryCodes });
  const submit = useSubmit({
    run: ({ password }: { password: string }) => regenerate.mutateAsync(password),
    success: twoFactorMessages.regenerated,
    form,
    onSuccess: (answer) => setCodes(answer.backupCodes),
  });
  if (codes) return <RecoveryCodes codes={codes} onSaved={onClose} />;
  return (
    <Form form={form} onSubmit={submit} className="flex max-w-lg flex-col gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{twoFactorMessages.regenerateLead}</p>
      <FormField name="password" label="Password">
        {(field) => <PasswordInput autoComplete="current-password" {...field} />}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={regenerate.isPending}>
          {twoFactorMessages.regenerate}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function TurnOff({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(disableTwoFactorBodySchema, { defaultValues: { password: '', code: '' } });
  const turnOff = useMutation({ mutationFn: disableTwoFactor });
  const submit = useSubmit({
    run: (body: DisableTwoFactorBody) => turnOff.mutateAsync(body),
    success: twoFactorMessages.disabled,
    form,
    onSuccess: () => {
      onClose();
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
  return (
    <Form form={form} onSubmit={submit} className="flex max-w-lg flex-col gap-4">
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{twoFactorMessages.offTitle}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{twoFactorMessages.offLead}</p>
      <FormField name="password" label="Password">
        {(field) => <PasswordInput autoComplete="current-password" {...field} />}
      </FormField>
      <FormField name="code" label={twoFactorMessages.codeLabel}>
        {(field) => <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...field} />}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" loading={turnOff.isPending}>
          {twoFactorMessages.turnOff}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
