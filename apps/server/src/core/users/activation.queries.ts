import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/**
 * When the account was deactivated, if the last decision about its activation was a deactivation;
 * null for an account never deactivated or activated since. Every activation and deactivation (the
 * console, the CLI, auto-activation) is audited in its own transaction (activation.service.ts), so the
 * audit log is where the decisions are kept; the target index answers this with one row.
 */
export async function lastDeactivation(db: Db, userId: string): Promise<Date | null> {
  const [last] = await db
    .select({ action: auditLog.action, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.targetUserId, userId), inArray(auditLog.action, ['user.activate', 'user.deactivate'])))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return last?.action === 'user.deactivate' ? last.createdAt : null;
}
