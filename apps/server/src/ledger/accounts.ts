import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type SystemAccountKind, USER_ACCOUNT_KINDS, type UserAccountKind } from '../db/schema/index.js';
import { rows } from '../lib/sql.js';

export interface AccountRef {
  id: number;
  /** System accounts are never updated per operation; their balance is the sum of their entries. */
  system: boolean;
}

export type UserAccounts = Record<UserAccountKind, AccountRef>;
export type SystemAccounts = Record<SystemAccountKind, AccountRef>;

/** Opens a user's six accounts; safe to call again (registration calls it, operations rely on it). */
export async function openUserAccounts(tx: Db, userId: string): Promise<void> {
  // Through the ledger's function: the accounts table refuses any other writer (book.sql).
  const kinds = sql.join(
    USER_ACCOUNT_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  await tx.execute(sql`SELECT ledger_open_accounts(${userId}, ARRAY[${kinds}]::text[])`);
}

/** A user's accounts and the system accounts, in one round trip. */
export async function accountsFor(tx: Db, userId: string): Promise<{ user: UserAccounts; system: SystemAccounts }> {
  let found = await rows<{ id: string | number; kind: string; user_id: string | null }>(
    tx,
    sql`SELECT id, kind, user_id FROM accounts WHERE user_id = ${userId} OR user_id IS NULL`,
  );
  if (found.filter((r) => r.user_id !== null).length < USER_ACCOUNT_KINDS.length) {
    await openUserAccounts(tx, userId);
    found = await rows(tx, sql`SELECT id, kind, user_id FROM accounts WHERE user_id = ${userId} OR user_id IS NULL`);
  }
  const user = {} as UserAccounts;
  const system = {} as SystemAccounts;
  for (const r of found) {
    const ref = { id: Number(r.id), system: r.user_id === null };
    if (r.user_id === null) system[r.kind as SystemAccountKind] = ref;
    else user[r.kind as UserAccountKind] = ref;
  }
  return { user, system };
}
