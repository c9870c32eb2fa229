import { randomUUID } from 'node:crypto';
import type { Transaction, WalletKind } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';

/** The user-facing history (the spec's Transaction entity): rows, their one DTO mapper, and the insert. */
type Row = typeof transactions.$inferSelect;
/** Every history row names the wallet it moved money in or out of, so `wallet` is required here. */
export type NewTransaction = Omit<typeof transactions.$inferInsert, 'id' | 'wallet'> & { wallet: WalletKind };

/** What a client sees of a history row; takes any row carrying those columns. */
export function toTransactionDto(r: Pick<Row, keyof Transaction>): Transaction {
  return {
    id: r.id,
    type: r.type,
    mode: r.mode as Transaction['mode'],
    method: r.method,
    description: r.description,
    amountCents: r.amountCents,
    feeCents: r.feeCents,
    status: r.status,
    wallet: r.wallet,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function insertTransactions(tx: Db, values: NewTransaction[]): Promise<Transaction[]> {
  const inserted = await tx
    .insert(transactions)
    .values(values.map((v) => ({ id: randomUUID(), ...v })))
    .returning();
  return inserted.map(toTransactionDto);
}
