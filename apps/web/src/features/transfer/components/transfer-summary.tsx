import { formatBps, formatCents, TRANSFER_FEE_BPS, transferFeeCents } from '@meridian/shared';
import { cn } from '../../../lib/cn';

export interface TransferFigures {
  amountCents: number;
  feeCents: number;
  totalCents: number;
}

/** The fee the server will charge, for display: 2% rounded half up to the cent (shared helper). */
export function transferFigures(amountCents: number): TransferFigures {
  const feeCents = transferFeeCents(amountCents, TRANSFER_FEE_BPS);
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

export const feeLabel = `Fee (${formatBps(TRANSFER_FEE_BPS)})`;

/** Amount, fee and total as a description list. */
export function TransferSummary({ figures, className }: { figures: TransferFigures; className?: string }) {
  return (
    <dl className={cn('flex flex-col divide-y divide-slate-200 text-sm dark:divide-slate-800', className)}>
      <div className="flex justify-between gap-4 py-2">
        <dt className="text-slate-600 dark:text-slate-400">Amount</dt>
        <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{formatCents(figures.amountCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 py-2">
        <dt className="text-slate-600 dark:text-slate-400">{feeLabel}</dt>
        <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{formatCents(figures.feeCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 py-2">
        <dt className="font-semibold text-slate-900 dark:text-white">Total</dt>
        <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatCents(figures.totalCents)}</dd>
      </div>
    </dl>
  );
}
