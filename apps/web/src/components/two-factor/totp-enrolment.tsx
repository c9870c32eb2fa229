import { twoFactorMessages, twoFactorPasswordBodySchema, verifyTotpBodySchema } from '@meridian/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { renderSVG } from 'uqr';
import { meQueryKey } from '../../lib/api/query-keys';
import { type Enrolment, enableTwoFactor, setupKeyOf, verifyTotp } from '../../lib/api/two-factor';
import { useSubmit } from '../../lib/use-submit';
import { Button } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { Form, FormField, useZodForm } from '../ui/form';
import { Input } from '../ui/input';
import { PasswordInput } from '../ui/password-input';
import { RecoveryCodes } from './recovery-codes';

type Step = { at: 'password' } | { at: 'scan'; enrolment: Enrolment } | { at: 'codes'; codes: string[] };

/**
 * Setting up the authenticator app, the member's and the operator's alike: the password, then the QR
 * code (and its key as text) and the app's first code, then the recovery codes, once. The caller keeps
 * this on screen until `onDone` (the codes were seen), whatever the account's state says meanwhile.
 */
export function TotpEnrolment({ onCancel, onDone }: { onCancel?: () => void; onDone?: () => void }) {
  const [step, setStep] = useState<Step>({ at: 'password' });
  const queryClient = useQueryClient();
  if (step.at === 'password') {
    return <PasswordStep onEnrolled={(enrolment) => setStep({ at: 'scan', enrolment })} onCancel={onCancel} />;
  }
  if (step.at === 'scan') {
    return (
      <ScanStep
        enrolment={step.enrolment}
        onConfirmed={() => setStep({ at: 'codes', codes: step.enrolment.backupCodes })}
      />
    );
  }
  const saved = () => {
    onDone?.();
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  return <RecoveryCodes codes={step.codes} onSaved={saved} />;
}

function PasswordStep({
  onEnrolled,
  onCancel,
}: {
  onEnrolled: (e: Enrolment) => void;
  onCancel?: (() => void) | undefined;
}) {
  const form = useZodForm(twoFactorPasswordBodySchema, { defaultValues: { password: '' } });
  const enable = useMutation({ mutationFn: enableTwoFactor });
  const submit = useSubmit({
    run: ({ password }: { password: string }) => enable.mutateAsync(password),
    form,
    onSuccess: onEnrolled,
  });
  return (
    <Form form={form} onSubmit={submit} className="flex max-w-lg flex-col gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{twoFactorMessages.passwordLead}</p>
      <FormField name="password" label="Password">
        {(field) => <PasswordInput autoComplete="current-password" {...field} />}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={enable.isPending}>
          {twoFactorMessages.turnOn}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}

function ScanStep({ enrolment, onConfirmed }: { enrolment: Enrolment; onConfirmed: () => void }) {
  const form = useZodForm(verifyTotpBodySchema, { defaultValues: { code: '' } });
  const confirm = useMutation({ mutationFn: verifyTotp });
  const submit = useSubmit({
    run: ({ code }: { code: string }) => confirm.mutateAsync({ code }),
    success: twoFactorMessages.enabled,
    form,
    onSuccess: onConfirmed,
  });
  const qr = `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(enrolment.totpURI, { border: 2 }))}`;
  const key = setupKeyOf(enrolment.totpURI);
  return (
    <Form form={form} onSubmit={submit} className="flex max-w-lg flex-col gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{twoFactorMessages.scanLead}</p>
      <img src={qr} alt={twoFactorMessages.qrLabel} width={192} height={192} className="size-48 rounded-lg bg-white" />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{twoFactorMessages.secretLabel}</span>
        <div className="flex flex-wrap items-center gap-2">
          <code
            data-testid="totp-setup-key"
            className="rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
          >
            {key}
          </code>
          <CopyButton
            text={key.replace(/\s/g, '')}
            copiedMessage={twoFactorMessages.keyCopied}
            label={twoFactorMessages.copyKey}
          />
        </div>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{twoFactorMessages.confirmLead}</p>
      <FormField name="code" label={twoFactorMessages.codeLabel}>
        {(field) => <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...field} />}
      </FormField>
      <Button type="submit" loading={confirm.isPending} className="self-start">
        {confirm.isPending ? twoFactorMessages.confirming : twoFactorMessages.confirm}
      </Button>
    </Form>
  );
}
