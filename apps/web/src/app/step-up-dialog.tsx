import { securityMessages } from '@meridian/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { Input } from '../components/ui/input';
import { Modal } from '../components/ui/modal';
import { PasswordInput } from '../components/ui/password-input';
import { useMe } from '../lib/api/get-me';
import { apiRequest, errorMessage } from '../lib/api-client';

/**
 * "Confirm it is you": when a change to where money goes finds the session's proof too old, a code from
 * the authenticator app (an account that has one: the server takes nothing else), else the password
 * again. Proved, the change that asked is sent again; closed, it fails with the server's message.
 */
export function StepUpDialog({ isOpen, onDone }: { isOpen: boolean; onDone: (proved: boolean) => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const withCode = useMe().data?.twoFactorEnabled === true;
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = (proved: boolean) => {
    setProof('');
    setError(undefined);
    onDone(proved);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (proof === '') {
      setError(withCode ? securityMessages.stepUpCodeRequired : securityMessages.stepUpRequired);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const body = withCode ? { code: proof } : { password: proof };
      await apiRequest('/api/auth/step-up', { method: 'POST', body, steppedUp: true });
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
      description={withCode ? securityMessages.stepUpCodeBody : securityMessages.stepUpBody}
      initialFocusRef={inputRef}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <Field id={id} label={withCode ? securityMessages.stepUpCode : securityMessages.stepUpPassword} error={error}>
          {withCode ? (
            <Input
              id={id}
              ref={inputRef}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={proof}
              onChange={(event) => setProof(event.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          ) : (
            <PasswordInput
              id={id}
              ref={inputRef}
              autoComplete="current-password"
              value={proof}
              onChange={(event) => setProof(event.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          )}
        </Field>
        <Button type="submit" loading={busy} className="w-full sm:w-auto sm:self-end">
          {busy ? securityMessages.stepUpConfirming : securityMessages.stepUpConfirm}
        </Button>
      </form>
    </Modal>
  );
}
