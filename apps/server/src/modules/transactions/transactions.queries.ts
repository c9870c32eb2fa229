import { hasNul, TRANSACTION_CATEGORY_MODES, type Transaction, type TransactionCategory } from '@meridian/shared';
import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import { toTransactionDto } from '../../core/history/history.queries.js';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';

/** Cursor = base64url("<createdAt ISO>|<id>") of the last row of the previous page. */
export function encodeCursor(r: Pick<Transaction, 'createdAt' | 'id'>): string {
  return Buffer.from(`${r.createdAt}|${r.id}`).toString('base64url');
}

/** Latest instant a cursor may name: year 9999 (JavaScript dates reach years PostgreSQL refuses). */
const MAX_CURSOR_TIME = Date.UTC(9999, 11, 31);

/** A cursor the client sent back; anything it could not have been given (a NUL, an odd date) is null, a 400. */
function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  const time = createdAt.getTime();
  if (!id || id.length > 100 || hasNul(id) || Number.isNaN(time) || time < 0 || time > MAX_CURSOR_TIME) return null;
  return { createdAt, id };
}

/**
 * Newest first, keyset-paginated on (created_at, id) so page 500 costs what page 1 does.
 * `type` and `category` narrow together; a category lists its modes (TRANSACTION_CATEGORY_MODES).
 */
export async function listTransactions(
  db: Db,
  userId: string,
  opts: {
    type?: 'credit' | 'debit' | undefined;
    category?: TransactionCategory | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ items: Transaction[]; nextCursor: string | null } | null> {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (opts.type) conditions.push(eq(transactions.type, opts.type));
  if (opts.category) conditions.push(inArray(transactions.mode, [...TRANSACTION_CATEGORY_MODES[opts.category]]));
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    if (!c) return null;
    const before = or(
      lt(transactions.createdAt, c.createdAt),
      and(eq(transactions.createdAt, c.createdAt), lt(transactions.id, c.id)),
    );
    if (before) conditions.push(before);
  }
  const found = await db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(opts.limit + 1);
  const items = found.slice(0, opts.limit).map(toTransactionDto);
  const last = items[items.length - 1];
  return { items, nextCursor: found.length > opts.limit && last ? encodeCursor(last) : null };
}
