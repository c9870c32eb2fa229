import {
  type Passkey,
  type PasskeyNameForm,
  passkeyMessages,
  passkeyNameFormSchema,
  shellMessages,
} from '@meridian/shared';
import { KeyRound, RefreshCw, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/toast';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useSubmit } from '../../../lib/use-submit';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { RenamePasskeyDialog } from './rename-passkey-dialog';

const empty: PasskeyNameForm = { name: '' };

interface PasskeyRowProps {
  passkey: Passkey;
  onRename: (passkey: Passkey) => void;
  onRemove: (passkey: Passkey) => void;
}

function PasskeyRow({ passkey, onRename, onRemove }: PasskeyRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-4 first:pt-0 last:pb-0">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        <KeyRound className="size-5" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="break-words text-sm font-medium text-slate-900 dark:text-white">
          {passkey.name ?? passkeyMessages.heading}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {passkeyMessages.created} {formatDate(passkey.createdAt)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {passkey.lastUsedAt
            ? `${passkeyMessages.lastUsed} ${formatDateTime(passkey.lastUsedAt)}`
            : passkeyMessages.neverUsed}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => onRename(passkey)}>
        {passkeyMessages.rename}
        <span className="sr-only"> {passkey.name}</span>
      </Button>
      <Button variant="secondary" size="sm" onClick={() => onRemove(passkey)}>
        {passkeyMessages.remove}
        <span className="sr-only"> {passkey.name}</span>
      </Button>
    </li>
  );
}

/** Password & Security: the member's passkeys, a way to add one (named) and to remove any. */
export function PasskeysList() {
  const headingId = useId();
  const query = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [target, setTarget] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  useFailureToast(query.error, passkeyMessages.failedToFetch);

  const form = useZodForm(passkeyNameFormSchema, { defaultValues: empty });
  const submit = useSubmit({
    run: add.mutateAsync,
    success: passkeyMessages.added,
    form,
    onSuccess: () => form.reset(empty),
  });

  const confirmRemove = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      notify.success(passkeyMessages.removed);
    } catch (error) {
      notify.failure(error);
    }
    setTarget(null);
  };

  const passkeys = query.data ?? [];

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 border-t border-slate-200 pt-8 dark:border-slate-800"
    >
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
          {passkeyMessages.heading}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{passkeyMessages.description}</p>
      </div>

      {query.isPending ? (
        <ul aria-busy="true" className="flex flex-col gap-4">
          <li className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-40 max-w-full" />
              <Skeleton className="h-3 w-56 max-w-full" />
            </div>
          </li>
        </ul>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          <TriangleAlert className="size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          <p className="flex-1">{passkeyMessages.failedToFetch}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {shellMessages.retry}
          </Button>
        </div>
      ) : passkeys.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{passkeyMessages.none}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-200 dark:divide-slate-800">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRename={setRenaming} onRemove={setTarget} />
          ))}
        </ul>
      )}

      <Form form={form} onSubmit={submit} className="flex max-w-lg flex-col gap-3 sm:flex-row sm:items-end">
        <FormField name="name" label={passkeyMessages.nameLabel} className="flex-1">
          {(field) => <Input autoComplete="off" placeholder={passkeyMessages.namePlaceholder} {...field} />}
        </FormField>
        <Button type="submit" loading={add.isPending} className="w-full sm:w-auto">
          <KeyRound className="size-4" aria-hidden="true" />
          {add.isPending ? passkeyMessages.adding : passkeyMessages.add}
        </Button>
      </Form>

      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />

      <ConfirmModal
        isOpen={target !== null}
        title={passkeyMessages.removeTitle}
        description={passkeyMessages.removeBody}
        confirmLabel={passkeyMessages.remove}
        busyLabel={passkeyMessages.removing}
        variant="danger"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setTarget(null)}
      >
        {target && <p className="text-sm text-slate-700 dark:text-slate-300">{target.name}</p>}
      </ConfirmModal>
    </section>
  );
}
