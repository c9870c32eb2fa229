import type { AdminOverview, BooksSummary, DailyFlow } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../lib/sql.js';

type Cents = string | number;
const n = (v: Cents | null | undefined) => Number(v ?? 0);

/** Users by state; 'new this week' is the seven days before `now`. */
export async function userCounts(db: Db, now: Date): Promise<AdminOverview['users']> {
  const [r] = await rows<Record<string, number>>(
    db,
    sql`SELECT count(*)::int AS total,
               count(*) FILTER (WHERE is_active)::int AS active,
               count(*) FILTER (WHERE NOT is_active)::int AS inactive,
               count(*) FILTER (WHERE role <> 'user')::int AS admins,
               count(*) FILTER (WHERE created_at > ${now.toISOString()}::timestamptz - interval '7 days')::int AS new_this_week
          FROM users`,
  );
  return {
    total: n(r?.total),
    active: n(r?.active),
    inactive: n(r?.inactive),
    admins: n(r?.admins),
    newThisWeek: n(r?.new_this_week),
  };
}

/** What waits for an operator (the queues' partial indexes answer these). */
export async function pendingRequests(db: Db): Promise<AdminOverview['pending']> {
  const [r] = await rows<Record<string, Cents>>(
    db,
    sql`SELECT (SELECT count(*) FROM deposits WHERE status = 'pending')::int AS deposits,
               (SELECT COALESCE(SUM(amount_cents), 0) FROM deposits WHERE status = 'pending') AS deposits_cents,
               (SELECT count(*) FROM withdrawals WHERE status = 'pending')::int AS withdrawals,
               (SELECT COALESCE(SUM(amount_cents), 0) FROM withdrawals WHERE status = 'pending') AS withdrawals_cents`,
  );
  return {
    deposits: { count: n(r?.deposits), totalCents: n(r?.deposits_cents) },
    withdrawals: { count: n(r?.withdrawals), totalCents: n(r?.withdrawals_cents) },
  };
}

/**
 * The books in one pass over the entries (GROUPING SETS: per journal and per account at once).
 * User accounts are summed from their cached balances; system accounts have no cached balance
 * (DESIGN.md section 4), so fee revenue and the external account are their entries' sums. Fee revenue
 * is credited (positive) by every fee; `external` is debited by money coming in, so its sum is negated.
 * `problems` counts journals whose entries do not sum to zero and user accounts whose cached balance
 * is not the sum of their entries: both 0 in healthy books (the ledger's triggers guarantee it; this
 * is the operator's independent check).
 */
export async function booksSummary(db: Db): Promise<BooksSummary> {
  const [r] = await rows<Record<string, Cents>>(
    db,
    sql`WITH sums AS MATERIALIZED (
          SELECT journal_id, account_id, GROUPING(journal_id) AS per_account, SUM(amount_cents) AS total
            FROM entries GROUP BY GROUPING SETS ((journal_id), (account_id))
        ), per_account AS (
          SELECT account_id, total FROM sums WHERE per_account = 1
        )
        SELECT
          COALESCE(SUM(a.balance_cents) FILTER (WHERE a.user_id IS NOT NULL AND a.kind = 'balance'), 0) AS balance,
          COALESCE(SUM(a.balance_cents) FILTER (WHERE a.user_id IS NOT NULL AND a.kind = 'profit'), 0) AS profit,
          COALESCE(SUM(a.balance_cents) FILTER (WHERE a.user_id IS NOT NULL AND a.kind = 'bonus'), 0) AS bonus,
          COALESCE(SUM(a.balance_cents) FILTER (WHERE a.user_id IS NOT NULL AND a.kind = 'referral_bonus'), 0) AS referral_bonus,
          COALESCE(SUM(a.balance_cents) FILTER (WHERE a.user_id IS NOT NULL AND a.kind = 'invested'), 0) AS invested,
          COALESCE(SUM(a.balance_cents) FILTER (WHERE a.user_id IS NOT NULL AND a.kind = 'withdrawal_hold'), 0) AS withdrawal_hold,
          COALESCE(SUM(p.total) FILTER (WHERE a.user_id IS NULL AND a.kind = 'fee_revenue'), 0) AS fee_revenue,
          COALESCE(-SUM(p.total) FILTER (WHERE a.user_id IS NULL AND a.kind = 'external'), 0) AS external_net,
          count(*) FILTER (WHERE a.user_id IS NOT NULL AND a.balance_cents <> COALESCE(p.total, 0)) AS drifted,
          (SELECT count(*) FROM sums WHERE per_account = 0 AND total <> 0) AS unbalanced
        FROM accounts a LEFT JOIN per_account p ON p.account_id = a.id`,
  );
  const problems = n(r?.drifted) + n(r?.unbalanced);
  return {
    balanceCents: n(r?.balance),
    profitCents: n(r?.profit),
    bonusCents: n(r?.bonus),
    referralBonusCents: n(r?.referral_bonus),
    investedCents: n(r?.invested),
    withdrawalHoldCents: n(r?.withdrawal_hold),
    feeRevenueCents: n(r?.fee_revenue),
    externalNetCents: n(r?.external_net),
    balanced: problems === 0,
    problems,
  };
}

/**
 * Money in and out per UTC day for the `days` days ending with `now`'s, oldest first, days without
 * money included: deposits approved that day and withdrawals paid out that day (each by the time an
 * operator decided it, `decided_at`).
 */
export async function dailyFlows(db: Db, now: Date, days: number): Promise<DailyFlow[]> {
  const found = await rows<{ day: string; deposits: Cents; withdrawals: Cents }>(
    db,
    sql`WITH bounds AS (
          SELECT (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date AS last_day
        ), days AS (
          SELECT (last_day - g)::date AS day FROM bounds, generate_series(0, ${days - 1}) AS g
        ), since AS (
          SELECT (MIN(day)::timestamp AT TIME ZONE 'UTC') AS at FROM days
        ), money AS (
          SELECT (decided_at AT TIME ZONE 'UTC')::date AS day, amount_cents AS deposit, 0::bigint AS withdrawal
            FROM deposits, since WHERE status = 'approved' AND decided_at >= since.at
          UNION ALL
          SELECT (decided_at AT TIME ZONE 'UTC')::date, 0, amount_cents
            FROM withdrawals, since WHERE status = 'paid' AND decided_at >= since.at
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
               COALESCE(SUM(m.deposit), 0) AS deposits, COALESCE(SUM(m.withdrawal), 0) AS withdrawals
          FROM days d LEFT JOIN money m ON m.day = d.day
         GROUP BY d.day ORDER BY d.day`,
  );
  return found.map((r) => {
    const depositsCents = n(r.deposits);
    const withdrawalsCents = n(r.withdrawals);
    return { day: r.day, depositsCents, withdrawalsCents, netCents: depositsCents - withdrawalsCents };
  });
}
