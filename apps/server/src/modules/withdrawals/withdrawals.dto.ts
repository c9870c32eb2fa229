import type { AdminWithdrawal, Withdrawal } from '@meridian/shared';
import type { QueueRow, WithdrawalRow } from './withdrawals.queries.js';

export function toWithdrawalDto(w: WithdrawalRow): Withdrawal {
  return {
    id: w.id,
    userId: w.userId,
    amountCents: w.amountCents,
    method: w.method,
    destination: w.destination,
    status: w.status,
    reason: w.reason,
    createdAt: w.createdAt.toISOString(),
    decidedAt: w.decidedAt ? w.decidedAt.toISOString() : null,
  };
}

/** A pending withdrawal in the operator's queue: the request, its destination and its member. */
export function toAdminWithdrawalDto(r: QueueRow): AdminWithdrawal {
  return {
    ...toWithdrawalDto(r.request),
    userName: r.userName,
    userEmail: r.userEmail,
    firstApprovedBy: r.request.firstApprovedBy,
    firstApprovedAt: r.request.firstApprovedAt ? r.request.firstApprovedAt.toISOString() : null,
  };
}
