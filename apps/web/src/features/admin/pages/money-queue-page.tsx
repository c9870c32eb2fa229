import {
  adminMessages,
  formatCents,
  type MoneyQueue,
  type MoneyQueueItem,
  WITHDRAWAL_METHOD_LABELS,
} from '@meridian/shared';
import type { ReactNode } from 'react';
import { useCursorPages } from '../../../components/ui/pagination';
import { useMoneyQueue } from '../api/get-money-queue';
import { useSettleMoneyRequest } from '../api/settle-money-request';
import { AdminPage } from '../components/admin-page';
import { DestinationDetails } from '../components/queues/destination-details';
import { QueueList, type QueueText } from '../components/queues/queue-list';
import { ReceiptPreview } from '../components/receipt/receipt-preview';
import { useCan } from '../lib/permissions';

const { queues } = adminMessages;

/** What differs between the console's queues: their words, how a request's method reads, and its body. */
interface QueueView<Q extends MoneyQueue> {
  description: string;
  text: QueueText;
  method: (item: MoneyQueueItem<Q>) => string;
  /** The request's receipt or destination, under `text.bodyLabel`. */
  body: (item: MoneyQueueItem<Q>) => ReactNode;
}

const VIEWS: { [Q in MoneyQueue]: QueueView<Q> } = {
  // Each receipt inline, checked against the payment received.
  deposits: {
    description: queues.depositsDescription,
    text: {
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
    },
    method: (deposit) => deposit.methodLabel,
    body: (deposit) => (
      <ReceiptPreview
        receiptId={deposit.receiptId}
        contentType={deposit.receiptContentType}
        who={deposit.userName}
        amount={formatCents(deposit.amountCents)}
      />
    ),
  },
  // Every destination detail to copy; pay out or return.
  withdrawals: {
    description: queues.withdrawalsDescription,
    text: {
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
    },
    method: (withdrawal) => WITHDRAWAL_METHOD_LABELS[withdrawal.method],
    body: (withdrawal) => <DestinationDetails method={withdrawal.method} destination={withdrawal.destination} />,
  },
};

/** /admin/<queue>: the queue's pending requests oldest first, each approved or rejected here. */
function MoneyQueuePage<Q extends MoneyQueue>({ queue }: { queue: Q }) {
  const view: QueueView<Q> = VIEWS[queue];
  const pages = useCursorPages(queue);
  const query = useMoneyQueue(queue, { cursor: pages.cursor, limit: pages.pageSize });
  const settle = useSettleMoneyRequest(queue);
  const mayDecide = useCan(`${queue}.settle`);
  return (
    <AdminPage title={view.text.label} description={view.description}>
      <QueueList
        query={query}
        pages={pages}
        text={view.text}
        method={view.method}
        body={view.body}
        decide={(item, decision) => settle.mutateAsync({ id: item.id, decision })}
        busy={settle.isPending}
        mayDecide={mayDecide}
      />
    </AdminPage>
  );
}

export const DepositsPage = () => <MoneyQueuePage queue="deposits" />;
export const WithdrawalsPage = () => <MoneyQueuePage queue="withdrawals" />;
