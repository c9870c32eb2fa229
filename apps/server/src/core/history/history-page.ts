import {
  type AdminTransaction,
  TRANSACTION_CATEGORY_MODES,
  type Transaction,
  type TransactionCategory,
  type TransactionsPage,
} from '@meridian/shared';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactions, users } from '../../db/schema/index.js';
import { decodeKeyset, encodeKeyset, keysetTime, pageOf } from '../../lib/keyset-cursor.js';
import { toTransactionDto } from './history.queries.js';
import { withRequestDetails } from './history-details.js';

/**
 * Pages of the history (the members' own list, the console's list of one user or of everyone, the
 * CSV export): newest first, keyset-paginated on (created_at, id), so page 500 costs what page 1 does.
 */
export interface HistoryFilter {
  userId?: string | undefined;
  type?: 'credit' | 'debit' | undefined;
  /** A category lists its modes (TRANSACTION_CATEGORY_MODES). */
  category?: TransactionCategory | undefined;
  status?: Transaction['status'] | undefined;
}

export interface PageRequest {
  /** The previous page's `nextCursor` (a malformed one is a 400). */
  cursor?: string | undefined;
  limit: number;
}

/** The filter as conditions on `transactions`; all of them narrow together. */
function historyConditions(filter: HistoryFilter, cursor: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(transactions.userId, filter.userId));
  if (filter.type) conditions.push(eq(transactions.type, filter.type));
  if (filter.category) conditions.push(inArray(transactions.mode, [...TRANSACTION_CATEGORY_MODES[filter.category]]));
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  if (cursor !== undefined) {
    const after = decodeKeyset(cursor);
    // A row comparison: the (created_at, id) indexes start their scan right after the cursor.
    conditions.push(sql`(${transactions.createdAt}, ${transactions.id}) < (${after.at}::timestamptz, ${after.id})`);
  }
  return conditions;
}

const cursorAt = keysetTime(transactions.createdAt);
/** The order of the (created_at DESC NULLS LAST, id DESC NULLS LAST) indexes; plain DESC would be NULLS FIRST. */
const newestFirst = [sql`${transactions.createdAt} DESC NULLS LAST`, sql`${transactions.id} DESC NULLS LAST`];

/** The query of a page of history rows (`limit` rows from the cursor); awaited, it runs. */
export function historyQuery(db: Db, filter: HistoryFilter, cursor: string | undefined, limit: number) {
  return db
    .select({ ...getTableColumns(transactions), cursorAt })
    .from(transactions)
    .where(and(...historyConditions(filter, cursor)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The same with each row's owner's name and e-mail (the console, the export). */
export function historyWithUsersQuery(db: Db, filter: HistoryFilter, cursor: string | undefined, limit: number) {
  return db
    .select({ ...getTableColumns(transactions), cursorAt, userName: users.name, userEmail: users.email })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(...historyConditions(filter, cursor)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A page of one user's (or, without `userId`, everyone's) history rows. */
export async function listHistory(db: Db, filter: HistoryFilter, page: PageRequest): Promise<TransactionsPage> {
  const found = await historyQuery(db, filter, page.cursor, page.limit + 1);
  const rows = pageOf(found, page.limit, toTransactionDto, (r) => encodeKeyset({ at: r.cursorAt, id: r.id }));
  return { items: await withRequestDetails(db, rows.items), nextCursor: rows.nextCursor };
}

/** A page of history rows with their owner's name and e-mail. */
export async function listHistoryWithUsers(
  db: Db,
  filter: HistoryFilter,
  page: PageRequest,
): Promise<{ items: AdminTransaction[]; nextCursor: string | null }> {
  const found = await historyWithUsersQuery(db, filter, page.cursor, page.limit + 1);
  return pageOf(
    found,
    page.limit,
    (r) => ({ ...toTransactionDto(r), userId: r.userId, userName: r.userName, userEmail: r.userEmail }),
    (r) => encodeKeyset({ at: r.cursorAt, id: r.id }),
  );
}
