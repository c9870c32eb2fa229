import { OTP_PATTERN, withdrawalMessages } from '@meridian/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

/** The 6-digit code from the e-mail; a malformed one is refused here, a wrong one by the server. */
export function CodeForm({ onSubmit, busy }: { onSubmit: (code: string) => void; busy: boolean }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!OTP_PATTERN.test(value)) {
      setProblem(value === '' ? withdrawalMessages.otpRequired : withdrawalMessages.invalidOtp);
      return;
    }
    setProblem(undefined);
    onSubmit(value);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field id={`${id}-otp`} label="One-time password" error={problem}>
        <Input
          id={`${id}-otp`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, ''));
            setProblem(undefined);
          }}
          {...(problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-otp-error` } : {})}
          className="max-w-40 font-mono tracking-widest"
        />
      </Field>
      <Button type="submit" loading={busy} className="self-start">
        {busy ? 'Checking...' : 'Verify'}
      </Button>
    </form>
  );
}
