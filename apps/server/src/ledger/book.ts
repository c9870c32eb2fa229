import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { SystemAccountKind, transactions, UserAccountKind } from '../db/schema/index.js';
import { REALTIME_CHANNEL, type RealtimeTopic } from '../lib/realtime-payloads.js';
import { rows } from '../lib/sql.js';
import { IdempotencyKeyReused, InsufficientFunds } from './errors.js';

/**
 * The one way money moves (decision 021): every booking is a journal of a batch booked by the SQL
 * function ledger_book (source: ./book.sql), which claims or replays the Idempotency-Key, decides
 * whether the balances cover the debits, locks user accounts in (user, kind) order, gives system
 * accounts entries only, writes the journals, their entries and history rows, and sends the
 * notifications, in one statement. A single booking is a batch of one. A new kind of money movement is
 * a Booking: its postings, its history rows, whom it tells.
 */

/**
 * Which account a posting moves: a user's account of a kind, or a system account. Named, not by id,
 * because the lock order is (user, kind) and each UPDATE finds its row by them.
 */
export type PostingTarget = { userId: string; kind: UserAccountKind } | { system: SystemAccountKind };

export interface BookPosting {
  account: PostingTarget;
  /** Signed integer cents: positive credits the account, negative debits it; zero is left out. */
  amountCents: number;
}

/** A user-facing history row (the spec's Transaction); its id, time and journal come from the booking. */
export interface HistoryLine {
  userId: string;
  type: 'credit' | 'debit';
  mode: string;
  method: string | null;
  description: string;
  amountCents: number;
  feeCents?: number;
  status: 'success' | 'pending' | 'failed';
  wallet: UserAccountKind;
}

/** Whose views changed, and which views: one NOTIFY on the realtime channel, sent at commit. */
export interface BookTopics {
  userIds: readonly string[];
  topics: readonly RealtimeTopic[];
}

export interface IdempotencyClaim {
  userId: string;
  key: string;
  /** Fingerprint of the whole request: the same key with another request is a 409. */
  requestHash: string;
}

export interface Booking {
  /** The journal's kind: transfer, invest, profit_claim, ... */
  kind: string;
  userId?: string | null;
  postings: BookPosting[];
  history: HistoryLine[];
  topics: BookTopics | null;
  idempotency?: IdempotencyClaim;
  /** Why the caller refuses it, answered after the key check with nothing claimed or moved. */
  refusal?: string;
  /**
   * When it happens by the app's clock (lib/clock.ts): its history rows' created_at. A test clock
   * (TEST_CLOCK) moves it as it moves the investments; the journal keeps the database's time.
   */
  at: Date;
}

/** One journal of a batch: a booking without an idempotency key, a notification or a time of its own. */
export type BatchBooking = Omit<Booking, 'idempotency' | 'topics' | 'at' | 'refusal'>;

/** Whose views changed, and which: told once for the whole batch, whatever it books. */
export type BatchTopics = BookTopics;

export type HistoryRow = typeof transactions.$inferSelect;

/**
 * The one format of a stored idempotency answer: the journal and history rows a booking made, and
 * the answer its route sent when that is more than the history rows (an investment, say).
 */
export interface StoredAnswer {
  journalId?: number;
  transactionIds?: string[];
  answer?: unknown;
}

export interface Booked {
  journalId: number;
  /** The history rows, in the order the booking gave them. */
  history: HistoryRow[];
}

export type BookOutcome =
  | ({ outcome: 'booked' } & Booked)
  | { outcome: 'replay'; response: StoredAnswer; history: HistoryRow[] }
  | { outcome: 'key_reused' }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'insufficient'; accountId: number | null };

/**
 * Books in its own transaction (one statement, one round trip). A replay or a reused key moves
 * nothing; a debit its account cannot cover throws InsufficientFunds and leaves the key free.
 */
export async function book(db: Db, booking: Booking): Promise<Exclude<BookOutcome, { outcome: 'insufficient' }>> {
  const [out] = await bookJournals(db, [booking], booking.at, notices([booking]));
  if (out?.outcome === 'insufficient') throw new InsufficientFunds(out.accountId);
  if (!out) throw new Error('ledger_book: no answer');
  return out;
}

/**
 * Books inside the caller's transaction, for operations that do more in it (an investment row, an
 * accrual mark). The caller's transaction carries the idempotency key, if any (see bookOnce).
 */
export async function bookIn(tx: Db, booking: Omit<Booking, 'idempotency' | 'refusal'>): Promise<Booked> {
  const [booked] = await bookAll(tx, [booking], booking.at, notices([booking]));
  if (!booked) throw new Error('ledger_book: no answer');
  return booked;
}

/**
 * Many journals in one statement, inside the caller's transaction, which carries the exactly-once
 * guarantee (the accrual's key). Each is booked as it would be alone after the ones before it; one
 * its balances cannot cover throws InsufficientFunds, and the caller's transaction books none of them.
 * `notify` is sent once for the batch, at commit. `at` is every history row's time, by the app's clock.
 * Answers each booking's journal and history rows, in order.
 */
