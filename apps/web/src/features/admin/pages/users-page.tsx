import {
  ADMIN_USER_FILTERS,
  type AdminUserFilter,
  type AdminUserRow,
  adminMessages,
  formatCents,
} from '@meridian/shared';
import { useNavigate } from 'react-router';
import type { Column } from '../../../components/ui/data-table';
import { FilterChips } from '../../../components/ui/filter-chips';
import { PagedTable } from '../../../components/ui/paged-table';
import { useCursorPages } from '../../../components/ui/pagination';
import { SearchInput } from '../../../components/ui/search-input';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/format-date';
import { usersCsvHref } from '../api/exports';
import { type UsersFilters, useUsers } from '../api/get-users';
import { AdminPage } from '../components/admin-page';
import { ExportLink } from '../components/export-link';
import { RoleBadge } from '../components/role-badge';
import { UserLink } from '../components/user-link';
import { useCan } from '../lib/permissions';
import { useUrlChoice, useUrlParam } from '../lib/url-state';

const filterOptions = ADMIN_USER_FILTERS.map((value) => ({ value, label: adminMessages.users.filters[value] }));

const columns: readonly Column<AdminUserRow>[] = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    cell: (u) => <UserLink id={u.id} name={u.name} />,
    className: 'min-w-40',
  },
  { key: 'email', header: 'E-mail', cell: (u) => u.email, className: 'whitespace-nowrap' },
  {
    key: 'status',
    header: 'Status',
    cell: (u) =>
      u.isActive ? <StatusBadge status="active" label="Active" /> : <StatusBadge status="inactive" label="Inactive" />,
  },
  {
    key: 'role',
    header: 'Role',
    cell: (u) => <RoleBadge role={u.role} />,
  },
  { key: 'balance', header: 'Balance', numeric: true, cell: (u) => formatCents(u.balanceCents) },
  {
    key: 'joined',
    header: 'Joined',
    cell: (u) => (
      <time dateTime={u.createdAt} className="whitespace-nowrap">
        {formatDate(u.createdAt)}
      </time>
    ),
  },
];

/** Every account, searched and filtered on the server (fast at 100,000 users), a keyset page at a time. */
export function UsersPage() {
  const navigate = useNavigate();
  const mayExport = useCan('exports.download');
  const [q, setQ] = useUrlParam('q');
  const [status, setStatus] = useUrlChoice<AdminUserFilter>('status', ADMIN_USER_FILTERS, 'all');
  const filters: UsersFilters = { q: q.trim(), status };
  const pages = useCursorPages(JSON.stringify(filters));
  const query = useUsers(filters, pages.cursor, pages.pageSize);

  return (
    <AdminPage
      title={adminMessages.nav.users}
      description="Search by name, e-mail or referral code; open a user to act on their account."
      actions={mayExport && <ExportLink href={usersCsvHref(filters)} />}
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <SearchInput
          label={adminMessages.users.searchLabel}
          placeholder={adminMessages.users.searchPlaceholder}
          value={q}
          onValueChange={setQ}
          className="md:w-96"
        />
        <FilterChips
          label={adminMessages.users.filterLabel}
          options={filterOptions}
          value={status}
          onValueChange={setStatus}
        />
      </div>
      <PagedTable
        caption={adminMessages.nav.users}
        columns={columns}
        query={query}
        pages={pages}
        rowKey={(u) => u.id}
        empty={filters.q || status !== 'all' ? adminMessages.noResults : adminMessages.noUsers}
        onRowClick={(u) => navigate(`/admin/users/${encodeURIComponent(u.id)}`)}
        failedMessage={adminMessages.users.failedToLoad}
        paginationLabel="Users pages"
      />
    </AdminPage>
  );
}
