import type { AdminTransaction, AdminUserRow } from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { type HistoryFilter, listHistoryWithUsers } from '../../core/history/history-page.js';
import type { Db } from '../../db/client.js';
import { eachPage } from '../../lib/keyset-cursor.js';
import { listAdminUsers, type UsersFilter } from './admin-users.queries.js';
import { csvLine, dollars } from './csv.js';

/** Rows read per query: enough to keep round trips few, small enough that memory stays flat. */
export const EXPORT_BATCH_ROWS = 1_000;

/**
 * The CSV exports: the lists' own queries (so the file holds exactly what the screen filtered), read
 * page after page on the same keyset and turned into text one page at a time. The generator yields a
 * page only when the response has taken the previous one, so a million rows never sit in memory.
 * Amounts are decimal dollars, as the column names say.
 */
export async function* usersCsv(db: Db, filter: UsersFilter, batchRows = EXPORT_BATCH_ROWS): AsyncGenerator<string> {
  yield csvLine(['id', 'name', 'email', 'role', 'status', 'referral_code', 'balance_usd', 'created_at']);
  const pages = eachPage((cursor) => listAdminUsers(db, filter, { cursor, limit: batchRows }));
  for await (const users of pages) yield users.map(userLine).join('');
}

function userLine(u: AdminUserRow): string {
  const status = u.isActive ? 'active' : 'inactive';
  return csvLine([u.id, u.name, u.email, u.role, status, u.referralId, dollars(u.balanceCents), u.createdAt]);
}

export async function* transactionsCsv(
  db: Db,
  filter: HistoryFilter,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<string> {
  yield csvLine([
    'id',
    'created_at',
    'user_id',
    'user_name',
    'user_email',
    'type',
    'mode',
    'method',
    'description',
    'amount_usd',
    'fee_usd',
    'status',
    'wallet',
  ]);
  const pages = eachPage((cursor) => listHistoryWithUsers(db, filter, { cursor, limit: batchRows }));
  for await (const rows of pages) yield rows.map(transactionLine).join('');
}

function transactionLine(t: AdminTransaction): string {
  return csvLine([
    t.id,
    t.createdAt,
    t.userId,
    t.userName,
    t.userEmail,
    t.type,
    t.mode,
    t.method,
    t.description,
    dollars(t.amountCents),
    dollars(t.feeCents),
    t.status,
    t.wallet,
  ]);
}

/** `meridian-<what>-YYYY-MM-DD.csv`, dated in UTC. */
export function exportFileName(what: 'users' | 'transactions', now: Date): string {
  return `meridian-${what}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * An export is an operator action like any other: the audit log keeps who took which list, with the
 * filters it was taken with (only those set), and when. A member's own transactions name the member
 * as the target, so their audit trail shows who took their history away.
 */
export async function auditExport(
  db: Db,
  actor: string,
  what: 'users' | 'transactions',
  filters: UsersFilter | HistoryFilter,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
  const targetUserId = 'userId' in filters && filters.userId ? filters.userId : null;
  await recordAudit(db, { actor, action: `export.${what}`, targetUserId, details: { filters: set } });
}
