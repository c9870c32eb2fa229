import { and, asc, type Column, eq, type InferColumnsDataTypes, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type deposits, users, type withdrawals } from '../../db/schema/index.js';

/**
 * The tables of money requests a member files and an operator settles. Drizzle cannot build a query
 * on a table only known to have these columns, so each query below runs on the union and hands its
 * rows back typed as the caller's table: the one cast of this folder.
 */
export type RequestTable = typeof deposits | typeof withdrawals;
export type RequestRow<T extends RequestTable> = T['$inferSelect'];

/** The request's column that keeps the journal settling it: each table names it its own way. */
export type SettlingJournal<T extends RequestTable> = Partial<
  Pick<RequestRow<T>, Extract<keyof RequestRow<T>, 'journalId' | 'settleJournalId'>>
>;

/** What settling writes on the request's row. */
export type RequestChange<T extends RequestTable> = Pick<
  RequestRow<T>,
  'status' | 'reason' | 'decidedBy' | 'decidedAt'
> &
  SettlingJournal<T>;

/** The request, its row locked until the transaction ends: settling is one at a time. */
export async function lockRequest<T extends RequestTable>(
  tx: Db,
  table: T,
  id: string,
): Promise<RequestRow<T> | undefined> {
  const t: RequestTable = table;
  const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
  return row as RequestRow<T> | undefined;
}

export async function markRequest<T extends RequestTable>(
  tx: Db,
  table: T,
  id: string,
  change: RequestChange<T>,
): Promise<RequestRow<T>> {
  const t: RequestTable = table;
  const [row] = await tx
    .update(t)
    .set(change as RequestChange<RequestTable>)
    .where(eq(t.id, id))
    .returning();
  if (!row) throw new Error(`markRequest: no ${table._.name} row ${id}`);
  return row as RequestRow<T>;
}

export async function requestExists(db: Db, table: RequestTable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}

/** One more table whose columns a queue shows beside each request (a deposit's receipt). */
export interface QueueJoin<C extends Record<string, Column>> {
  table: PgTable;
  on: SQL;
  columns: C;
}

/** A queue that joins nothing besides the member. */
export type NoJoin = Record<never, Column>;

/** A pending request as the operator's queue shows it: who filed it, and what its join adds. */
export type QueueRow<T extends RequestTable, C extends Record<string, Column>> = {
  request: RequestRow<T>;
  userName: string;
  userEmail: string;
} & InferColumnsDataTypes<C>;

/**
 * Pending requests, oldest first, after the request `afterId` (keyset on (created_at, id), read in
 * SQL so that the timestamp keeps its microseconds); served by each table's partial index
 * <table>_pending_idx.
 */
export function pendingRequestsPage<T extends RequestTable, C extends Record<string, Column>>(
  db: Db,
  table: T,
  join: QueueJoin<C> | null,
  afterId: string | null,
  limit: number,
): Promise<QueueRow<T, C>[]> {
  const t: RequestTable = table;
  const after = afterId
    ? sql`(${t.createdAt}, ${t.id}) > (SELECT r.created_at, r.id FROM ${t} r WHERE r.id = ${afterId})`
    : undefined;
  const query = db
    .select({ request: t, userName: users.name, userEmail: users.email, ...join?.columns })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .$dynamic();
  return (join ? query.innerJoin(join.table, join.on) : query)
    .where(and(eq(t.status, 'pending'), after))
    .orderBy(asc(t.createdAt), asc(t.id))
    .limit(limit) as unknown as Promise<QueueRow<T, C>[]>;
}
