import type { Deposit } from '@meridian/shared';
import type { DepositRow } from './deposits.queries.js';

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
