import { randomUUID } from 'node:crypto';
import { historyWording } from '@meridian/shared';
import type { Db } from '../db/client.js';
import { prepared, runPrepared } from '../db/prepared.js';
import { REALTIME_CHANNEL, type RealtimeTopic } from '../lib/realtime-payloads.js';
import { asDomainError, type HistoryRow, historyRowOf } from './book.js';
import { isTransient } from './errors.js';

/**
 * Transfers in one round trip and one statement (decisions 003, 014 and 021): ledger_transfer_batch
 * (transfer-batch.sql) checks recalled senders, finds each recipient and hands each transfer's rows
 * to ledger_book, the one booking rule, which settles each as it would settle it alone after the ones
 * before (its key, its refusal, its balance), in one transaction. A lone transfer is a batch of one.
 * The values travel as typed arrays: nothing is built as JSON here or parsed there.
 */

/**
 * Who sends: a user read in this request, or a session recalled from an app node's memory
 * (core/auth/session-reader.ts RecalledSession). A recalled sender is booked only if, in the
 * transfer's own transaction, that session is still live and theirs and they are still active and
 * still named `name` (the recipient's history row carries it); otherwise the transfer answers
 * sender_unverified, having claimed and moved nothing, and the caller reads the session afresh.
 */
export type TransferSender =
  | { readonly id: string; readonly name: string; readonly recalled?: false }
  | { readonly id: string; readonly name: string; readonly recalled: true; readonly token: string };

/** One transfer as its route asks for it; the fee is the one the server charges. */
export interface TransferBooking {
  /** Read again by the caller, and the transfer booked again, when the statement finds it unverified. */
  sender: TransferSender;
  recipientEmail: string;
  amountCents: number;
  feeCents: number;
  idempotencyKey: string;
  requestHash: string;
}

/**
 * What the recipient of each booked transfer is told, by e-mail through the outbox, in the transfer's
 * own transaction (transfer-batch.sql, step 4). One message for the whole batch: its subject, HTML and
 * text are format() strings whose %1$s is the recipient's name, %2$s the amount and %3$s the sender
 * (a literal % doubled), filled per transfer in the statement, which alone knows who received each;
 * it escapes the HTML's values. `slots` gives a transfer's amount and sender as the message writes them.
 */
export interface RecipientNotice {
  /** The outbox row's template (its kind). */
  template: string;
  subject: string;
  html: string;
  text: string;
  slots(b: TransferBooking): { amount: string; sender: string };
}

/** What a batch shares: its time and its message. */
export interface BatchContext {
  /** The history rows' time: the app's clock (lib/clock.ts), so a test clock moves it as it moves investments. */
  at: Date;
  /** Null: nobody is told (a test of the books alone). */
  notice: RecipientNotice | null;
}

/** How a transfer settled: booked or replayed with the sender's history row, or why not. */
export type TransferOutcome =
  | { kind: 'ok' | 'replay'; transaction: HistoryRow }
  | { kind: 'insufficient'; accountId: number | null }
  | { kind: 'key_reused' | 'recipient_not_found' | 'self_transfer' }
  /** The sender was recalled, and their session is no longer live and theirs: nothing claimed or moved. */
  | { kind: 'sender_unverified' };

/** The most transfers one call books: it bounds how long a batch holds its balances. */
export const MAX_TRANSFER_BATCH = 64;

/** Both parties' views that a transfer changes. */
const TOPICS: readonly RealtimeTopic[] = ['wallet', 'transactions'];

/** What both history rows of a transfer are: the statement writes them so, and the answer reads so. */
const TRANSFER_LINE = { mode: 'transfer', method: 'transfer', status: 'success', wallet: 'balance' } as const;

export const transferBatchStatement = prepared(
  'ledger_transfer_batch',
  `SELECT * FROM ledger_transfer_batch($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
     $7::text[], $8::text[], $9::text[], $10::text[], $11::text, $12::text, $13::text, $14::text[], $15::timestamptz,
     $16::text[], $17::text[], $18::text, $19::text, $20::text, $21::text, $22::text, $23::text, $24::text)`,
);

/** The statement's answer, one array element per transfer (transfer-batch.sql). */
interface BatchAnswer {
  outcomes: string[];
  journal_ids: (string | number | null)[];
  shortfalls: (string | number | null)[];
  descriptions: (string | null)[];
  rows: unknown[];
  created_at: Date | string;
}

/** Each transfer's two history rows' ids: the sender's, then the recipient's. */
interface LineIds {
  debit: string;
  credit: string;
}

/**
 * The statement's parameters for these transfers, each with its two history rows' ids drawn here (the
 * sender's, then the recipient's). The wording, the topics, the time and the message are one per batch.
 * `bench/instructions.mjs` replays exactly this call.
 */
