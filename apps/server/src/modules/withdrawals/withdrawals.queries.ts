import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { NoJoin, QueueRow as RequestQueueRow } from '../../core/money-requests/requests.queries.js';
import type { Db } from '../../db/client.js';
import { accounts, payoutDetails, withdrawalCodes, withdrawals } from '../../db/schema/index.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type CodeRow = typeof withdrawalCodes.$inferSelect;

/** The user's newest code, its row locked until the transaction ends (checks are one at a time). */
export async function lockNewestCode(tx: Db, userId: string): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(withdrawalCodes)
    .where(eq(withdrawalCodes.userId, userId))
    .orderBy(desc(withdrawalCodes.createdAt), desc(withdrawalCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/** The user's spendable balance, cents (what a hold would debit; pending holds are already out of it). */
export async function balanceOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: accounts.balanceCents })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'balance')));
  return row?.cents ?? 0;
}

export async function insertCode(db: Db, row: typeof withdrawalCodes.$inferInsert): Promise<void> {
  await db.insert(withdrawalCodes).values(row);
}

/**
 * Takes one try of the user's newest code, in one statement that checks and counts together: only a
 * code that is unused, unexpired and has tries left answers, with its try already counted. Committed
 * on its own, before the code is compared, so a request rolled back later cannot undo the count and
 * requests at once cannot all pass "fewer than `maxTries`" (the row's lock orders them; each
 * re-reads the count the one before it left).
 */
export async function takeCodeTry(db: Db, userId: string, maxTries: number, now: Date): Promise<CodeRow | undefined> {
  const newest = db
    .select({ id: withdrawalCodes.id })
    .from(withdrawalCodes)
    .where(eq(withdrawalCodes.userId, userId))
    .orderBy(desc(withdrawalCodes.createdAt), desc(withdrawalCodes.id))
    .limit(1);
  const [row] = await db
    .update(withdrawalCodes)
    .set({ attempts: sql`${withdrawalCodes.attempts} + 1` })
    .where(
      and(
        sql`${withdrawalCodes.id} = (${newest})`,
        isNull(withdrawalCodes.usedAt),
        lt(withdrawalCodes.attempts, maxTries),
        gt(withdrawalCodes.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Gives a try back: the code compared was the right one, so that try was no guess. */
export async function giveCodeTryBack(db: Db, id: string): Promise<void> {
  await db
    .update(withdrawalCodes)
    .set({ attempts: sql`${withdrawalCodes.attempts} - 1` })
    .where(and(eq(withdrawalCodes.id, id), gt(withdrawalCodes.attempts, 0)));
}

/** The user's newest code, unlocked: why no try could be taken (used, locked or expired). */
export async function findNewestCode(db: Db, userId: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawalCodes)
    .where(eq(withdrawalCodes.userId, userId))
    .orderBy(desc(withdrawalCodes.createdAt), desc(withdrawalCodes.id))
    .limit(1);
  return row;
}

/** Uses the code once: false when another request used it first (its lock decides). */
export async function spendCode(tx: Db, id: string, now: Date): Promise<boolean> {
  const done = await tx
    .update(withdrawalCodes)
    .set({ usedAt: now })
    .where(and(eq(withdrawalCodes.id, id), isNull(withdrawalCodes.usedAt)))
    .returning({ id: withdrawalCodes.id });
  return done.length === 1;
}

export async function insertWithdrawal(tx: Db, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [out] = await tx.insert(withdrawals).values(row).returning();
  if (!out) throw new Error('insertWithdrawal: no row');
  return out;
}

/** A pending withdrawal as the operator's queue shows it, with who asked for it. */
export type QueueRow = RequestQueueRow<typeof withdrawals, NoJoin>;

export async function findPayoutDetails(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(payoutDetails)
    .where(and(eq(payoutDetails.userId, userId)));
  return row;
}

export async function savePayoutDetails(
  db: Db,
  userId: string,
  details: { bank: Record<string, string>; crypto: Record<string, string> },
  now: Date,
): Promise<void> {
  await db
    .insert(payoutDetails)
    .values({ userId, bank: details.bank, crypto: details.crypto, updatedAt: now })
    .onConflictDoUpdate({
      target: payoutDetails.userId,
      set: { bank: details.bank, crypto: details.crypto, updatedAt: now },
    });
}

/** Four eyes: the first operator's approval of a large withdrawal, on its row the caller locked. */
export async function markFirstApproval(tx: Db, id: string, actor: string, now: Date): Promise<WithdrawalRow> {
  const [row] = await tx
    .update(withdrawals)
    .set({ firstApprovedBy: actor, firstApprovedAt: now })
    .where(eq(withdrawals.id, id))
    .returning();
  if (!row) throw new Error(`markFirstApproval: no withdrawal ${id}`);
  return row;
}
