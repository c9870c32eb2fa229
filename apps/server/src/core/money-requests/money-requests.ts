import { ADMIN_PAGE_SIZE_DEFAULT, type AdminQueueQuery } from '@meridian/shared';
import type { Column } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { decodeTextCursor, encodeCursor, pageOf, unknownCursor } from '../../lib/keyset-cursor.js';
import type { UserRow } from '../users/users.queries.js';
import type { Links, MoneyRequestKind } from './kind.js';
import { pendingRequestsPage, type RequestTable, requestExists } from './requests.queries.js';
import { cancelOwn, decide } from './settle.js';

/**
 * The operations on a kind of money request, each bound to the kind: the operator's queue (a page at
 * a time for the console, the first hundred for the command line), approve and reject in their own
 * transaction, and the member's cancellation inside the caller's idempotent one.
 */
export function moneyRequests<T extends RequestTable, A, I, C extends Record<string, Column>>(
  kind: MoneyRequestKind<T, A, I, C>,
) {
  const pending = (db: Db, afterId: string | null, limit: number) =>
    pendingRequestsPage(db, kind.table, kind.queue.join, afterId, limit);
  const requests = {
    /** One page of the queue, oldest first, after the cursor's request. */
    async page(db: Db, query: AdminQueueQuery): Promise<{ items: I[]; nextCursor: string | null }> {
      const after = decodeTextCursor(query.cursor);
      if (after !== null && !(await requestExists(db, kind.table, after))) throw unknownCursor();
      const limit = query.limit ?? ADMIN_PAGE_SIZE_DEFAULT;
      const rows = await pending(db, after, limit + 1);
      return pageOf(rows, limit, kind.queue.item, (r) => encodeCursor(r.request.id));
    },
    /** The first `limit` pending requests, oldest first (the operator command's list). */
    listPending: async (db: Db, limit = 100): Promise<I[]> => (await pending(db, null, limit)).map(kind.queue.item),
    approve: (db: Db, id: string, actor: string, links: Links, now: Date) =>
      decide(db, kind, id, { kind: 'approve' }, actor, links, now),
    reject: (db: Db, id: string, reason: string, actor: string, links: Links, now: Date) =>
      decide(db, kind, id, { kind: 'reject', reason }, actor, links, now),
    cancel: (tx: Db, user: UserRow, id: string, links: Links, now: Date) => cancelOwn(tx, kind, user, id, links, now),
    /** The settlement as the operator commands use it, with these links. */
    operations: (links: Links) => ({
      listPending: (db: Db) => requests.listPending(db),
      approve: (db: Db, id: string, actor: string, now: Date) => requests.approve(db, id, actor, links, now),
      reject: (db: Db, id: string, reason: string, actor: string, now: Date) =>
        requests.reject(db, id, reason, actor, links, now),
    }),
  };
  return requests;
}
