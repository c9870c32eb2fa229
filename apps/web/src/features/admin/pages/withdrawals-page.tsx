import { type AdminWithdrawal, adminMessages, WITHDRAWAL_METHOD_LABELS } from '@meridian/shared';
import { useCursorPages } from '../../../components/ui/pagination';
import { useWithdrawalQueue } from '../api/get-withdrawal-queue';
import { useSettleWithdrawal } from '../api/settle-withdrawal';
import { AdminPage } from '../components/admin-page';
import { DestinationDetails } from '../components/queues/destination-details';
import { type Decision, QueueList, type QueueText } from '../components/queues/queue-list';

const { queues } = adminMessages;

const text: QueueText = {
  label: queues.withdrawalsTitle,
  loadFailed: queues.withdrawalsLoadFailed,
  empty: queues.withdrawalsEmpty,
  emptyHint: queues.withdrawalsEmptyHint,
  bodyLabel: queues.destination,
  approveTitle: queues.approveWithdrawalTitle,
  approveBody: queues.approveWithdrawalBody,
  rejectTitle: queues.rejectWithdrawalTitle,
  rejectBody: queues.rejectWithdrawalBody,
  approved: adminMessages.withdrawalApproved,
  rejected: adminMessages.withdrawalRejected,
};

/** /admin/withdrawals: pending withdrawals oldest first with every destination detail to copy; pay out or return. */
export function WithdrawalsPage() {
  const pages = useCursorPages('withdrawals');
  const query = useWithdrawalQueue({ cursor: pages.cursor, limit: pages.pageSize });
  const settle = useSettleWithdrawal();
  const decide = (withdrawal: AdminWithdrawal, decision: Decision) =>
    settle.mutateAsync(
      decision.kind === 'approve'
        ? { id: withdrawal.id, decision: 'approve' }
        : { id: withdrawal.id, decision: 'reject', reason: decision.reason },
    );
  return (
    <AdminPage title={queues.withdrawalsTitle} description={queues.withdrawalsDescription}>
      <QueueList
        query={query}
        pages={pages}
        text={text}
        method={(withdrawal) => WITHDRAWAL_METHOD_LABELS[withdrawal.method]}
        body={(withdrawal) => <DestinationDetails method={withdrawal.method} destination={withdrawal.destination} />}
        decide={decide}
        busy={settle.isPending}
      />
    </AdminPage>
  );
}
