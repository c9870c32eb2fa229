import { forgotPasswordFormSchema, messages } from '@meridian/shared';
import { MailCheck } from 'lucide-react';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { TextLink } from '../../../components/ui/text-link';
import { useSubmit } from '../../../lib/use-submit';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useZodForm(forgotPasswordFormSchema, { report: 'toast', defaultValues: { email: '' } });
  const submit = useSubmit({ run: ({ email }: { email: string }) => request.mutateAsync(email), form });

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
        <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
          <FormField name="email" label="Email">
            {(field) => (
              <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...field} />
            )}
          </FormField>
          <Button type="submit" size="lg" loading={request.isPending} className="w-full">
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
