import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, adminMessages } from '@meridian/shared';
import type { Column } from '../../../components/ui/data-table';
import { Label } from '../../../components/ui/label';
import { PagedTable } from '../../../components/ui/paged-table';
import { useCursorPages } from '../../../components/ui/pagination';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format-date';
import { type AuditFilters, useAudit } from '../api/get-audit';
import { AdminPage } from '../components/admin-page';
import { AuditDetails } from '../components/audit-details';
import { UserLink } from '../components/user-link';
import { actionLabel, actorParts, auditSentence } from '../lib/audit-text';
import { useUrlChoice, useUrlParam } from '../lib/url-state';

const a = adminMessages.audit;
const ACTIONS: readonly (AuditAction | 'all')[] = ['all', ...AUDIT_ACTIONS];
const actionOptions = ACTIONS.map((value) => ({ value, label: value === 'all' ? a.anyAction : actionLabel(value) }));

const columns: readonly Column<AuditEntry>[] = [
  {
    key: 'time',
    header: 'Time',
    rowHeader: true,
    cell: (e) => (
      <time dateTime={e.createdAt} className="whitespace-nowrap">
        {formatDateTime(e.createdAt)}
      </time>
    ),
  },
  {
    key: 'actor',
    header: 'Actor',
    cell: (e) => {
      const { kind, name } = actorParts(e.actor);
      return (
        <span className="flex flex-col" title={e.actor}>
          {name && <span className="whitespace-nowrap text-slate-900 dark:text-white">{name}</span>}
          {kind && <span className="text-xs text-slate-600 dark:text-slate-400">{kind}</span>}
        </span>
      );
    },
  },
  {
    key: 'action',
    header: 'Action',
    cell: (e) => (
      <span className="flex min-w-52 flex-col">
        <span className="font-medium text-slate-900 dark:text-white">{actionLabel(e.action)}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">{auditSentence(e)}</span>
      </span>
    ),
  },
  {
    key: 'target',
    header: 'Target',
    cell: (e) =>
      e.targetUserId ? (
        <UserLink
          id={e.targetUserId}
          name={e.targetName ?? e.targetEmail ?? e.targetUserId}
          email={e.targetName ? e.targetEmail : null}
        />
      ) : (
        <span className="text-slate-500 dark:text-slate-400">—</span>
      ),
    className: 'min-w-44',
  },
  { key: 'details', header: 'Before → after', cell: (e) => <AuditDetails entry={e} /> },
];

/** The append-only record of who changed what, newest first, by actor, action and target. */
export function AuditPage() {
  const [actor, setActor] = useUrlParam('actor');
  const [action, setAction] = useUrlChoice<AuditAction | 'all'>('action', ACTIONS, 'all');
  const [target, setTarget] = useUrlParam('target');
  const filters: AuditFilters = { actor: actor.trim(), action, target: target.trim() };
  const pages = useCursorPages(JSON.stringify(filters));
  const query = useAudit(filters, pages.cursor, pages.pageSize);

  return (
    <AdminPage
      title={adminMessages.nav.audit}
      description="Every change made by an operator, the command line or the system, newest first. Entries are never edited."
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SearchInput
          showLabel
          label={a.actorLabel}
          placeholder={a.actorPlaceholder}
          value={actor}
          onValueChange={setActor}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="admin-audit-action">{a.actionLabel}</Label>
          <Select id="admin-audit-action" options={actionOptions} value={action} onValueChange={setAction} />
        </div>
        <SearchInput
          showLabel
          label={a.targetLabel}
          placeholder={a.targetPlaceholder}
          value={target}
          onValueChange={setTarget}
        />
      </div>
      <PagedTable
        caption={adminMessages.nav.audit}
        columns={columns}
        query={query}
        pages={pages}
        rowKey={(e) => String(e.id)}
        empty={filters.actor || action !== 'all' || filters.target ? adminMessages.noResults : a.empty}
        failedMessage={a.failedToLoad}
        paginationLabel="Audit log pages"
      />
    </AdminPage>
  );
}
