import { messages, PASSWORD_MIN_LENGTH } from '@meridian/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextLink } from '../../../components/ui/text-link';
import { notify } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';

interface ResetForm {
  newPassword: string;
  confirmPassword: string;
}

export function ResetPasswordPage() {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetForm>({ defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ newPassword, confirmPassword }) => {
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      notify.error(messages.passwordTooShort);
      return;
    }
    if (newPassword !== confirmPassword) {
      setError('confirmPassword', { message: messages.passwordsDoNotMatch }, { shouldFocus: true });
      return;
    }
    try {
      await reset.mutateAsync({ newPassword, token });
      notify.success(messages.passwordChanged);
      navigate('/login', { replace: true });
    } catch (error) {
      notify.failure(error);
    }
  });

  const footer = (
    <>
      Back to <TextLink to="/login">log in</TextLink>
    </>
  );

  if (!token || params.get('error')) {
    return (
      <AuthCard
        title="Reset link not valid"
        description="This password reset link is invalid or has expired. Request a new one to continue."
        footer={footer}
      >
        <Link to="/forgot-password" className={buttonClasses('primary', 'lg', 'w-full')}>
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" description="Pick a password of at least 8 characters." footer={footer}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field id={`${id}-new`} label="New Password">
          <PasswordInput id={`${id}-new`} autoComplete="new-password" {...register('newPassword')} />
        </Field>
        <Field id={`${id}-confirm`} label="Confirm New Password" error={errors.confirmPassword?.message}>
          <PasswordInput
            id={`${id}-confirm`}
            autoComplete="new-password"
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={errors.confirmPassword ? `${id}-confirm-error` : undefined}
            {...register('confirmPassword')}
          />
        </Field>
        <Button type="submit" size="lg" loading={reset.isPending} className="w-full">
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
