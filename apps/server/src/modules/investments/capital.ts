import { historyWording } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { type BatchBooking, bookIn } from '../../ledger/index.js';
import type { RealtimeTopic } from '../../lib/realtime-payloads.js';
import type { InvestmentRow } from './investments.queries.js';

/** invested -> balance for the whole principal, with its history row: at maturity or on an early end. */
export function capitalReturnBooking(inv: InvestmentRow, why: 'matured' | 'ended early'): BatchBooking {
  return {
    kind: 'capital_return',
    userId: inv.userId,
    postings: [
      { account: { userId: inv.userId, kind: 'invested' }, amountCents: -inv.amountCents },
      { account: { userId: inv.userId, kind: 'balance' }, amountCents: inv.amountCents },
    ],
    history: [
      {
        userId: inv.userId,
        type: 'credit',
        mode: 'capital',
        method: inv.planName,
        description: historyWording.capitalReturned(inv.planName, why),
        amountCents: inv.amountCents,
        status: 'success',
        wallet: 'balance',
      },
    ],
  };
}

/** Books the capital's return; `topics` is the notification of the transaction it is part of. */
export async function returnCapital(
  tx: Db,
  inv: InvestmentRow,
  why: 'matured' | 'ended early',
  topics: readonly RealtimeTopic[],
  now: Date,
): Promise<void> {
  await bookIn(tx, { ...capitalReturnBooking(inv, why), topics: { userIds: [inv.userId], topics }, at: now });
}
