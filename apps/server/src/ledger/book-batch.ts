import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notificationPayloads, REALTIME_CHANNEL, type RealtimeTopic } from '../lib/realtime-payloads.js';
import { rows } from '../lib/sql.js';
import { asDomainError, type Booked, type Booking, drawTransactionIds, readOutcome } from './book.js';

/** One journal of a batch: a booking without an idempotency key, a notification or a time of its own. */
export type BatchBooking = Omit<Booking, 'idempotency' | 'topics' | 'at'>;

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
 * under PostgreSQL's 8000 bytes, at commit. `at` is every history row's time, by the app's clock.
 * Answers each booking's journal and history rows, in order.
 */
export async function bookBatch(
  tx: Db,
  bookings: readonly BatchBooking[],
  at: Date,
  notify: readonly BatchTopics[] = [],
): Promise<Booked[]> {
  const ids = bookings.map((b) => drawTransactionIds(b.history));
  const payloads = notify.flatMap((n) => notificationPayloads([...n.userIds], [...n.topics]));
  let found: { journal_ids: unknown[]; created_at: unknown }[];
  try {
    found = await rows(tx, batchCall(batchColumns(bookings, ids), REALTIME_CHANNEL, payloads, at));
  } catch (err) {
    throw asDomainError(err);
  }
  const answer = found[0];
  if (answer?.journal_ids.length !== bookings.length) throw new Error('ledger_book_batch: one journal per booking');
  const createdAt = answer.created_at instanceof Date ? answer.created_at.toISOString() : String(answer.created_at);
  // Each journal read as ledger_book's 'booked' answer would be: the same history rows, ids and time.
  return bookings.map((b, i) => {
    const out = readOutcome(
      { outcome: 'booked', journalId: answer.journal_ids[i], createdAt },
      b.history,
      ids[i] ?? [],
    );
    if (out.outcome !== 'booked') throw new Error('ledger_book_batch: unexpected answer');
    return out;
  });
}

/** The call of ledger_book_batch with these columns (batchColumns), each one parameter, NOTIFYs and the rows' time. */
export function batchCall(
  columns: readonly unknown[][],
  channel: string | null,
  payloads: readonly string[] | null,
  at: Date | null,
): SQL {
  const params = columns.map((column) => sql.param(column));
  return sql`SELECT journal_ids, created_at FROM ledger_book_batch(${sql.join(params, sql`, `)},
    ${channel}, ${sql.param(payloads)}::text[], ${at?.toISOString() ?? null}::timestamptz)`;
}

/**
 * ledger_book_batch's arguments before the channel: the bookings as one array per field, in the
 * order its parameters name them (journals, postings, history lines), each posting and line with its
 * journal's 1-based number. Plain arrays, no documents: the driver sends each as one parameter.
 */
export function batchColumns(bookings: readonly BatchBooking[], transactionIds: readonly string[][]): unknown[][] {
  const journal = { kinds: [] as string[], users: [] as (string | null)[] };
  const posting = {
    bookings: [] as number[],
    users: [] as (string | null)[],
    kinds: [] as (string | null)[],
    systems: [] as (string | null)[],
    amounts: [] as number[],
  };
  const line = {
    bookings: [] as number[],
    ids: [] as (string | null)[],
    users: [] as string[],
    types: [] as string[],
    modes: [] as string[],
    methods: [] as (string | null)[],
    descriptions: [] as string[],
    amounts: [] as number[],
    fees: [] as number[],
    statuses: [] as string[],
    wallets: [] as string[],
  };
  bookings.forEach((b, i) => {
    const n = i + 1;
    journal.kinds.push(b.kind);
    journal.users.push(b.userId ?? null);
    for (const { account, amountCents } of b.postings) {
      posting.bookings.push(n);
      posting.users.push('system' in account ? null : account.userId);
      posting.kinds.push('system' in account ? null : account.kind);
      posting.systems.push('system' in account ? account.system : null);
      posting.amounts.push(amountCents);
    }
    b.history.forEach((h, k) => {
      line.bookings.push(n);
      line.ids.push(transactionIds[i]?.[k] ?? null);
      line.users.push(h.userId);
      line.types.push(h.type);
      line.modes.push(h.mode);
      line.methods.push(h.method);
      line.descriptions.push(h.description);
      line.amounts.push(h.amountCents);
      line.fees.push(h.feeCents ?? 0);
      line.statuses.push(h.status);
      line.wallets.push(h.wallet);
    });
  });
  return [
    journal.kinds,
    journal.users,
    posting.bookings,
    posting.users,
    posting.kinds,
    posting.systems,
    posting.amounts,
    line.bookings,
    line.ids,
    line.users,
    line.types,
    line.modes,
    line.methods,
    line.descriptions,
    line.amounts,
    line.fees,
    line.statuses,
    line.wallets,
  ];
}
