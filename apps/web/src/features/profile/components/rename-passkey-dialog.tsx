import { type Passkey, type PasskeyNameForm, passkeyMessages, passkeyNameFormSchema } from '@meridian/shared';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { useSubmit } from '../../../lib/use-submit';
import { useRenamePasskey } from '../api/passkeys';

/** Gives one of the member's passkeys a new name; a refusal is said and the dialog stays open. */
export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const rename = useRenamePasskey();
  const form = useZodForm(passkeyNameFormSchema, { defaultValues: { name: '' } });
  const { reset } = form;
  useEffect(() => {
    if (passkey) reset({ name: passkey.name ?? '' });
  }, [passkey, reset]);

  const close = () => {
    if (!rename.isPending) onClose();
  };
  const submit = useSubmit({
    run: ({ name }: PasskeyNameForm) => rename.mutateAsync({ id: passkey?.id ?? '', name }),
    success: passkeyMessages.renamed,
    form,
    onSuccess: onClose,
  });

  return (
    <Modal isOpen={passkey !== null} onClose={close} title={passkeyMessages.renameTitle}>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormField name="name" label={passkeyMessages.nameLabel}>
          {(field) => <Input autoComplete="off" {...field} />}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {rename.isPending ? passkeyMessages.saving : passkeyMessages.save}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
