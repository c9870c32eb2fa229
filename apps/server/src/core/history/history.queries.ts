import type { Transaction } from '@meridian/shared';
import type { transactions } from '../../db/schema/index.js';

/**
 * The user-facing history (the spec's Transaction entity) and its one DTO mapper. Rows are written
 * only by the ledger's book(), in the journal's own transaction.
 */
type Row = typeof transactions.$inferSelect;

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
