import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordForm, changePasswordFormSchema, messages } from '@meridian/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { notify } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

const empty: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const fields = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;

export function SecurityForm() {
  const id = useId();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: empty });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      notify.success(messages.passwordChanged);
      reset(empty);
    } catch (error) {
      notify.failure(error);
    }
  });

  /** The schema answers an empty field with a generic message; name the field instead. */
  const errorFor = (name: keyof ChangePasswordForm, label: string) => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    return message === messages.invalidRequest ? `${label} is required` : message;
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-lg flex-col gap-5">
      {fields.map(({ name, label, autoComplete }) => {
        const error = errorFor(name, label);
        return (
          <Field key={name} id={`${id}-${name}`} label={label} error={error}>
            <PasswordInput
              id={`${id}-${name}`}
              autoComplete={autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${name}-error` : undefined}
              {...register(name)}
            />
          </Field>
        );
      })}
      <Button type="submit" loading={change.isPending} className="w-full sm:w-auto sm:self-start">
        {change.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
