import type { Wallet } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from '../lib/sql.js';

/**
 * The dashboard's figures, from the books: the four spendable/claimable user accounts, and the
 * lifetime sums of deposits credited and withdrawals paid out.
 */
export async function walletOf(db: Db, userId: string): Promise<Wallet> {
  const [row] = await rows<Record<string, string | number | null>>(
    db,
    sql`SELECT
      COALESCE(SUM(a.balance_cents) FILTER (WHERE a.kind = 'balance'), 0) AS balance,
      COALESCE(SUM(a.balance_cents) FILTER (WHERE a.kind = 'profit'), 0) AS profit,
      COALESCE(SUM(a.balance_cents) FILTER (WHERE a.kind = 'bonus'), 0) AS bonus,
      COALESCE(SUM(a.balance_cents) FILTER (WHERE a.kind = 'referral_bonus'), 0) AS referral_bonus,
      (SELECT COALESCE(SUM(e.amount_cents), 0) FROM entries e JOIN journals j ON j.id = e.journal_id
         JOIN accounts ua ON ua.id = e.account_id
         WHERE ua.user_id = ${userId} AND ua.kind = 'balance' AND j.kind = 'deposit') AS total_deposit,
      (SELECT COALESCE(-SUM(e.amount_cents), 0) FROM entries e JOIN journals j ON j.id = e.journal_id
         JOIN accounts ua ON ua.id = e.account_id
         WHERE ua.user_id = ${userId} AND ua.kind = 'withdrawal_hold' AND j.kind = 'withdrawal_payout') AS total_withdrawal
    FROM accounts a WHERE a.user_id = ${userId}`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    balanceCents: n('balance'),
    profitCents: n('profit'),
    bonusCents: n('bonus'),
    referralBonusCents: n('referral_bonus'),
    totalDepositCents: n('total_deposit'),
    totalWithdrawalCents: n('total_withdrawal'),
  };
}

/** Balance of one account from its entries: the truth the cached column must equal. */
export async function balanceFromEntries(db: Db, accountId: number): Promise<number> {
  const [row] = await rows<{ total: string | number }>(
    db,
    sql`SELECT COALESCE(SUM(amount_cents), 0) AS total FROM entries WHERE account_id = ${accountId}`,
  );
  return Number(row?.total ?? 0);
}
