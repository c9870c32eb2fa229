import { messages, passkeyMessages, twoFactorMessages } from '@meridian/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextLink } from '../../../components/ui/text-link';
import { returnTo } from '../../../lib/return-to';
import { notify } from '../../../lib/toast';
import { useSubmit } from '../../../lib/use-submit';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { useSignIn } from '../api/sign-in';
import { SecondFactorStep } from '../components/second-factor-step';
import { loadAuthSchemas } from '../load-schemas';

const schema = () => loadAuthSchemas().then((module) => module.loginBodySchema);

export function LoginPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const signIn = useSignIn();
  // The specification reports login problems as toasts, one at a time, in its order.
  const form = useZodForm(schema, { report: 'toast', defaultValues: { email: '', password: '' } });
  const [secondStep, setSecondStep] = useState(false);
  const signedIn = () => navigate(returnTo(state), { replace: true });
  const submit = useSubmit({
    run: signIn.mutateAsync,
    form,
    // An account with a second factor is not signed in yet: 'Login successful' waits for the code.
    onSuccess: (result) => {
      if (result.secondStep) return setSecondStep(true);
      notify.success(messages.loginSuccessful);
      signedIn();
    },
  });
  const passkey = usePasskeySignIn();
  const submitPasskey = useSubmit({
    run: () => passkey.mutateAsync(),
    success: messages.loginSuccessful,
    onSuccess: () => navigate(returnTo(state), { replace: true }),
  });

  if (secondStep) {
    return (
      <AuthCard title={twoFactorMessages.signInTitle} description={twoFactorMessages.signInLead}>
        <SecondFactorStep onSignedIn={signedIn} onBack={() => setSecondStep(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      description="Log in to your Meridian account to check your balance, investments and referrals."
      footer={
        <>
          Don&apos;t have an account? <TextLink to="/register">Register</TextLink>
        </>
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
        <FormField name="email" label="Email">
          {(field) => (
            <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...field} />
          )}
        </FormField>
        <div className="flex flex-col gap-1.5">
          <FormField name="password" label="Password">
            {(field) => <PasswordInput autoComplete="current-password" placeholder="Your password" {...field} />}
          </FormField>
          <TextLink to="/forgot-password" className="self-end text-sm">
            Reset Password
          </TextLink>
        </div>
        <Button type="submit" size="lg" loading={signIn.isPending} className="w-full">
          {signIn.isPending ? 'Logging in...' : 'Log in'}
        </Button>
      </Form>
      <div className="my-5 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" aria-hidden="true" />
        {passkeyMessages.or}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" aria-hidden="true" />
      </div>
      <Button
        type="button"
        variant="secondary"
        size="lg"
        loading={passkey.isPending}
        className="w-full"
        onClick={() => void submitPasskey(undefined)}
      >
        <KeyRound className="size-4" aria-hidden="true" />
        {passkey.isPending ? passkeyMessages.signingIn : passkeyMessages.signIn}
      </Button>
    </AuthCard>
  );
}
