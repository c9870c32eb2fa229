import { zodResolver } from '@hookform/resolvers/zod';
import { messages, type ProfileBody, profileBodySchema, type User } from '@meridian/shared';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CountryField } from '../../../components/country-picker/country-field';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

type PersonalValues = ProfileBody;

const valuesOf = (user: User): PersonalValues => ({
  name: user.name,
  phone: user.phone,
  country: user.country,
  address: user.address,
});

export function PersonalForm({ user }: { user: User }) {
  const id = useId();
  const update = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PersonalValues>({ resolver: zodResolver(profileBodySchema), defaultValues: valuesOf(user) });

  useEffect(() => reset(valuesOf(user)), [user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, address: values.address ?? '' });
      notify.success(messages.userUpdated);
    } catch (error) {
      notify.failure(error);
    }
  });

  const invalid = (field: keyof PersonalValues) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
      <Field id={`${id}-name`} label="Full Name" error={errors.name?.message}>
        <Input id={`${id}-name`} autoComplete="name" {...invalid('name')} {...register('name')} />
      </Field>
      <Field id={`${id}-email`} label="Email" hint="Your email cannot be changed.">
        <Input id={`${id}-email`} type="email" readOnly value={user.email} />
      </Field>
      <Field id={`${id}-phone`} label="Phone Number" error={errors.phone?.message}>
        <Input id={`${id}-phone`} type="tel" autoComplete="tel" {...invalid('phone')} {...register('phone')} />
      </Field>
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <CountryField
            id={`${id}-country`}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            error={errors.country?.message}
          />
        )}
      />
      <Field id={`${id}-address`} label="Address" error={errors.address?.message} className="sm:col-span-2">
        <Textarea
          id={`${id}-address`}
          rows={3}
          autoComplete="street-address"
          placeholder="Street, city, postcode"
          {...invalid('address')}
          {...register('address')}
        />
      </Field>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