export async function bookBatch(
  tx: Db,
  bookings: readonly BatchBooking[],
  at: Date,
  notify: readonly BatchTopics[] = [],
): Promise<Booked[]> {
  const told = notify.flatMap((n) => n.userIds.map((userId) => ({ journal: null, userId, topics: n.topics })));
  return bookAll(tx, bookings, at, told);
}

/** Books all of these or none: a journal the balances cannot cover throws InsufficientFunds. */
async function bookAll(db: Db, bookings: readonly BatchBooking[], at: Date, told: Notice[]): Promise<Booked[]> {
  return (await bookJournals(db, bookings, at, told)).map((out) => {
    if (out.outcome === 'insufficient') throw new InsufficientFunds(out.accountId);
    if (out.outcome !== 'booked') throw new Error(`ledger_book: unexpected outcome ${out.outcome}`);
    return out;
  });
}

/** Who is told of which topics when a journal (by its index; null: whatever the batch books) is booked. */
interface Notice {
  journal: number | null;
  userId: string;
  topics: readonly RealtimeTopic[];
}

/** Each booking's topics, told when that booking is booked. */
function notices(bookings: readonly Pick<Booking, 'topics'>[]): Notice[] {
  return bookings.flatMap((b, journal) =>
    b.topics ? b.topics.userIds.map((userId) => ({ journal, userId, topics: b.topics?.topics ?? [] })) : [],
  );
}

/** ledger_book's answer, one array element per journal (book.sql). */
interface LedgerBookAnswer {
  outcomes: string[];
  journal_ids: (string | number | null)[];
  shortfalls: (string | number | null)[];
  history: unknown[];
  created_at: Date | string;
}

/** One call of ledger_book with these bookings, each answered as ledger_book settled it. */
async function bookJournals(
  db: Db,
  bookings: readonly (BatchBooking & Pick<Booking, 'idempotency' | 'refusal'>)[],
  at: Date,
  told: readonly Notice[],
): Promise<BookOutcome[]> {
  const lineIds = drawLineIds(bookings);
  const params = bookingColumns(bookings, told, lineIds).map((column) => sql.param(column));
  let answer: LedgerBookAnswer | undefined;
  try {
    [answer] = await rows<LedgerBookAnswer>(
      db,
      sql`SELECT outcomes, journal_ids, shortfalls, history, created_at FROM ledger_book(${sql.join(params, sql`, `)},
        ${REALTIME_CHANNEL}, ${at.toISOString()}::timestamptz)`,
    );
  } catch (err) {
    throw asDomainError(err);
  }
  if (answer?.outcomes.length !== bookings.length) throw new Error('ledger_book: one answer per booking');
  const createdAt = new Date(answer.created_at);
  return bookings.map((b, i) => outcomeOf(answer, i, b, lineIds[i] ?? [], createdAt));
}

/** Journal i's answer: a booked one's history rows are its lines as given, with their ids, journal and time. */
function outcomeOf(
  answer: LedgerBookAnswer,
  i: number,
  booking: Pick<Booking, 'history' | 'refusal'>,
  lineIds: readonly string[],
  createdAt: Date,
): BookOutcome {
  const outcome = answer.outcomes[i];
  switch (outcome) {
    case 'booked': {
      const journalId = Number(answer.journal_ids[i]);
      const history = booking.history.map(
        (line, k): HistoryRow => ({
          ...line,
          id: lineIds[k] as string, // one per line: bookingColumns checked it
          feeCents: line.feeCents ?? 0,
          journalId,
          createdAt,
        }),
      );
      return { outcome, journalId, history };
    }
    case 'replay': {
      const history = historyRowsOf(answer.history[i]);
      const journalId = history[0]?.journalId ?? undefined;
      const response: StoredAnswer = { journalId, transactionIds: history.map((h) => h.id) };
      return { outcome, response, history };
    }
    case 'key_reused':
      return { outcome };
    case 'refused':
      return { outcome, reason: booking.refusal ?? 'refused' };
    case 'insufficient': {
      const shortfall = answer.shortfalls[i];
      return { outcome, accountId: shortfall === null || shortfall === undefined ? null : Number(shortfall) };
    }
    default:
      throw new Error(`ledger_book: unknown outcome ${outcome}`);
  }
}

/**
 * ledger_book's arguments before the channel (book.sql): the bookings as one array per field, in the
 * order its parameters name them — journals, postings, history lines (each with an id drawn here, as
 * the database would draw it), notices — each posting, line and notice with its journal's 1-based
 * number. Plain arrays, no documents: the driver sends each as one parameter.
 */
