import { messages, verifyEmailTexts } from '@meridian/shared';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { CountryField } from '../../../components/country-picker/country-field';
import { AuthCard } from '../../../components/layouts/auth-card';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextLink } from '../../../components/ui/text-link';
import { useSubmit } from '../../../lib/use-submit';
import { useSignUp } from '../api/sign-up';
import { loadAuthSchemas } from '../load-schemas';

const schema = () => loadAuthSchemas().then((module) => module.registerBodySchema);

export function RegisterPage() {
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = useSignUp();
  // The specification reports registration problems as toasts, one at a time, in its order.
  const form = useZodForm(schema, {
    report: 'toast',
    defaultValues: { name: '', email: '', phone: '', country: '', password: '', referrerId: params.get('refId') ?? '' },
  });
  // A referral ID that names no one is said on its field too (the server's `fields`), so it can be fixed or cleared.
  const submit = useSubmit({
    run: signUp.mutateAsync,
    success: messages.accountCreated,
    form,
    onSuccess: (_answer, values) => setSentTo(values.email.trim()),
  });

  if (sentTo !== null) {
    return (
      <AuthCard
        title={verifyEmailTexts.checkInboxTitle}
        description={verifyEmailTexts.checkInboxBody(sentTo)}
        footer={
          <>
            Already verified? <TextLink to="/login">Log in</TextLink>
          </>
        }
      >
        <p role="status" className="sr-only">
          {verifyEmailTexts.checkInboxTitle}
        </p>
      </AuthCard>
    );
  }

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
      <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
        <FormField name="name" label="Full Name">
          {(field) => <Input autoComplete="name" placeholder="Jane Doe" {...field} />}
        </FormField>
        <FormField name="email" label="Email">
          {(field) => (
            <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...field} />
          )}
        </FormField>
        <FormField name="phone" label="Phone Number">
          {(field) => <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="+1 555 123 4567" {...field} />}
        </FormField>
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <CountryField id="register-country" ref={field.ref} value={field.value} onChange={field.onChange} />
          )}
        />
        <FormField name="password" label="Password" hint="At least 8 characters.">
          {(field) => <PasswordInput autoComplete="new-password" placeholder="Create a password" {...field} />}
        </FormField>
        <FormField name="referrerId" label="Referral ID (Optional)">
          {(field) => <Input autoComplete="off" placeholder="e.g. jane-doe" {...field} />}
        </FormField>
        <p className="text-xs leading-relaxed text-slate-600 dark:text-slate-400">
          By registering you agree to our <TextLink to="/terms">Terms of Service</TextLink> and{' '}
          <TextLink to="/privacy">Privacy Policy</TextLink>.
        </p>
        <Button type="submit" size="lg" loading={signUp.isPending} className="w-full">
          {signUp.isPending ? 'Creating account...' : 'Register'}
        </Button>
      </Form>
    </AuthCard>
  );
}
