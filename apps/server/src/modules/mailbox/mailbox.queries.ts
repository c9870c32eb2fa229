import type { MailStatus } from '@meridian/shared';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';

export type MailRow = typeof emailOutbox.$inferSelect;
/** What a list row needs: the bodies stay in the database until a message is opened. */
export type MailListRow = Omit<MailRow, 'html' | 'text' | 'redact' | 'claimedAt'>;

const listColumns = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  template: emailOutbox.template,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

/** `text` as a LIKE pattern matching itself only: its wildcards and the escape character escaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The outbox newest first, before the message `beforeId`, filtered by status and by a part of the
 * recipient's address (any letter case; the trigram index email_outbox_to_idx serves it).
 */
export function mailPage(
  db: Db,
  filter: { status?: MailStatus; to?: string },
  beforeId: number | null,
  limit: number,
): Promise<MailListRow[]> {
  const where: (SQL | undefined)[] = [
    filter.status ? eq(emailOutbox.status, filter.status) : undefined,
    filter.to ? sql`lower(${emailOutbox.toAddress}) LIKE ${`%${likeLiteral(filter.to.toLowerCase())}%`}` : undefined,
    beforeId !== null ? lt(emailOutbox.id, beforeId) : undefined,
  ];
  return db
    .select(listColumns)
    .from(emailOutbox)
    .where(and(...where))
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}

export async function findMail(db: Db, id: number): Promise<MailRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/** The message, its row locked until the transaction ends (a dispatcher claiming it waits, or skips it). */
export async function lockMail(tx: Db, id: number): Promise<MailRow | undefined> {
  const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
  return row;
}

/** Back in the queue as a new message: due at `now`, no attempt counted yet. */
export async function requeueMail(tx: Db, id: number, now: Date): Promise<MailRow> {
  const [row] = await tx
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, claimedAt: null })
    .where(eq(emailOutbox.id, id))
    .returning();
  if (!row) throw new Error('requeueMail: no row');
  return row;
}
