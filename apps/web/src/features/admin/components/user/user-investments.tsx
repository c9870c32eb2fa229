import { adminMessages, formatBps, formatCents, type Investment } from '@meridian/shared';
import { daysOf, InvestmentStatusBadge } from '../../../../components/investment/investment-status';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { formatDate } from '../../../../lib/format-date';

const columns: readonly Column<Investment>[] = [
  { key: 'plan', header: 'Plan', rowHeader: true, cell: (i) => i.planName },
  { key: 'amount', header: 'Amount', numeric: true, cell: (i) => formatCents(i.amountCents) },
  { key: 'rate', header: 'Profit rate', numeric: true, cell: (i) => formatBps(i.profitBps) },
  { key: 'profit', header: 'Profit so far', numeric: true, cell: (i) => formatCents(i.profitCents) },
  {
    key: 'term',
    header: 'Days accrued',
    numeric: true,
    cell: (i) => daysOf(Math.min(i.daysAccrued, i.durationDays), i.durationDays),
  },
  { key: 'status', header: 'Status', cell: (i) => <InvestmentStatusBadge status={i.status} /> },
  {
    key: 'started',
    header: 'Started',
    cell: (i) => (
      <time dateTime={i.startedAt} className="whitespace-nowrap">
        {formatDate(i.startedAt)}
      </time>
    ),
  },
  {
    key: 'matures',
    header: 'Matures',
    cell: (i) => (
      <time dateTime={i.maturesAt} className="whitespace-nowrap">
        {formatDate(i.maturesAt)}
      </time>
    ),
  },
];

export function UserInvestments({ investments }: { investments: readonly Investment[] }) {
  return (
    <DataTable
      caption={adminMessages.users.tabs.investments}
      columns={columns}
      rows={investments}
      rowKey={(i) => i.id}
      empty={adminMessages.users.noInvestments}
    />
  );
}
