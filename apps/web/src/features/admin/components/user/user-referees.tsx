import { adminMessages, type Referee } from '@meridian/shared';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { formatDate } from '../../../../lib/format-date';
import { UserLink } from '../user-link';

const columns: readonly Column<Referee>[] = [
  { key: 'name', header: 'Name', rowHeader: true, cell: (r) => <UserLink id={r.id} name={r.name} /> },
  { key: 'email', header: 'E-mail', cell: (r) => <span className="break-all">{r.email}</span> },
  {
    key: 'joined',
    header: 'Joined',
    cell: (r) => (
      <time dateTime={r.createdAt} className="whitespace-nowrap">
        {formatDate(r.createdAt)}
      </time>
    ),
  },
];

/** The people who registered with this member's referral code. */
export function UserReferees({ referees }: { referees: readonly Referee[] }) {
  return (
    <DataTable
      caption={adminMessages.users.tabs.referees}
      columns={columns}
      rows={referees}
      rowKey={(r) => r.id}
      empty={adminMessages.users.noReferees}
    />
  );
}
