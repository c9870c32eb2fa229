import { adminMessages, formatCents } from '@meridian/shared';
import { Check, X } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { TextLink } from '../../../../components/ui/text-link';
import { formatDateTime } from '../../../../lib/format-date';

const { queues } = adminMessages;

export interface QueueRequest {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  amountCents: number;
  createdAt: string;
  /** Four eyes: the operator who approved it first; a second, different one decides. */
  firstApprovedBy?: string | null;
}

interface QueueCardProps {
  request: QueueRequest;
  /** The method, as members saw it ('Bank Transfer', 'USDT (TRC20)'). */
  method: string;
  /** The label over the body ('Receipt', 'Destination'). */
  bodyLabel: string;
  children: ReactNode;
  /** Approve and reject, for a role that may settle the queue; without them the card only shows the request. */
  onApprove?: () => void;
  onReject?: () => void;
  /** The card itself takes focus when the one before it leaves the queue. */
  ref?: Ref<HTMLElement>;
  onFocusCapture?: () => void;
}

/** One pending deposit or withdrawal: who, how much, how and when, its receipt or destination, and the decision. */
export function QueueCard({
  request,
  method,
  bodyLabel,
  children,
  onApprove,
  onReject,
  ref,
  onFocusCapture,
}: QueueCardProps) {
  const headingId = useId();
  const bodyId = useId();
  const amount = formatCents(request.amountCents);
  return (
    <article
      ref={ref}
      onFocusCapture={onFocusCapture}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900 dark:text-white">
          <TextLink to={`/admin/users/${encodeURIComponent(request.userId)}`}>{request.userName}</TextLink>
          <span className="sr-only">, {amount}</span>
        </h2>
        <p aria-hidden="true" className="text-xl font-semibold text-slate-900 tabular-nums dark:text-white">
          {amount}
        </p>
      </div>
      {request.firstApprovedBy && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Badge tone="warning">{adminMessages.fourEyes.awaitingSecond}</Badge>
          <span className="break-all">{adminMessages.fourEyes.firstApproved(request.firstApprovedBy)}</span>
        </p>
      )}
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <Meta term={queues.member}>
          <span className="break-all">{request.userEmail}</span>
        </Meta>
        <Meta term={queues.method}>{method}</Meta>
        <Meta term={queues.filed}>
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        </Meta>
      </dl>
      {/* Named "Receipt, Jane Doe, $150.00": every card of the queue has one, so the name says whose. */}
      <section aria-labelledby={`${bodyId} ${headingId}`} className="flex flex-col gap-2">
        <h3 id={bodyId} className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {bodyLabel}
        </h3>
        {children}
      </section>
      {onApprove && onReject && (
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
          <Button variant="secondary" onClick={onReject}>
            <X className="size-4" aria-hidden="true" />
            {queues.reject}
            <span className="sr-only"> {queues.itemTitle(request.userName, amount)}</span>
          </Button>
          <Button onClick={onApprove}>
            <Check className="size-4" aria-hidden="true" />
            {queues.approve}
            <span className="sr-only"> {queues.itemTitle(request.userName, amount)}</span>
          </Button>
        </div>
      )}
    </article>
  );
}

function Meta({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-medium text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}
