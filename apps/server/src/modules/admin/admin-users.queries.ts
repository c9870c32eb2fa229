import type { AdminReceipt, AdminUserFilter, AdminUserRow } from '@meridian/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { decodeKeyset, encodeKeyset, type Keyset, keysetTime, pageOf } from '../../lib/keyset-cursor.js';
import { likeContains, rows } from '../../lib/sql.js';

export interface UsersFilter {
  /** Any part of the name or e-mail (any letter case) or of the referral code. */
  q?: string | undefined;
  status?: AdminUserFilter | undefined;
}

/**
 * The console's user list: newest first, keyset-paginated on (created_at, id). Each condition is
 * written to match an index of migration 0014: the search is `lower(name) LIKE '%q%'` and friends,
 * which the pg_trgm GIN indexes answer (users_name_trgm_idx, users_email_trgm_idx,
 * users_referral_id_trgm_idx; referral codes are stored lower-case), 'inactive' and 'admin' are the
 * predicates of the partial indexes, and the order is users_created_idx's, NULLS LAST included (a plain
 * DESC means NULLS FIRST, which those indexes cannot give: PostgreSQL would read and sort the table). The balance comes from the
 * books (the user's 'balance' account), one index lookup per row shown.
 */
export function usersListQuery(filter: UsersFilter, after: Keyset | null, limit: number): SQL {
  const where: SQL[] = [];
  if (filter.status === 'active') where.push(sql`u.is_active`);
  if (filter.status === 'inactive') where.push(sql`NOT u.is_active`);
  if (filter.status === 'admin') where.push(sql`u.role <> 'user'`);
  if (filter.q) {
    const pattern = likeContains(filter.q.toLowerCase());
    where.push(sql`(lower(u.name) LIKE ${pattern} OR lower(u.email) LIKE ${pattern} OR u.referral_id LIKE ${pattern})`);
  }
  if (after) where.push(sql`(u.created_at, u.id) < (${after.at}::timestamptz, ${after.id})`);
  const condition = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  return sql`${userRowSelect} ${condition} ORDER BY u.created_at DESC NULLS LAST, u.id DESC NULLS LAST LIMIT ${limit}`;
}

const userRowSelect = sql`SELECT u.id, u.name, u.email, u.role, u.is_active, u.referral_id,
    ${keysetTime(sql`u.created_at`)} AS cursor_at,
    COALESCE((SELECT a.balance_cents FROM accounts a WHERE a.user_id = u.id AND a.kind = 'balance'), 0) AS balance_cents
  FROM users u`;

interface UserListRow {
  id: string;
  name: string;
  email: string;
  role: AdminUserRow['role'];
  is_active: boolean;
  referral_id: string;
  cursor_at: string;
  balance_cents: string | number;
}

function toAdminUserRow(r: UserListRow): AdminUserRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    isActive: r.is_active,
    referralId: r.referral_id,
    createdAt: new Date(r.cursor_at).toISOString(),
    balanceCents: Number(r.balance_cents),
  };
}

/** A page of the list; `cursor` is the previous page's `nextCursor` (a malformed one is a 400). */
export async function listAdminUsers(
  db: Db,
  filter: UsersFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: AdminUserRow[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? null : decodeKeyset(page.cursor);
  const found = await rows<UserListRow>(db, usersListQuery(filter, after, page.limit + 1));
  return pageOf(found, page.limit, toAdminUserRow, (r) => encodeKeyset({ at: r.cursor_at, id: r.id }));
}

/** One user as the list shows them (the answer of the console's actions). */
export async function findAdminUserRow(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const [found] = await rows<UserListRow>(db, sql`${userRowSelect} WHERE u.id = ${id}`);
  return found ? toAdminUserRow(found) : undefined;
}

/** The user's accounts of these kinds, in cents (0 for a kind never opened). */
export async function balancesOf(db: Db, userId: string): Promise<{ invested: number; withdrawalHold: number }> {
  const [row] = await rows<{ invested: string | number; hold: string | number }>(
    db,
    sql`SELECT COALESCE(SUM(balance_cents) FILTER (WHERE kind = 'invested'), 0) AS invested,
               COALESCE(SUM(balance_cents) FILTER (WHERE kind = 'withdrawal_hold'), 0) AS hold
          FROM accounts WHERE user_id = ${userId}`,
  );
  return { invested: Number(row?.invested ?? 0), withdrawalHold: Number(row?.hold ?? 0) };
}

/** Signed-in devices: sessions not yet expired. */
export async function liveSessionCount(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId} AND expires_at > ${now.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** The user's receipts, newest first, each with the deposit it was filed with (at most `limit`). */
export async function receiptsOf(db: Db, userId: string, limit = 200): Promise<AdminReceipt[]> {
  const found = await rows<{
    id: string;
    content_type: string;
    size_bytes: number;
    created_at: string | Date;
    deposit_id: string | null;
    deposit_status: AdminReceipt['depositStatus'];
    amount_cents: string | number | null;
  }>(
    db,
    sql`SELECT r.id, r.content_type, r.size_bytes, r.created_at,
               d.id AS deposit_id, d.status AS deposit_status, d.amount_cents
          FROM receipts r LEFT JOIN deposits d ON d.receipt_id = r.id AND d.user_id = r.user_id
         WHERE r.user_id = ${userId}
         ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`,
  );
  return found.map((r) => ({
    id: r.id,
    contentType: r.content_type,
    sizeBytes: Number(r.size_bytes),
    createdAt: new Date(r.created_at).toISOString(),
    depositId: r.deposit_id,
    depositStatus: r.deposit_status,
    amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
  }));
}
