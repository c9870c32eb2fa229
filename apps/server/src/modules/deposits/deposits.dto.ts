import type { AdminDeposit, Deposit } from '@meridian/shared';
import type { DepositRow, QueueRow } from './deposits.queries.js';

/** A deposit as its owner and the operator see it. */
export function toDepositDto(d: DepositRow): Deposit {
  return {
    id: d.id,
    userId: d.userId,
    amountCents: d.amountCents,
    methodLabel: d.methodLabel,
    methodType: d.methodType,
    status: d.status,
    reason: d.reason,
    receiptId: d.receiptId,
    createdAt: d.createdAt.toISOString(),
    decidedAt: d.decidedAt ? d.decidedAt.toISOString() : null,
  };
}

/** A pending deposit in the operator's queue: the deposit, its member and its receipt's kind and size. */
export function toAdminDepositDto(r: QueueRow): AdminDeposit {
  return {
    ...toDepositDto(r.request),
    userName: r.userName,
    userEmail: r.userEmail,
    receiptContentType: r.receiptContentType,
    receiptSizeBytes: r.receiptSizeBytes,
  };
}
