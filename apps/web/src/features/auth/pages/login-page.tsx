import { messages, twoFactorMessages } from '@meridian/shared';
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
    </AuthCard>
  );
}
