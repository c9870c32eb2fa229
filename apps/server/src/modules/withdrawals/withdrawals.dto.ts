import type { Withdrawal } from '@meridian/shared';
import type { WithdrawalRow } from './withdrawals.queries.js';

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
