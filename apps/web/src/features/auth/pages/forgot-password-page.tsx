import { EMAIL_PATTERN, messages } from '@meridian/shared';
import { MailCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { TextLink } from '../../../components/ui/text-link';
import { notify } from '../../../lib/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordPage() {
  const id = useId();
  const request = useRequestPasswordReset();
  const { register, handleSubmit, setFocus } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    if (!EMAIL_PATTERN.test(email.trim())) {
      notify.error(messages.invalidEmail);
      setFocus('email');
      return;
    }
    try {
      await request.mutateAsync(email);
    } catch (error) {
      notify.failure(error);
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you registered with and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it? <TextLink to="/login">Back to log in</TextLink>
        </>
      }
    >
      {request.isSuccess ? (
        <div
          role="status"
          className="flex flex-col items-center gap-3 rounded-xl bg-emerald-50 px-4 py-6 text-center dark:bg-emerald-950/40"
        >
          <MailCheck className="size-8 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
          <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">{messages.passwordResetSent}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <Field id={`${id}-email`} label="Email">
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              {...register('email')}
            />
          </Field>
          <Button type="submit" size="lg" loading={request.isPending} className="w-full">
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
