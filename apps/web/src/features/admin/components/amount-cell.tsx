import { formatCents, type Transaction } from '@meridian/shared';
import { cn } from '../../../lib/cn';

/** A history row's amount as it moved the member's wallet: +credit in green, -debit (amount plus fee) in red. */
export function AmountCell({ transaction }: { transaction: Pick<Transaction, 'type' | 'amountCents' | 'feeCents'> }) {
  const credit = transaction.type === 'credit';
  const shown = credit ? transaction.amountCents : transaction.amountCents + transaction.feeCents;
  return (
    <span className="flex flex-col items-end">
      <span
        className={cn(
          'font-semibold whitespace-nowrap',
          credit ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400',
        )}
      >
        {credit ? '+' : '-'}
        {formatCents(shown)}
      </span>
      {transaction.feeCents > 0 && (
        <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
          {formatCents(transaction.amountCents)} + fee {formatCents(transaction.feeCents)}
        </span>
      )}
    </span>
  );
}
