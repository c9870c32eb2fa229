import { type AdminMailRow, adminMessages, MAIL_STATUSES, type MailStatus } from '@meridian/shared';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { type ChipOption, FilterChips } from '../../../components/ui/filter-chips';
import { LoadError } from '../../../components/ui/load-error';
import { Modal } from '../../../components/ui/modal';
import { Pagination, useCursorPages } from '../../../components/ui/pagination';
import { SearchInput } from '../../../components/ui/search-input';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { useMail } from '../api/get-mail';
import { useMailbox } from '../api/get-mailbox';
import { AdminPage } from '../components/admin-page';
import { MailMessage } from '../components/mailbox/mail-message';

const { mailbox: text } = adminMessages;

type StatusFilter = MailStatus | 'all';
const STATUS_OPTIONS: readonly ChipOption<StatusFilter>[] = [
  { value: 'all', label: text.statuses.all },
  ...MAIL_STATUSES.map((status) => ({ value: status, label: text.statuses[status] })),
];
const isStatus = (value: string | null): value is MailStatus => MAIL_STATUSES.some((status) => status === value);

/**
 * /admin/mailbox: the outbox newest first, filtered by status and recipient (kept in the address, so
 * Back and a shared link keep them); a message opens in a dialog (?message=<id>).
 */
export function MailboxPage() {
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as MailStatus) : null;
  const to = params.get('to') ?? '';
  const messageParam = Number(params.get('message'));
  const openId = Number.isSafeInteger(messageParam) && messageParam > 0 ? messageParam : null;

  const pages = useCursorPages(JSON.stringify([status, to]));
  const mail = useMailbox({ status, to, cursor: pages.cursor, limit: pages.pageSize });

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const open = (row: AdminMailRow) => update({ message: String(row.id) });
  // The dialog's title: the message's subject, from the list, or from the message once loaded (a shared link).
  const message = useMail(openId);
  const subject = message.data?.subject ?? mail.data?.items.find((row) => row.id === openId)?.subject;

  const columns: Column<AdminMailRow>[] = [
    {
      key: 'time',
      header: text.columns.time,
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
    },
    { key: 'to', header: text.columns.to, className: 'whitespace-nowrap', cell: (row) => row.to },
    {
      key: 'subject',
      header: text.columns.subject,
      className: 'min-w-48',
      cell: (row) => (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => open(row)}
          aria-label={text.openLabel(row.subject, row.to)}
          className="h-auto max-w-xs justify-start px-2 py-1 text-left whitespace-normal text-indigo-700 dark:text-indigo-300"
        >
          {row.subject}
        </Button>
      ),
    },
    { key: 'template', header: text.columns.template, cell: (row) => <code className="text-xs">{row.template}</code> },
    {
      key: 'status',
      header: text.columns.status,
      cell: (row) => <StatusBadge status={row.status} label={text.statuses[row.status]} />,
    },
    { key: 'attempts', header: text.columns.attempts, numeric: true, cell: (row) => row.attempts },
    {
      key: 'lastError',
      header: text.columns.lastError,
      className: 'min-w-48',
      cell: (row) =>
        row.lastError ? (
          <span title={row.lastError} className="line-clamp-2 text-xs text-red-700 dark:text-red-400">
            {row.lastError}
          </span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">—</span>
        ),
    },
  ];

  return (
    <AdminPage title={text.title} description={text.description}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <FilterChips
          label={text.filterLabel}
          options={STATUS_OPTIONS}
          value={status ?? 'all'}
          onValueChange={(value) => update({ status: value === 'all' ? null : value })}
        />
        <SearchInput
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={to}
          onValueChange={(value) => update({ to: value })}
          className="sm:w-72"
        />
      </div>
      {mail.isError && !mail.data ? (
        <LoadError message={text.loadFailed} onRetry={() => void mail.refetch()} retrying={mail.isFetching} />
      ) : (
        <>
          <DataTable
            caption={text.title}
            columns={columns}
            rows={mail.data?.items}
            rowKey={(row) => String(row.id)}
            empty={status || to ? adminMessages.noResults : text.empty}
            onRowClick={open}
            busy={mail.isPlaceholderData}
            scrollResetKey={pages.cursor}
          />
          <Pagination
            pages={pages}
            nextCursor={mail.data?.nextCursor}
            busy={mail.isPlaceholderData}
            label={text.pagesLabel}
          />
        </>
      )}
      <Modal isOpen={openId !== null} onClose={() => update({ message: null })} title={subject ?? text.title} size="lg">
        {openId !== null && <MailMessage id={openId} />}
      </Modal>
    </AdminPage>
  );
}
