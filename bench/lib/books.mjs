// The invariants of the books, read from the database after seeding, after the run and after the
// diagnostic replays.
import pg from 'pg';
import { BENCH_EMAIL_DOMAIN } from './seed.mjs';

/**
 * The invariants of the books, read from the database: every journal sums to zero, all entries sum to
 * zero, no user account is negative, every user balance equals the sum of its entries, and the money
 * of this run (users' balances + fee revenue) equals what was funded.
 */
export async function booksCheck({ databaseUrl, runId, fundedCents, historyRows = true }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text, params = []) => Object.values((await client.query(text, params)).rows[0])[0];
    const invariants = await ledgerInvariants(client);
    const usersCents = Number(
      await one(
        `SELECT COALESCE(SUM(a.balance_cents), 0) FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email LIKE $1`,
        [`bench-${runId}-%@${BENCH_EMAIL_DOMAIN}`],
      ),
    );
    const feeRevenueCents = Number(
      await one(
        `SELECT COALESCE(SUM(e.amount_cents), 0) FROM entries e JOIN accounts a ON a.id = e.account_id
           WHERE a.user_id IS NULL AND a.kind = 'fee_revenue'`,
      ),
    );
    const transferJournals = Number(await one(`SELECT count(*) FROM journals WHERE kind = 'transfer'`));
    const transferRows = Number(await one(`SELECT count(*) FROM transactions WHERE mode = 'transfer'`));
    // Group commit (decision 014): the journals of one transaction share its now(), so their
    // created_at tells how many transfers each commit carried.
    const commits = (
      await client.query(
        `SELECT count(*)::int AS commits, COALESCE(max(n), 0)::int AS largest
           FROM (SELECT count(*) AS n FROM journals WHERE kind = 'transfer' GROUP BY created_at) x`,
      )
    ).rows[0];
    const moneyConserved = usersCents + feeRevenueCents === fundedCents;
    const ok =
      invariants.ok &&
      moneyConserved &&
      // two history rows per transfer (a diagnostic replay of a leaner data model writes none)
      (!historyRows || transferRows === 2 * transferJournals);
    return {
      ...invariants,
      ok,
      fundedCents,
      usersCents,
      feeRevenueCents,
      moneyConserved,
      transferJournals,
      transferRows,
      transferCommits: commits.commits,
      largestTransferCommit: commits.largest,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * What must hold of any books, read through `client` (node-postgres, connected): every journal sums to
 * zero and has entries, all entries sum to zero, no user account is negative, every user account's
 * cached balance equals the sum of its entries. `ok` when all hold.
 */
export async function ledgerInvariants(client) {
  const one = async (text, params = []) => Object.values((await client.query(text, params)).rows[0])[0];
  const unbalancedJournals = Number(
    await one(
      `SELECT count(*) FROM (SELECT journal_id FROM entries GROUP BY journal_id HAVING SUM(amount_cents) <> 0) x`,
    ),
  );
  const journalsWithoutEntries = Number(
    await one(`SELECT count(*) FROM journals j WHERE NOT EXISTS (SELECT 1 FROM entries e WHERE e.journal_id = j.id)`),
  );
  const sumOfAllEntries = Number(await one(`SELECT COALESCE(SUM(amount_cents), 0) FROM entries`));
  const negativeUserAccounts = Number(
    await one(`SELECT count(*) FROM accounts WHERE user_id IS NOT NULL AND balance_cents < 0`),
  );
  const balancesOffTheirEntries = Number(
    await one(
      `SELECT count(*) FROM accounts a
           LEFT JOIN (SELECT account_id, SUM(amount_cents) AS s FROM entries GROUP BY account_id) e ON e.account_id = a.id
           WHERE a.user_id IS NOT NULL AND a.balance_cents <> COALESCE(e.s, 0)`,
    ),
  );
  return {
    ok:
      unbalancedJournals === 0 &&
      journalsWithoutEntries === 0 &&
      sumOfAllEntries === 0 &&
      negativeUserAccounts === 0 &&
      balancesOffTheirEntries === 0,
    unbalancedJournals,
    journalsWithoutEntries,
    sumOfAllEntries,
    negativeUserAccounts,
    balancesOffTheirEntries,
  };
}
