import type { HistoryItem, Transaction } from '@meridian/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deposits, withdrawals } from '../../db/schema/index.js';

/**
 * What a deposit or withdrawal request adds to its history row (the request's id is its row's):
 * the operator's reason for refusing it, and a deposit's receipt. Read for one page at a time, by
 * primary key, after the page itself, so the history's keyset scans stay as they are.
 */
export async function withRequestDetails(db: Db, items: Transaction[]): Promise<HistoryItem[]> {
  const depositIds = items.filter((t) => t.mode === 'deposit').map((t) => t.id);
  const withdrawalIds = items.filter((t) => t.mode === 'withdrawal').map((t) => t.id);
  const [depositRows, withdrawalRows] = await Promise.all([
    depositIds.length
      ? db
          .select({ id: deposits.id, reason: deposits.reason, receiptId: deposits.receiptId })
          .from(deposits)
          .where(inArray(deposits.id, depositIds))
      : [],
    withdrawalIds.length
      ? db
          .select({ id: withdrawals.id, reason: withdrawals.reason })
          .from(withdrawals)
          .where(inArray(withdrawals.id, withdrawalIds))
      : [],
  ]);
  const details = new Map<string, { reason: string | null; receiptId: string | null }>();
  for (const d of depositRows) details.set(d.id, { reason: d.reason, receiptId: d.receiptId });
  for (const w of withdrawalRows) details.set(w.id, { reason: w.reason, receiptId: null });
  return items.map((t) => ({ ...t, reason: null, receiptId: null, ...details.get(t.id) }));
}
