import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { USER_ACCOUNT_KINDS, type UserAccountKind } from '../db/schema/index.js';
import { rows } from '../lib/sql.js';

/** Opens a user's six accounts; safe to call again (registration calls it, operations rely on it). */
export async function openUserAccounts(tx: Db, userId: string): Promise<void> {
  // Through the ledger's function: the accounts table refuses any other writer (book.sql).
  const kinds = sql.join(
    USER_ACCOUNT_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  await tx.execute(sql`SELECT ledger_open_accounts(${userId}, ARRAY[${kinds}]::text[])`);
}

/**
 * A user's balances of these kinds, their rows locked (FOR UPDATE) in the order ledger_book locks
 * them, (user, kind), so an operation can read what it is about to move and book it in the same
 * transaction without a concurrent booking changing it or deadlocking with it. A kind with no
 * account yet is absent (its balance is zero).
 */
export async function lockedBalances(
  tx: Db,
  userId: string,
  kinds: readonly UserAccountKind[],
): Promise<Partial<Record<UserAccountKind, number>>> {
  const found = await rows<{ kind: UserAccountKind; balance_cents: string | number }>(
    tx,
    sql`SELECT kind, balance_cents FROM accounts
        WHERE user_id = ${userId} AND kind IN (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
        ORDER BY kind FOR UPDATE`,
  );
  return Object.fromEntries(found.map((r) => [r.kind, Number(r.balance_cents)]));
}
