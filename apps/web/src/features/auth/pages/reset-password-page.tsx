import { messages, resetPasswordFormSchema } from '@meridian/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextLink } from '../../../components/ui/text-link';
import { useSubmit } from '../../../lib/use-submit';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  // Too short is a toast; a confirmation that does not match is said under it (spec section 5).
  const form = useZodForm(resetPasswordFormSchema, {
    report: 'toast',
    inlineFields: ['confirmPassword'],
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const submit = useSubmit({
    run: ({ newPassword }: { newPassword: string }) => reset.mutateAsync({ newPassword, token }),
    success: messages.passwordChanged,
    onSuccess: () => navigate('/login', { replace: true }),
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
      <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
        <FormField name="newPassword" label="New Password">
          {(field) => <PasswordInput autoComplete="new-password" {...field} />}
        </FormField>
        <FormField name="confirmPassword" label="Confirm New Password">
          {(field) => <PasswordInput autoComplete="new-password" {...field} />}
        </FormField>
        <Button type="submit" size="lg" loading={reset.isPending} className="w-full">
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </Form>
    </AuthCard>
  );
}
