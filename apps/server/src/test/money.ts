import { sql } from 'drizzle-orm';
import { setAccountActive } from '../core/users/activation.service.js';
import { findUserByEmail } from '../core/users/users.queries.js';
import type { Db } from '../db/client.js';
import { moneyTransaction } from '../ledger/money-transaction.js';
import { rows } from '../lib/sql.js';
import { bookAdjustment } from '../modules/admin/adjust.service.js';
import { newKey, TestClient } from './client.js';
import type { TestContext } from './test-app.js';

/**
 * Credits `cents` to the balance of the user with this e-mail through an audited adjustment, booked
 * at once whatever the amount (test funding is not an operator's decision: no four eyes).
 */
export async function fundByEmail(ctx: TestContext, email: string, cents: number): Promise<void> {
  await moneyTransaction(ctx.db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new Error(`fundByEmail: no user ${email}`);
    const at = new Date();
    await bookAdjustment(tx, { userId: user.id, amountCents: cents, reason: 'test funding', actor: 'test', at }, {});
  });
}

/** A registered, activated user funded with `cents` through an audited adjustment. */
export async function fundedUser(ctx: TestContext, cents: number, overrides: Record<string, unknown> = {}) {
  const client = new TestClient(ctx.app);
  const body = await client.register(overrides);
  await setAccountActive(ctx.db, body.email, true, 'test');
  if (cents > 0) await fundByEmail(ctx, body.email, cents);
  const me = (await client.request('GET', '/api/me')).json() as { id: string; referralId: string };
  const money = (method: 'POST', url: string, payload?: unknown, key = newKey()) =>
    client.request(method, url, payload ?? {}, { 'idempotency-key': key });
  const wallet = async () => (await client.request('GET', '/api/wallet')).json();
  return { client, body, id: me.id, referralId: me.referralId, money, wallet };
}

/** The invariants of the books, checked against the database itself. */
export async function booksInvariants(db: Db) {
  const [unbalanced] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT journal_id FROM entries GROUP BY journal_id HAVING SUM(amount_cents) <> 0) x`,
  );
  const [total] = await rows<{ s: string | number }>(db, sql`SELECT COALESCE(SUM(amount_cents), 0) AS s FROM entries`);
  const [negative] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM accounts WHERE user_id IS NOT NULL AND balance_cents < 0`,
  );
  const [drift] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM accounts a WHERE a.user_id IS NOT NULL
        AND a.balance_cents <> (SELECT COALESCE(SUM(e.amount_cents), 0) FROM entries e WHERE e.account_id = a.id)`,
  );
  // Every history row names the wallet it moved (migration 0005), whichever code path wrote it.
  const [walletless] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM transactions WHERE wallet IS NULL`,
  );
  // Entries have no foreign keys (the ledger's trigger checks each statement): none may be orphaned.
  const [orphans] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM entries e
        WHERE NOT EXISTS (SELECT FROM journals j WHERE j.id = e.journal_id)
           OR NOT EXISTS (SELECT FROM accounts a WHERE a.id = e.account_id)`,
  );
  const [unjournaled] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM transactions t
        WHERE t.journal_id IS NOT NULL AND NOT EXISTS (SELECT FROM journals j WHERE j.id = t.journal_id)`,
  );
  return {
    entriesWithoutJournalOrAccount: Number(orphans?.n),
    historyRowsWithoutTheirJournal: Number(unjournaled?.n),
    historyRowsWithoutWallet: Number(walletless?.n),
    unbalancedJournals: Number(unbalanced?.n),
    sumOfAllEntries: Number(total?.s),
    negativeUserAccounts: Number(negative?.n),
    cachedBalancesOffTheirEntries: Number(drift?.n),
  };
}

export const HEALTHY_BOOKS = {
  entriesWithoutJournalOrAccount: 0,
  historyRowsWithoutTheirJournal: 0,
  historyRowsWithoutWallet: 0,
  unbalancedJournals: 0,
  sumOfAllEntries: 0,
  negativeUserAccounts: 0,
  cachedBalancesOffTheirEntries: 0,
};
