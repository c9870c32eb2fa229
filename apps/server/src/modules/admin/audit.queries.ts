import type { AuditAction, AuditEntry, AuditPage } from '@meridian/shared';
import { type SQL, sql } from 'drizzle-orm';
import { findUserByEmail } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { decodeIdCursor, encodeIdCursor, pageOf } from '../../lib/keyset-cursor.js';
import { rows } from '../../lib/sql.js';

export interface AuditFilter {
  /**
   * The actor exactly as recorded ('cli', 'system:auto-activate', 'admin:ops@example.com'): an exact
   * match, which the (actor, id desc) index answers however long the log grows. The console offers
   * the actors it shows as filters rather than a free-text search.
   */
  actor?: string | undefined;
  action?: AuditAction | undefined;
  /** The target user's id, or their e-mail address (any letter case). */
  target?: string | undefined;
}

interface AuditRow {
  id: string | number;
  actor: string;
  action: string;
  target_user_id: string | null;
  target_name: string | null;
  target_email: string | null;
  details: Record<string, unknown> | string;
  created_at: string | Date;
}

function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: Number(r.id),
    actor: r.actor,
    action: r.action,
    targetUserId: r.target_user_id,
    targetName: r.target_name,
    targetEmail: r.target_email,
    details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const auditSelect = sql`SELECT a.id, a.actor, a.action, a.target_user_id, u.name AS target_name,
    u.email AS target_email, a.details, a.created_at
  FROM audit_log a LEFT JOIN users u ON u.id = a.target_user_id`;

/** A user id as given, or the id of the user with that e-mail (null: nobody has it, nothing matches). */
async function targetId(db: Db, target: string): Promise<string | null> {
  if (!target.includes('@')) return target;
  return (await findUserByEmail(db, target))?.id ?? null;
}

/**
 * The audit log's query, newest first (by id: the order entries were written in), each filter
 * answered by its (actor | action | target_user_id, id DESC NULLS LAST) index of migration 0014.
 */
export function auditListQuery(
  filter: { actor?: string | undefined; action?: string | undefined; targetUserId?: string | undefined },
  before: number | null,
  limit: number,
): SQL {
  const where: SQL[] = [];
  if (filter.actor) where.push(sql`a.actor = ${filter.actor}`);
  if (filter.action) where.push(sql`a.action = ${filter.action}`);
  if (filter.targetUserId !== undefined) where.push(sql`a.target_user_id = ${filter.targetUserId}`);
  // The same order either way (ids are never null), written as each index gives it: the filters'
  // indexes DESC NULLS LAST, the primary key read backwards DESC (NULLS FIRST).
  const order = where.length > 0 ? sql`a.id DESC NULLS LAST` : sql`a.id DESC`;
  if (before !== null) where.push(sql`a.id < ${before}`);
  const condition = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  return sql`${auditSelect} ${condition} ORDER BY ${order} LIMIT ${limit}`;
}

/** A page of the audit log; a target names a user by id or by e-mail (nobody: an empty page). */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<AuditPage> {
  const before = page.cursor === undefined ? null : decodeIdCursor(page.cursor);
  const targetUserId = filter.target === undefined ? undefined : await targetId(db, filter.target);
  if (targetUserId === null) return { items: [], nextCursor: null };
  const query = auditListQuery({ actor: filter.actor, action: filter.action, targetUserId }, before, page.limit + 1);
  const found = await rows<AuditRow>(db, query);
  return pageOf(found, page.limit, toAuditEntry, (r) => encodeIdCursor(Number(r.id)));
}

/** The newest entries (the overview). */
export async function recentAudit(db: Db, limit: number): Promise<AuditEntry[]> {
  return (await listAudit(db, {}, { limit })).items;
}