export function bookingColumns(
  bookings: readonly (BatchBooking & Pick<Booking, 'idempotency' | 'refusal'>)[],
  told: readonly Notice[] = [],
  lineIds: readonly (readonly string[])[] = drawLineIds(bookings),
): unknown[][] {
  const journal = {
    kinds: [] as string[],
    users: [] as (string | null)[],
    keys: [] as (string | null)[],
    hashes: [] as (string | null)[],
    refusals: [] as (string | null)[],
  };
  const posting = {
    journals: [] as number[],
    users: [] as (string | null)[],
    kinds: [] as (string | null)[],
    systems: [] as (string | null)[],
    amounts: [] as number[],
  };
  const line = {
    journals: [] as number[],
    ids: [] as string[],
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
    journal.keys.push(b.idempotency?.key ?? null);
    journal.hashes.push(b.idempotency?.requestHash ?? null);
    journal.refusals.push(b.refusal ?? null);
    if (b.idempotency && b.idempotency.userId !== b.userId) {
      throw new Error('ledger_book: a key belongs to the journal’s owner');
    }
    for (const { account, amountCents } of b.postings) {
      posting.journals.push(n);
      posting.users.push('system' in account ? null : account.userId);
      posting.kinds.push('system' in account ? null : account.kind);
      posting.systems.push('system' in account ? account.system : null);
      posting.amounts.push(amountCents);
    }
    const ids = lineIds[i] ?? [];
    if (ids.length !== b.history.length) throw new Error('ledger_book: one id per history line');
    b.history.forEach((h, k) => {
      line.journals.push(n);
      line.ids.push(ids[k] as string);
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
    ...Object.values(journal),
    ...Object.values(posting),
    ...Object.values(line),
    told.map((t) => (t.journal === null ? null : t.journal + 1)),
    told.map((t) => t.userId),
    told.map((t) => [...new Set(t.topics)].join(',')),
  ];
}

/** Each booking's history rows' ids, drawn here as the database would draw them (so nothing is read back). */
function drawLineIds(bookings: readonly Pick<BatchBooking, 'history'>[]): string[][] {
  return bookings.map((b) => b.history.map(() => randomUUID()));
}

/** A jsonb value as the driver hands it over: parsed by node-postgres and PGlite, text if ever sent as text. */
function jsonValue<T>(raw: unknown): T {
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as T;
}

/** History rows as ledger_book answers them (book.sql ledger_history_row): booked now, or a replay's. */
export function historyRowsOf(raw: unknown): HistoryRow[] {
  return (jsonValue<unknown[] | null>(raw) ?? []).map(historyRowOf);
}

/** One history row as ledger_book answers it (book.sql ledger_history_row): the one decoder of a row. */
export function historyRowOf(raw: unknown): HistoryRow {
  const t = jsonValue<Record<string, unknown> | null>(raw);
  if (!t) throw new Error('ledger_book: a history row is missing');
  return {
    id: String(t.id),
    userId: String(t.userId),
    type: t.type as HistoryRow['type'],
    mode: String(t.mode),
    method: (t.method ?? null) as string | null,
    description: String(t.description),
    amountCents: Number(t.amountCents),
    feeCents: Number(t.feeCents ?? 0),
    status: t.status as HistoryRow['status'],
    wallet: (t.wallet ?? null) as HistoryRow['wallet'],
    journalId: t.journalId === null || t.journalId === undefined ? null : Number(t.journalId),
    createdAt: new Date(String(t.createdAt)),
  };
}

/** SQLSTATE ledger_book raises for a debit its account cannot cover; DETAIL is {"accountId": n}. */
const INSUFFICIENT_FUNDS = 'ML001';

/** The ledger's refusals as data: SQLSTATE and the structured DETAIL, never the message text. */
export function asDomainError(err: unknown): unknown {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = e as { code?: unknown; detail?: unknown };
    if (c.code === INSUFFICIENT_FUNDS) {
      const detail = JSON.parse(String(c.detail ?? '{}')) as { accountId?: number | null };
      return new InsufficientFunds(detail.accountId ?? null);
    }
  }
  return err;
}

/**
 * Runs `operation` at most once per (user, Idempotency-Key), in the transaction `tx` the caller
 * opened: the key is claimed first (a concurrent duplicate waits on it, then replays), a retry
 * gets the first answer and moves nothing, the same key with another request throws
 * IdempotencyKeyReused. An operation that throws rolls the claim back with it, so its key stays free.
 */
export async function bookOnce<T>(tx: Db, claim: IdempotencyClaim, operation: (tx: Db) => Promise<T>): Promise<T> {
  const [first] = await rows<{ result: unknown }>(
    tx,
    sql`SELECT ledger_claim(${claim.userId}, ${claim.key}, ${claim.requestHash}) AS result`,
  );
  const claimed = jsonValue<{ outcome: string; response?: StoredAnswer }>(first?.result);
  if (claimed.outcome === 'key_reused') throw new IdempotencyKeyReused();
  if (claimed.outcome === 'replay') return claimed.response?.answer as T;
  const answer = await operation(tx);
  const stored: StoredAnswer = { answer };
  await tx.execute(
    sql`UPDATE idempotency_keys SET response = ${JSON.stringify(stored)}::jsonb
        WHERE user_id = ${claim.userId} AND key = ${claim.key}`,
  );
  return answer;
}
