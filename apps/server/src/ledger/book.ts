import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { SystemAccountKind, transactions, UserAccountKind } from '../db/schema/index.js';
import { REALTIME_CHANNEL, type RealtimeTopic } from '../lib/realtime-payloads.js';
import { rows } from '../lib/sql.js';
import { IdempotencyKeyReused, InsufficientFunds } from './errors.js';

/**
 * book(): the one way money moves. Every booking is one call of the SQL function ledger_book
 * (source: ./book.sql), which claims or replays the Idempotency-Key, locks user accounts in
 * (user, kind) order, applies conditional debits, gives system accounts entries only, writes the
 * journal, its entries and the history rows, and sends the NOTIFY, in one statement.
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
  userIds: string[];
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
  /**
   * When it happens by the app's clock (lib/clock.ts): its history rows' created_at. A test clock
   * (TEST_CLOCK) moves it as it moves the investments; the journal keeps the database's time.
   */
  at: Date;
}

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
  | { outcome: 'refused'; reason: string };

/**
 * The booking as ledger_book reads it (see book.sql), with the ids of its history rows: drawn here
 * (random v4 uuids, as the database would draw them), so the answer need not carry them back.
 */
export function bookingJson(b: Booking, transactionIds: readonly string[]): Record<string, unknown> {
  return {
    kind: b.kind,
    userId: b.userId ?? null,
    at: b.at.toISOString(),
    idempotency: b.idempotency ?? null,
    postings: b.postings.map(({ account, amountCents }) => ({ ...targetJson(account), amountCents })),
    history: b.history,
    transactionIds,
    notify: b.topics
      ? { channel: REALTIME_CHANNEL, userIds: [...new Set(b.topics.userIds)], topics: b.topics.topics }
      : null,
  };
}

/** Fresh ids for these history rows. */
export function drawTransactionIds(history: readonly unknown[]): string[] {
  return history.map(() => randomUUID());
}

function targetJson(t: PostingTarget): Record<string, unknown> {
  if ('system' in t) return { system: t.system };
  return { user: t.userId, kind: t.kind };
}

/**
 * Books in its own transaction (one statement, one round trip). A replay or a reused key moves
 * nothing; a debit its account cannot cover throws InsufficientFunds and leaves the key free.
 */
export async function book(db: Db, booking: Booking): Promise<BookOutcome> {
  return runBooking(db, booking);
}

/**
 * Books inside the caller's transaction, for operations that do more in it (an investment row, an
 * accrual mark). The caller's transaction carries the idempotency key, if any (see bookOnce).
 */
export async function bookIn(tx: Db, booking: Omit<Booking, 'idempotency'>): Promise<Booked> {
  const out = await runBooking(tx, booking);
  if (out.outcome !== 'booked') throw new Error(`ledger_book: unexpected outcome ${out.outcome}`);
  return out;
}

/** One call of ledger_book with this booking, its answer read against the booking's history rows. */
async function runBooking(db: Db, booking: Booking): Promise<BookOutcome> {
  const ids = drawTransactionIds(booking.history);
  const json = JSON.stringify(bookingJson(booking, ids));
  let found: { result: unknown }[];
  try {
    found = await rows<{ result: unknown }>(db, sql`SELECT ledger_book(${json}::jsonb) AS result`);
  } catch (err) {
    throw asDomainError(err);
  }
  return readOutcome(found[0]?.result, booking.history, ids);
}

/** A jsonb value as the driver hands it over: parsed by node-postgres and PGlite, text if ever sent as text. */
function jsonValue<T>(raw: unknown): T {
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as T;
}

/** ledger_book's jsonb answer to a booking of these history rows, with these ids. */
export function readOutcome(raw: unknown, given: readonly HistoryLine[], ids: readonly string[]): BookOutcome {
  const r = jsonValue<Record<string, unknown> | undefined>(raw);
  switch (r?.outcome) {
    case 'booked': {
      const journalId = Number(r.journalId);
      const createdAt = new Date(String(r.createdAt));
      const history = given.map((line, i) => bookedRow(line, String(ids[i]), journalId, createdAt));
      return { outcome: 'booked', journalId, history };
    }
    case 'replay': {
      const response = (r.response ?? {}) as StoredAnswer;
      return { outcome: 'replay', response, history: historyRows(r.history, response.journalId) };
    }
    case 'key_reused':
      return { outcome: 'key_reused' };
    case 'refused':
      return { outcome: 'refused', reason: String(r.reason) };
    default:
      throw new Error(`ledger_book: unknown answer ${JSON.stringify(r)}`);
  }
}

/** A history row as booked: the line as given, with the id and time ledger_book answered. */
function bookedRow(line: HistoryLine, id: string, journalId: number, createdAt: Date): HistoryRow {
  return {
    id,
    userId: line.userId,
    type: line.type,
    mode: line.mode,
    method: line.method,
    description: line.description,
    amountCents: line.amountCents,
    feeCents: line.feeCents ?? 0,
    status: line.status,
    wallet: line.wallet,
    journalId,
    createdAt,
  };
}

/** A replay's history rows, as ledger_book reads them back from the first booking. */
function historyRows(raw: unknown, journalId: number | undefined): HistoryRow[] {
  return ((raw ?? []) as Record<string, unknown>[]).map((t) => ({
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
    journalId: journalId ?? null,
    createdAt: new Date(String(t.createdAt)),
  }));
}

/** SQLSTATE ledger_book raises for a debit its account cannot cover; DETAIL is {"accountId": n}. */
const INSUFFICIENT_FUNDS = 'ML001';

/** The ledger's refusals as data: SQLSTATE and the structured DETAIL, never the message text. */
export function asDomainError(err: unknown): unknown {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = e as { code?: unknown; detail?: unknown };
    if (c.code === INSUFFICIENT_FUNDS) {
      const detail = JSON.parse(String(c.detail ?? '{}')) as { accountId?: number };
      return new InsufficientFunds(Number(detail.accountId));
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
