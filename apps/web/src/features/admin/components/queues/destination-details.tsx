import { type AdminWithdrawal, adminMessages } from '@meridian/shared';
import { CopyButton } from '../../../../components/ui/copy-button';

const { fields } = adminMessages.queues;

/** The destination fields of each method, in the order a payer needs them. */
const FIELD_KEYS: Record<AdminWithdrawal['method'], readonly (keyof typeof fields)[]> = {
  bank: ['bankName', 'accountName', 'accountNumber', 'swiftCode'],
  crypto: ['label', 'network', 'address'],
  paypal: ['email'],
};

/** 'routingNumber' -> 'Routing number': a field this screen does not know yet still shows, named. */
function labelOf(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Every detail of a withdrawal's destination, each with a Copy button: the known fields of its method
 * first, in order, then any other the request carries, so nothing the member gave is hidden.
 */
export function DestinationDetails({ method, destination }: Pick<AdminWithdrawal, 'method' | 'destination'>) {
  const known = FIELD_KEYS[method].map((key) => ({ key: key as string, label: fields[key] }));
  const rows = [
    ...known.filter(({ key }) => destination[key] !== undefined),
    ...Object.keys(destination)
      .filter((key) => !known.some((field) => field.key === key))
      .map((key) => ({ key, label: labelOf(key) })),
  ];
  return (
    <dl className="flex flex-col gap-3">
      {rows.map(({ key, label }) => {
        const value = destination[key] ?? '';
        return (
          <div key={key} className="flex flex-col gap-1">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="flex items-center gap-2">
              <span className="min-w-0 flex-1 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-800/60 dark:text-white">
                {value}
              </span>
              <CopyButton
                text={value}
                copiedMessage={adminMessages.queues.copied(label)}
                label={adminMessages.queues.copyLabel(label)}
              />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