export function transferValues(
  bookings: readonly TransferBooking[],
  context: BatchContext,
  ids: readonly LineIds[] = bookings.map(drawLineIds),
): unknown[] {
  if (bookings.length < 1 || bookings.length > MAX_TRANSFER_BATCH) {
    throw new RangeError(`a transfer batch holds 1 to ${MAX_TRANSFER_BATCH} transfers`);
  }
  for (const b of bookings) {
    if (
      !Number.isSafeInteger(b.amountCents) ||
      b.amountCents <= 0 ||
      !Number.isSafeInteger(b.feeCents) ||
      b.feeCents < 0
    ) {
      throw new RangeError('transfer amounts must be positive integers of cents');
    }
  }
  const column = <T>(f: (b: TransferBooking) => T) => bookings.map(f);
  const { notice } = context;
  const slots = notice ? bookings.map((b) => notice.slots(b)) : null;
  return [
    column((b) => b.sender.id),
    column((b) => b.sender.name),
    column((b) => (b.sender.recalled ? b.sender.token : null)),
    column((b) => b.recipientEmail),
    column((b) => b.amountCents),
    column((b) => b.feeCents),
    column((b) => b.idempotencyKey),
    column((b) => b.requestHash),
    ids.map((i) => i.debit),
    ids.map((i) => i.credit),
    historyWording.transferToPrefix,
    historyWording.transferFromPrefix,
    REALTIME_CHANNEL,
    [...TOPICS],
    context.at,
    slots?.map((s) => s.amount) ?? null,
    slots?.map((s) => s.sender) ?? null,
    notice?.template ?? null,
    notice?.subject ?? null,
    notice?.html ?? null,
    notice?.text ?? null,
    TRANSFER_LINE.mode,
    TRANSFER_LINE.status,
    TRANSFER_LINE.wallet,
  ];
}

function drawLineIds(): LineIds {
  return { debit: randomUUID(), credit: randomUUID() };
}

/**
 * Books 1..64 transfers and settles each as it would be answered alone: in one transaction, or, when
 * that transaction fails as a whole (a lost connection, a deadlock outside every transfer's own part, a
 * value the statement cannot take, a retry of a key the batch would book: ML003), each again alone, one
 * after another. The failed transaction committed nothing — or, if the connection broke after COMMIT,
 * all of it: then each key replays its booking — and a transfer that cannot be booked fails by itself.
 * Each booked transfer's recipient is told (`context`). Never rejects: a transfer's own failure is its
 * settlement; `counts.fallbacks` counts the transactions that failed whole.
 */
export async function bookTransfers(
  db: Db,
  transfers: readonly TransferBooking[],
  context: BatchContext,
  counts: { fallbacks: number } = { fallbacks: 0 },
): Promise<PromiseSettledResult<TransferOutcome>[]> {
  if (transfers.length > 1) {
    try {
      const outcomes = await bookTransferBatch(db, transfers, context);
      return outcomes.map((value) => ({ status: 'fulfilled', value }));
    } catch {
      counts.fallbacks++;
    }
  }
  const settled: PromiseSettledResult<TransferOutcome>[] = [];
  for (const transfer of transfers) {
    for (let attempt = 1; ; attempt++) {
      try {
        const [value] = await bookTransferBatch(db, [transfer], context);
        settled.push(value ? { status: 'fulfilled', value } : { status: 'rejected', reason: new Error('no answer') });
        break;
      } catch (reason) {
        // A transaction PostgreSQL ended to break a deadlock (possible only across nodes: one node's
        // batches lock in one order) runs again, a few times.
        if (isTransient(reason) && attempt < MAX_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
          continue;
        }
        settled.push({ status: 'rejected', reason });
        break;
      }
    }
  }
  return settled;
}

/** Runs of a lone transfer's transaction that PostgreSQL ended for a conflict, before its error is the answer. */
const MAX_ATTEMPTS = 5;

/**
 * One call of the statement: 1..64 transfers in one transaction, each answered as it would be alone. A
 * throw means the whole transaction failed and nothing is known of any of them.
 */
export async function bookTransferBatch(
  db: Db,
  transfers: readonly TransferBooking[],
  context: BatchContext,
): Promise<TransferOutcome[]> {
  const ids = transfers.map(drawLineIds);
  let answer: BatchAnswer | undefined;
  try {
    [answer] = await runPrepared<BatchAnswer>(db, transferBatchStatement, transferValues(transfers, context, ids));
  } catch (err) {
    throw asDomainError(err);
  }
  if (answer?.outcomes.length !== transfers.length) {
    throw new Error(
      `ledger_transfer_batch: ${answer?.outcomes.length ?? 'no'} answers to ${transfers.length} transfers`,
    );
  }
  const { outcomes, journal_ids, shortfalls, descriptions, rows, created_at } = answer;
  return outcomes.map((kind, i): TransferOutcome => {
    switch (kind) {
      case 'booked': {
        // The sender's row as the statement wrote it: what this call sent, with its journal, time and wording.
        const b = transfers[i] as TransferBooking;
        const id = ids[i]?.debit;
        const description = descriptions[i];
        if (id === undefined || description === null || description === undefined) {
          throw new Error('ledger_transfer_batch: a booked transfer without its row');
        }
        const transaction: HistoryRow = {
          id,
          userId: b.sender.id,
          type: 'debit',
          ...TRANSFER_LINE,
          description,
          amountCents: b.amountCents,
          feeCents: b.feeCents,
          journalId: Number(journal_ids[i]),
          createdAt: new Date(created_at),
        };
        return { kind: 'ok', transaction };
      }
      case 'replay':
        return { kind, transaction: historyRowOf(rows[i]) };
      case 'insufficient': {
        const shortfall = shortfalls[i];
        return { kind, accountId: shortfall === null || shortfall === undefined ? null : Number(shortfall) };
      }
      case 'key_reused':
      case 'recipient_not_found':
      case 'self_transfer':
      case 'sender_unverified':
        return { kind };
      default:
        throw new Error(`ledger_transfer_batch: unknown outcome ${kind}`);
    }
  });
}
