import { twoFactorMessages } from '@meridian/shared';
import { Button } from '../ui/button';
import { CopyButton } from '../ui/copy-button';

interface RecoveryCodesProps {
  codes: readonly string[];
  /** 'I have saved them': the codes are never shown again. */
  onSaved: () => void;
}

/** The 10 recovery codes, shown once, to copy or write down. */
export function RecoveryCodes({ codes, onSaved }: RecoveryCodesProps) {
  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-4">
      <h3 id="recovery-codes-title" className="text-base font-semibold text-slate-900 dark:text-white">
        {twoFactorMessages.recoveryTitle}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{twoFactorMessages.recoveryLead}</p>
      <ul
        aria-label={twoFactorMessages.copyCodes}
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 dark:bg-slate-800/60 dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton
          text={codes.join('\n')}
          copiedMessage={twoFactorMessages.codesCopied}
          label={twoFactorMessages.copyCodes}
        />
        <Button type="button" onClick={onSaved}>
          {twoFactorMessages.recoverySaved}
        </Button>
      </div>
    </section>
  );
}
