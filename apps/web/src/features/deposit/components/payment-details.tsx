import { type DepositMethod, depositMessages } from '@meridian/shared';
import { CopyButton } from '../../../components/ui/copy-button';

/** The fields of each kind of method, in the order a payer needs them. */
const FIELDS: Record<DepositMethod['type'], { key: string; label: string }[]> = {
  bank: [
    { key: 'bankName', label: 'Bank name' },
    { key: 'accountName', label: 'Account name' },
    { key: 'accountNumber', label: 'Account number' },
    { key: 'swiftCode', label: 'SWIFT code' },
  ],
  crypto: [
    { key: 'network', label: 'Network' },
    { key: 'address', label: 'Address' },
  ],
  paypal: [{ key: 'email', label: 'Email' }],
};

function copiedMessage(key: string): string {
  if (key === 'address') return depositMessages.addressCopied;
  if (key === 'email') return depositMessages.emailCopied;
  return depositMessages.detailCopied;
}

/** Where to send the money: each detail of the method with a Copy button. */
export function PaymentDetails({ method }: { method: DepositMethod }) {
  return (
    <dl className="flex flex-col gap-3">
      {FIELDS[method.type].map(({ key, label }) => {
        const value = method.details[key];
        if (!value) return null;
        return (
          <div key={key} className="flex flex-col gap-1">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="flex items-center gap-2">
              <span className="min-w-0 flex-1 break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-800/60 dark:text-white">
                {value}
              </span>
              <CopyButton text={value} copiedMessage={copiedMessage(key)} label={`Copy ${label.toLowerCase()}`} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
