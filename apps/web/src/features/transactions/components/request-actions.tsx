import { formatCents, type HistoryItem, moneyScreenMessages } from '@meridian/shared';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmit } from '../../../lib/use-submit';
import { type CancellableMode, useCancelRequest } from '../api/cancel-request';

const isCancellable = (mode: string): mode is CancellableMode => mode === 'deposit' || mode === 'withdrawal';

/** Whether a history row has actions of its own: a pending request to cancel, a receipt to open. */
export function hasRequestActions(t: HistoryItem): boolean {
  return t.receiptId !== null || (t.status === 'pending' && isCancellable(t.mode));
}

/**
 * A deposit or withdrawal request's own actions on its history card: open the receipt filed with a
 * deposit (served to its owner only), and cancel a request still pending, after a confirmation.
 */
export function RequestActions({ transaction }: { transaction: HistoryItem }) {
  const { mode, status, receiptId } = transaction;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {receiptId && (
        <a
          href={`/api/receipts/${encodeURIComponent(receiptId)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('ghost', 'sm')}
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {moneyScreenMessages.viewReceipt}
        </a>
      )}
      {status === 'pending' && isCancellable(mode) && <CancelRequest transaction={transaction} mode={mode} />}
    </div>
  );
}

function CancelRequest({ transaction, mode }: { transaction: HistoryItem; mode: CancellableMode }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelRequest();
  const idempotency = useIdempotencyKey();
  const submit = useSubmit({
    run: () =>
      cancel.mutateAsync({ mode, id: transaction.id, idempotencyKey: idempotency.keyFor({ id: transaction.id }) }),
    success: moneyScreenMessages.requestCancelled,
    failure: moneyScreenMessages.failedToCancelRequest,
    onSuccess: () => {
      idempotency.settle();
      setOpen(false);
    },
    // Refused (an operator decided meanwhile): nothing to confirm any more. A network failure keeps
    // the dialog, and its retry the same key.
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setOpen(false);
    },
  });
  const amount = formatCents(transaction.amountCents);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {moneyScreenMessages.cancelRequest}
      </Button>
      <ConfirmModal
        isOpen={open}
        title={moneyScreenMessages.cancelRequestTitle}
        description={
          mode === 'deposit' ? moneyScreenMessages.cancelDeposit(amount) : moneyScreenMessages.cancelWithdrawal(amount)
        }
        confirmLabel={moneyScreenMessages.cancelRequest}
        busyLabel={moneyScreenMessages.cancellingRequest}
        cancelLabel={moneyScreenMessages.keepRequest}
        variant="danger"
        busy={cancel.isPending}
        onConfirm={() => void submit(undefined)}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
