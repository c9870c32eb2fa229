import { messages, twoFactorMessages } from '@meridian/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useSubmit } from '../../../lib/use-submit';
import { useSecondStep } from '../api/sign-in';
import { loadAuthSchemas } from '../load-schemas';

const totpSchema = () => loadAuthSchemas().then((module) => module.verifyTotpBodySchema);
const recoverySchema = () => loadAuthSchemas().then((module) => module.verifyRecoveryCodeBodySchema);

interface SecondFactorStepProps {
  onSignedIn: () => void;
  onBack: () => void;
}

/** The sign-in's second step: the authenticator app's code, or a recovery code; trusting the device is optional. */
export function SecondFactorStep({ onSignedIn, onBack }: SecondFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [trustDevice, setTrustDevice] = useState(false);
  const step = useSecondStep();
  const form = useZodForm(recovery ? recoverySchema : totpSchema, { defaultValues: { code: '' } });
  const submit = useSubmit({
    run: ({ code }: { code: string }) => step.mutateAsync({ code, trustDevice, recovery }),
    success: messages.loginSuccessful,
    form,
    onSuccess: onSignedIn,
  });
  const toggle = () => {
    form.reset({ code: '' });
    setRecovery((r) => !r);
  };

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {recovery ? twoFactorMessages.signInRecoveryLead : twoFactorMessages.signInLead}
      </p>
      <FormField
        key={recovery ? 'recovery' : 'totp'}
        name="code"
        label={recovery ? twoFactorMessages.recoveryTitle : twoFactorMessages.codeLabel}
      >
        {(field) =>
          recovery ? (
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={64} {...field} />
          ) : (
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...field} />
          )
        }
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          checked={trustDevice}
          onChange={(e) => setTrustDevice(e.currentTarget.checked)}
          className="size-4 rounded border-slate-400 accent-indigo-600"
        />
        {twoFactorMessages.trustDevice}
      </label>
      <Button type="submit" size="lg" loading={step.isPending} className="w-full">
        {twoFactorMessages.verify}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={toggle}>
          {recovery ? twoFactorMessages.useAppCode : twoFactorMessages.useRecoveryCode}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          {twoFactorMessages.backToLogin}
        </Button>
      </div>
    </Form>
  );
}
