import {
  type AdminDepositMethod,
  adminMessages,
  type DepositMethodBody,
  depositMethodBodySchema,
} from '@meridian/shared';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Form, FormField, useZodForm } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { Select } from '../../../../components/ui/select';
import { useSubmit } from '../../../../lib/use-submit';
import { useSaveDepositMethod } from '../../api/deposit-method-changes';
import { METHOD_DETAIL_FIELDS, METHOD_TYPES, type MethodType } from './method-fields';

interface MethodFormValues {
  label: string;
  type: MethodType;
  details: Record<string, string>;
}

// The union's input, typed as the form holds it: one details object whose fields follow the type.
const schema = depositMethodBodySchema as unknown as z.ZodType<DepositMethodBody, MethodFormValues>;

const TYPE_OPTIONS = METHOD_TYPES.map((value) => ({ value, label: adminMessages.methods.types[value] }));

function valuesOf(method: AdminDepositMethod | null): MethodFormValues {
  const type = method?.type ?? 'bank';
  const details = Object.fromEntries(METHOD_DETAIL_FIELDS[type].map(({ key }) => [key, method?.details[key] ?? '']));
  return { label: method?.label ?? '', type, details };
}

interface MethodFormDialogProps {
  /** The method to edit, or null for a new one. */
  method: AdminDepositMethod | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Create or edit a deposit method: its label, its type, and the details of that type. */
export function MethodFormDialog({ method, isOpen, onClose }: MethodFormDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={method ? adminMessages.methods.editTitle(method.label) : adminMessages.methods.createTitle}
    >
      {isOpen && <MethodForm key={method?.id ?? 'new'} method={method} onDone={onClose} />}
    </Modal>
  );
}

function MethodForm({ method, onDone }: { method: AdminDepositMethod | null; onDone: () => void }) {
  const save = useSaveDepositMethod();
  // Unmounted detail fields leave the values, so switching the type sends only the new type's details.
  const form = useZodForm(schema, { defaultValues: valuesOf(method), shouldUnregister: true });
  const type = useWatch({ control: form.control, name: 'type' });
  const typeId = useId();
  const submit = useSubmit({
    run: (body: DepositMethodBody) => save.mutateAsync({ id: method?.id ?? null, body }),
    success: method ? adminMessages.methods.saved : adminMessages.methods.created,
    form,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <FormField name="label" label={adminMessages.methods.fields.label}>
        {(field) => <Input autoComplete="off" {...field} />}
      </FormField>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <Field id={typeId} label={adminMessages.methods.fields.type}>
            <Select
              id={typeId}
              ref={field.ref}
              options={TYPE_OPTIONS}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />
      {METHOD_DETAIL_FIELDS[type].map(({ key, label, mono }) => (
        <FormField key={`${type}-${key}`} name={`details.${key}`} label={label}>
          {(field) => (
            <Input
              type={key === 'email' ? 'email' : 'text'}
              autoComplete="off"
              spellCheck={false}
              className={mono ? 'font-mono' : undefined}
              {...field}
            />
          )}
        </FormField>
      ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? adminMessages.methods.saving : adminMessages.methods.save}
        </Button>
      </div>
    </Form>
  );
}
