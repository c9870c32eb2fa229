import { messages, profileBodySchema, type User } from '@meridian/shared';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { CountryField } from '../../../components/country-picker/country-field';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useSubmit } from '../../../lib/use-submit';
import { useUpdateProfile } from '../api/update-profile';

const valuesOf = (user: User) => ({
  name: user.name,
  phone: user.phone,
  country: user.country,
  address: user.address,
});

export function PersonalForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useZodForm(profileBodySchema, { defaultValues: valuesOf(user) });
  const { reset } = form;

  useEffect(() => reset(valuesOf(user)), [user, reset]);

  const submit = useSubmit({
    run: (values: { name: string; phone: string; country: string; address?: string | undefined }) =>
      update.mutateAsync({ ...values, address: values.address ?? '' }),
    success: messages.userUpdated,
    form,
  });

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
      <FormField name="name" label="Full Name">
        {(field) => <Input autoComplete="name" {...field} />}
      </FormField>
      <Field id="profile-email" label="Email" hint="Your email cannot be changed.">
        <Input id="profile-email" type="email" readOnly value={user.email} />
      </Field>
      <FormField name="phone" label="Phone Number">
        {(field) => <Input type="tel" autoComplete="tel" {...field} />}
      </FormField>
      <Controller
        control={form.control}
        name="country"
        render={({ field, fieldState }) => (
          <CountryField
            id="profile-country"
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormField name="address" label="Address" className="sm:col-span-2">
        {(field) => <Textarea rows={3} autoComplete="street-address" placeholder="Street, city, postcode" {...field} />}
      </FormField>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </Form>
  );
}
