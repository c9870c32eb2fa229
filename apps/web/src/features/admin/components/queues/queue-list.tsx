import { adminMessages, formatCents, listMessages } from '@meridian/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { ConfirmWithReason } from '../../../../components/ui/confirm-with-reason';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadError } from '../../../../components/ui/load-error';
import { type CursorPages, Pagination } from '../../../../components/ui/pagination';
import { Skeleton } from '../../../../components/ui/skeleton';
import { ApiError } from '../../../../lib/api-client';
import { useSubmit } from '../../../../lib/use-submit';
import type { Decision } from '../../api/settle-money-request';
import { QueueCard, type QueueRequest } from './queue-card';
import { useFocusAfterRemoval } from './use-focus-after-removal';

/** What differs between the deposit and the withdrawal queue. */
export interface QueueText {
  label: string;
  loadFailed: string;
  empty: string;
  emptyHint: string;
  bodyLabel: string;
  approveTitle: string;
  approveBody: (amount: string, who: string) => string;
  rejectTitle: string;
  rejectBody: (amount: string, who: string) => string;
  approved: string;
  rejected: string;
}

interface QueueListProps<T extends QueueRequest> {
  query: UseQueryResult<{ items: T[]; nextCursor: string | null }>;
  pages: CursorPages;
  text: QueueText;
  method: (item: T) => string;
  body: (item: T) => ReactNode;
  decide: (item: T, decision: Decision) => Promise<unknown>;
  busy: boolean;
  /** Whether the operator's role may settle this queue; without it the cards are read-only. */
  mayDecide: boolean;
}

const awaitsSecond = (result: unknown) =>
  typeof result === 'object' &&
  result !== null &&
  'awaitingSecondApproval' in result &&
  !!result.awaitingSecondApproval;

/** A refusal that will not change on retry (already settled, not found): the dialog closes on it. */
const isFinal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * A queue of pending requests, oldest first, one card each with approve (confirmed) and reject (with a
 * required reason). New requests arrive without a reload (the 'admin' topic refetches the query);
 * focus stays in the list when a card leaves it.
 */
export function QueueList<T extends QueueRequest>({
  query,
  pages,
  text,
  method,
  body,
  decide,
  busy,
  mayDecide,
}: QueueListProps<T>) {
  const [open, setOpen] = useState<{ kind: Decision['kind']; item: T } | null>(null);
  const items = query.data?.items;
  const { itemProps, emptyRef } = useFocusAfterRemoval(items?.map((item) => item.id));

  // A later page emptied by settling its last request: step back to a page that has some.
  useEffect(() => {
    if (items?.length === 0 && pages.hasPrevious && !query.isPlaceholderData) pages.previous();
  }, [items, pages, query.isPlaceholderData]);

  const close = () => setOpen(null);
  const submit = useSubmit({
    run: ({ item, decision }: { item: T; decision: Decision }) => decide(item, decision),
    success: (result, { decision }) => {
      if (decision.kind === 'reject') return text.rejected;
      // Four eyes: a large withdrawal's first approval pays nothing out yet.
      return awaitsSecond(result) ? adminMessages.fourEyes.withdrawalFirstApproved : text.approved;
    },
    onSuccess: close,
    onError: (error) => isFinal(error) && close(),
  });

  if (query.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <Skeleton className="h-72 w-full rounded-xl" />
        <Skeleton className="h-72 w-full rounded-xl" />
        <span className="sr-only">{listMessages.loading}</span>
      </div>
    );
  }
  if (query.isError && !items) {
    return <LoadError message={text.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  const who = open?.item.userName ?? '';
  const amount = open ? formatCents(open.item.amountCents) : '';
  return (
    <div className="flex flex-col gap-4">
      {query.isError && (
        <LoadError message={text.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
      {items && items.length === 0 ? (
        <div ref={emptyRef} tabIndex={-1} className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2">
          <EmptyState icon={Inbox} title={text.empty} description={text.emptyHint} />
        </div>
      ) : (
        <ul aria-label={text.label} aria-busy={query.isFetching || undefined} className="flex flex-col gap-4">
          {items?.map((item) => (
            <li key={item.id}>
              <QueueCard
                {...itemProps(item.id)}
                request={item}
                method={method(item)}
                bodyLabel={text.bodyLabel}
                {...(mayDecide && {
                  onApprove: () => setOpen({ kind: 'approve', item }),
                  onReject: () => setOpen({ kind: 'reject', item }),
                })}
              >
                {body(item)}
              </QueueCard>
            </li>
          ))}
        </ul>
      )}
      {(pages.hasPrevious || query.data?.nextCursor) && (
        <Pagination
          pages={pages}
          nextCursor={query.data?.nextCursor}
          busy={query.isPlaceholderData}
          label={text.label}
        />
      )}
      <ConfirmModal
        isOpen={open?.kind === 'approve'}
        title={text.approveTitle}
        description={open ? text.approveBody(amount, who) : ''}
        confirmLabel={adminMessages.queues.approve}
        busyLabel={adminMessages.queues.approving}
        busy={busy}
        onConfirm={() => open && void submit({ item: open.item, decision: { kind: 'approve' } })}
        onCancel={close}
      />
      <ConfirmWithReason
        isOpen={open?.kind === 'reject'}
        title={text.rejectTitle}
        description={open ? text.rejectBody(amount, who) : ''}
        confirmLabel={adminMessages.queues.reject}
        busyLabel={adminMessages.queues.rejecting}
        busy={busy}
        onConfirm={(reason) => open && void submit({ item: open.item, decision: { kind: 'reject', reason } })}
        onCancel={close}
      />
    </div>
  );
}
