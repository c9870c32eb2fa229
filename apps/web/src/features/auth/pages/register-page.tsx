import { messages, type RegisterInput, registerProblem } from '@meridian/shared';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { CountryField } from '../../../components/country-picker/country-field';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSignUp } from '../api/sign-up';

type RegisterForm = Required<RegisterInput>;

export function RegisterPage() {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signUp = useSignUp();
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<RegisterForm>({
    defaultValues: { name: '', email: '', phone: '', country: '', password: '', referrerId: params.get('refId') ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const problem = registerProblem(values);
    if (problem) {
      notify.error(problem.message);
      setFocus(problem.field);
      return;
    }
    try {
      await signUp.mutateAsync(values);
      notify.success(messages.accountCreated);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      notify.failure(error);
      // A referral ID that names no one: said on the field too, so the person can fix or clear it.
      const referrerProblem = error instanceof ApiError ? error.fields?.referrerId : undefined;
      if (referrerProblem) setError('referrerId', { message: referrerProblem }, { shouldFocus: true });
    }
  });

  return (
    <AuthCard
      title="Create your account"
      description="Join the Meridian programme: invest in plans, claim your profit and earn $50 for every friend you refer."
      footer={
        <>
          Already have an account? <TextLink to="/login">Log in</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field id={`${id}-name`} label="Full Name">
          <Input id={`${id}-name`} autoComplete="name" placeholder="Jane Doe" {...register('name')} />
        </Field>
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
        <Field id={`${id}-phone`} label="Phone Number">
          <Input
            id={`${id}-phone`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+1 555 123 4567"
            {...register('phone')}
          />
        </Field>
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <CountryField id={`${id}-country`} ref={field.ref} value={field.value} onChange={field.onChange} />
          )}
        />
        <Field id={`${id}-password`} label="Password" hint="At least 8 characters.">
          <PasswordInput
            id={`${id}-password`}
            autoComplete="new-password"
            placeholder="Create a password"
            {...register('password')}
          />
        </Field>
        <Field id={`${id}-referrer`} label="Referral ID (Optional)" error={errors.referrerId?.message}>
          <Input
            id={`${id}-referrer`}
            autoComplete="off"
            placeholder="e.g. jane-doe"
            {...(errors.referrerId ? { 'aria-invalid': true, 'aria-describedby': `${id}-referrer-error` } : {})}
            {...register('referrerId', { onChange: () => clearErrors('referrerId') })}
          />
        </Field>
        <p className="text-xs leading-relaxed text-slate-600 dark:text-slate-400">
          By registering you agree to our <TextLink to="/terms">Terms of Service</TextLink> and{' '}
          <TextLink to="/privacy">Privacy Policy</TextLink>.
        </p>
        <Button type="submit" size="lg" loading={signUp.isPending} className="w-full">
          {signUp.isPending ? 'Creating account...' : 'Register'}
        </Button>
      </form>
    </AuthCard>
  );
}
