import { type AdminDeposit, adminMessages, formatCents } from '@meridian/shared';
import { useCursorPages } from '../../../components/ui/pagination';
import { useDepositQueue } from '../api/get-deposit-queue';
import { useSettleDeposit } from '../api/settle-deposit';
import { AdminPage } from '../components/admin-page';
import { type Decision, QueueList, type QueueText } from '../components/queues/queue-list';
import { ReceiptPreview } from '../components/receipt/receipt-preview';

const { queues } = adminMessages;

const text: QueueText = {
  label: queues.depositsTitle,
  loadFailed: queues.depositsLoadFailed,
  empty: queues.depositsEmpty,
  emptyHint: queues.depositsEmptyHint,
  bodyLabel: queues.receipt,
  approveTitle: queues.approveDepositTitle,
  approveBody: queues.approveDepositBody,
  rejectTitle: queues.rejectDepositTitle,
  rejectBody: queues.rejectDepositBody,
  approved: adminMessages.depositApproved,
  rejected: adminMessages.depositRejected,
};

/** /admin/deposits: pending deposits oldest first, each with its receipt inline, approved or rejected here. */
export function DepositsPage() {
  const pages = useCursorPages('deposits');
  const query = useDepositQueue({ cursor: pages.cursor, limit: pages.pageSize });
  const settle = useSettleDeposit();
  const decide = (deposit: AdminDeposit, decision: Decision) =>
    settle.mutateAsync(
      decision.kind === 'approve'
        ? { id: deposit.id, decision: 'approve' }
        : { id: deposit.id, decision: 'reject', reason: decision.reason },
    );
  return (
    <AdminPage title={queues.depositsTitle} description={queues.depositsDescription}>
      <QueueList
        query={query}
        pages={pages}
        text={text}
        method={(deposit) => deposit.methodLabel}
        body={(deposit) => (
          <ReceiptPreview
            receiptId={deposit.receiptId}
            contentType={deposit.receiptContentType}
            who={deposit.userName}
            amount={formatCents(deposit.amountCents)}
          />
        )}
        decide={decide}
        busy={settle.isPending}
      />
    </AdminPage>
  );
}
