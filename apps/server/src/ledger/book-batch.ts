import { sql } from 'drizzle-orm';
import { notificationPayloads, REALTIME_CHANNEL, type RealtimeTopic } from '../core/realtime/publish.js';
import type { Db } from '../db/client.js';
import { rows } from '../lib/sql.js';
import { asDomainError, type Booked, type Booking, bookingJson, drawTransactionIds, readOutcome } from './book.js';

/** One journal of a batch: a booking without an idempotency key or a notification of its own. */
export type BatchBooking = Omit<Booking, 'idempotency' | 'topics'>;

/** Whose views changed, and which: one coalesced notification per group for the whole batch. */
export interface BatchTopics {
  userIds: readonly string[];
  topics: readonly RealtimeTopic[];
}

/**
 * The batch form of book(): every booking as its own journal, in one statement (ledger_book_batch,
 * source ./book-batch.sql), inside the caller's transaction, which carries the exactly-once guarantee
 * (the accrual's key). The postings are added up per user account, so each account is locked and
 * updated once, in (user, kind) order; an account must cover its net debit over the batch, else
 * InsufficientFunds and nothing is booked. `notify` is sent once for the batch, split into payloads
 * under PostgreSQL's 8000 bytes, at commit. Answers each booking's journal and history rows, in order.
 */
export async function bookBatch(
  tx: Db,
  bookings: readonly BatchBooking[],
  notify: readonly BatchTopics[] = [],
): Promise<Booked[]> {
  const ids = bookings.map((b) => drawTransactionIds(b.history));
  const json = JSON.stringify({
    channel: REALTIME_CHANNEL,
    notify: notify.flatMap((n) => notificationPayloads([...n.userIds], [...n.topics])),
    bookings: bookings.map((b, i) => bookingJson({ ...b, topics: null }, ids[i] ?? [])),
  });
  let found: { result: unknown }[];
  try {
    found = await rows<{ result: unknown }>(tx, sql`SELECT ledger_book_batch(${json}::jsonb) AS result`);
  } catch (err) {
    throw asDomainError(err);
  }
  const raw = found[0]?.result;
  const answer = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { journalIds: unknown[]; createdAt: string };
  if (answer.journalIds.length !== bookings.length) throw new Error('ledger_book_batch: one journal per booking');
  // Each journal read as ledger_book's 'booked' answer would be: the same history rows, ids and time.
  return bookings.map((b, i) => {
    const out = readOutcome(
      { outcome: 'booked', journalId: answer.journalIds[i], createdAt: answer.createdAt },
      b.history,
      ids[i] ?? [],
    );
    if (out.outcome !== 'booked') throw new Error('ledger_book_batch: unexpected answer');
    return out;
  });
}
