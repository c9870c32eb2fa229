import { type ChangePasswordForm, changePasswordFormSchema, messages } from '@meridian/shared';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { PasswordInput } from '../../../components/ui/password-input';
import { useSubmit } from '../../../lib/use-submit';
import { useChangePassword } from '../api/change-password';

const empty: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const fields = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;

export function SecurityForm() {
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, { defaultValues: empty });
  const submit = useSubmit({
    run: ({ currentPassword, newPassword }: ChangePasswordForm) => change.mutateAsync({ currentPassword, newPassword }),
    success: messages.passwordChanged,
    form,
    onSuccess: () => form.reset(empty),
  });

  return (
    <Form form={form} onSubmit={submit} className="flex max-w-lg flex-col gap-5">
      {fields.map(({ name, label, autoComplete }) => (
        <FormField key={name} name={name} label={label}>
          {(field) => <PasswordInput autoComplete={autoComplete} {...field} />}
        </FormField>
      ))}
      <Button type="submit" loading={change.isPending} className="w-full sm:w-auto sm:self-start">
        {change.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </Form>
  );
}
