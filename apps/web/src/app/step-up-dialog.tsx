import { securityMessages } from '@meridian/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { Modal } from '../components/ui/modal';
import { PasswordInput } from '../components/ui/password-input';
import { apiRequest, errorMessage } from '../lib/api-client';

/**
 * "Confirm it is you": the password again, when a change to where money goes finds the session's proof
 * too old. Proved, the change that asked is sent again; closed, it fails with the server's message.
 */
export function StepUpDialog({ isOpen, onDone }: { isOpen: boolean; onDone: (proved: boolean) => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = (proved: boolean) => {
    setPassword('');
    setError(undefined);
    onDone(proved);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(securityMessages.stepUpRequired);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await apiRequest('/api/auth/step-up', { method: 'POST', body: { password }, steppedUp: true });
      close(true);
    } catch (failure) {
      setError(errorMessage(failure));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => close(false)}
      title={securityMessages.stepUpTitle}
      description={securityMessages.stepUpBody}
      initialFocusRef={inputRef}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <Field id={id} label={securityMessages.stepUpPassword} error={error}>
          <PasswordInput
            id={id}
            ref={inputRef}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </Field>
        <Button type="submit" loading={busy} className="w-full sm:w-auto sm:self-end">
          {busy ? securityMessages.stepUpConfirming : securityMessages.stepUpConfirm}
        </Button>
      </form>
    </Modal>
  );
}
