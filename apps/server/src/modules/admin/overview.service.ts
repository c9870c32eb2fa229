import { type AdminOverview, OVERVIEW_FLOW_DAYS } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { recentAudit } from './audit.queries.js';
import { booksSummary, dailyFlows, pendingRequests, userCounts } from './overview.queries.js';

const RECENT_AUDIT_ENTRIES = 10;

/** The console's first page: users, what waits for an operator, the books, money flows, recent actions. */
export async function adminOverview(db: Db, now: Date): Promise<AdminOverview> {
  const [users, pending, books, flows, recent] = await Promise.all([
    userCounts(db, now),
    pendingRequests(db),
    booksSummary(db),
    dailyFlows(db, now, OVERVIEW_FLOW_DAYS),
    recentAudit(db, RECENT_AUDIT_ENTRIES),
  ]);
  return { users, pending, books, flows, recent };
}
