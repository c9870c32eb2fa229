import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export async function recordAudit(
  db: Db,
  entry: { actor: string; action: string; targetUserId?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
  });
}
