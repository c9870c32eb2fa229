import type { Db } from '../../db/client.js';
import { post, type UserAccounts } from '../../ledger/index.js';
import { insertTransactions } from '../../core/history/history.queries.js';
import type { InvestmentRow } from './investments.queries.js';

/** invested -> balance for the whole principal, with its history row: at maturity or on an early end. */
export async function returnCapital(
  tx: Db,
  accounts: UserAccounts,
  inv: InvestmentRow,
  why: 'matured' | 'ended early',
): Promise<void> {
  const journalId = await post(tx, {
    kind: 'capital_return',
    userId: inv.userId,
    postings: [
      { account: accounts.invested, amountCents: -inv.amountCents },
      { account: accounts.balance, amountCents: inv.amountCents },
    ],
  });
  await insertTransactions(tx, [
    {
      userId: inv.userId,
      type: 'credit',
      mode: 'capital',
      method: inv.planName,
      description: `Capital returned: ${inv.planName} plan ${why}`,
      amountCents: inv.amountCents,
      status: 'success',
      wallet: 'balance',
      journalId,
    },
  ]);
}
