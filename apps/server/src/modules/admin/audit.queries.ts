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

/** A page of the audit log, newest first (by id: the order entries were written in). */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<AuditPage> {
  const before = page.cursor === undefined ? null : decodeIdCursor(page.cursor);
  const where: SQL[] = [];
  if (filter.actor) where.push(sql`a.actor = ${filter.actor}`);
  if (filter.action) where.push(sql`a.action = ${filter.action}`);
  if (filter.target) {
    const id = await targetId(db, filter.target);
    if (id === null) return { items: [], nextCursor: null };
    where.push(sql`a.target_user_id = ${id}`);
  }
  if (before !== null) where.push(sql`a.id < ${before}`);
  const condition = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const found = await rows<AuditRow>(db, sql`${auditSelect} ${condition} ORDER BY a.id DESC LIMIT ${page.limit + 1}`);
  return pageOf(found, page.limit, toAuditEntry, (r) => encodeIdCursor(Number(r.id)));
}

/** The newest entries (the overview). */
export async function recentAudit(db: Db, limit: number): Promise<AuditEntry[]> {
  return (await listAudit(db, {}, { limit })).items;
}
