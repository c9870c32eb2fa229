import { type LoginInput, loginProblem, messages } from '@meridian/shared';
import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextLink } from '../../../components/ui/text-link';
import { notify } from '../../../lib/toast';
import { useSignIn } from '../api/sign-in';

function focusField(form: HTMLFormElement, name: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLInputElement) field.focus();
}

export function LoginPage() {
  const id = useId();
  const navigate = useNavigate();
  const signIn = useSignIn();

  // Two fields need no form library: plain FormData keeps this first page light.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values: LoginInput = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
    const problem = loginProblem(values);
    if (problem) {
      notify.error(problem.message);
      focusField(form, problem.field);
      return;
    }
    try {
      await signIn.mutateAsync(values);
      notify.success(messages.loginSuccessful);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      notify.failure(error);
    }
  };

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
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field id={`${id}-email`} label="Email">
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            name="email"
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <Field id={`${id}-password`} label="Password">
            <PasswordInput
              id={`${id}-password`}
              autoComplete="current-password"
              placeholder="Your password"
              name="password"
            />
          </Field>
          <TextLink to="/forgot-password" className="self-end text-sm">
            Reset Password
          </TextLink>
        </div>
        <Button type="submit" size="lg" loading={signIn.isPending} className="w-full">
          {signIn.isPending ? 'Logging in...' : 'Log in'}
        </Button>
      </form>
    </AuthCard>
  );
}
