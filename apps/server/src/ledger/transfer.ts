import type { Transaction } from '@meridian/shared';
import type { Db } from '../db/client.js';
import { prepared, runPrepared } from '../db/prepared.js';
import type { transactions } from '../db/schema/index.js';
import { REALTIME_CHANNEL, type RealtimeTopic } from '../lib/realtime-payloads.js';
import { asDomainError, drawTransactionIds } from './book.js';
import { InsufficientFunds } from './errors.js';

/**
 * Transfers in one round trip and one statement (decisions 003, 014 and 017): ledger_transfer_batch
 * (transfer-batch.sql) finds each recipient, settles each transfer as ledger_book would settle it
 * alone after the ones before (its key, its refusal, its balance), and books the covered ones through
 * ledger_book_rows, the booking rule's batch form, in one transaction. A lone transfer is a batch of
 * one. The values travel as typed arrays: nothing is built as JSON here or parsed there.
 */
export interface TransferBooking {
  senderId: string;
  senderName: string;
  idempotencyKey: string;
  requestHash: string;
  recipientEmail: string;
  amountCents: number;
  feeCents: number;
  /** History wording: the sender's row reads `${debitPrefix}${recipient name}`. */
  debitPrefix: string;
  creditPrefix: string;
  topics: readonly RealtimeTopic[];
  /**
   * The session token the sender was recalled by, without a read (core/auth/session-reader.ts
   * RememberedSessions): the transfer is then booked only if, in its own transaction, that session is
   * still live and is the sender's, the sender still active and still named `senderName` (the
   * recipient's history row carries the name). Otherwise it answers sender_unverified, having
   * claimed and moved nothing, and the caller reads the session afresh.
   */
  senderSession?: string | undefined;
}

/**
 * What the recipient of each booked transfer is told, by e-mail through the outbox, in the transfer's
 * own transaction (transfer-batch.sql, step 7). One message for the whole batch: its subject, HTML and
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

/** The sender's history row of the transfer, with the columns a client is shown. */
export type BookedTransaction = Pick<typeof transactions.$inferSelect, keyof Transaction>;

export type TransferOutcome =
  | { kind: 'ok' | 'replay'; transaction: BookedTransaction }
  | { kind: 'key_reused' | 'recipient_not_found' | 'self_transfer' | 'sender_unverified' };

/** The most transfers one call books: it bounds how long a batch holds its balances. */
export const MAX_TRANSFER_BATCH = 64;

export const transferBatchStatement = prepared(
  'ledger_transfer_batch',
  `SELECT * FROM ledger_transfer_batch($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
     $7::text[], $8::text[], $9::text[], $10::text[], $11::text, $12::text, $13::text, $14::text[], $15::timestamptz,
     $16::text[], $17::text[], $18::text, $19::text, $20::text, $21::text)`,
);

/** The statement's answer, one array element per transfer (transfer-batch.sql). */
interface BatchAnswer {
  outcomes: string[];
  journal_ids: (string | number | null)[];
  recipient_names: (string | null)[];
  shortfalls: (string | number | null)[];
  replays: (Record<string, unknown> | string | null)[];
  created_at: Date | string;
}

/**
 * The statement's parameters for these transfers, whose history rows take these ids (the sender's,
 * then the recipient's, per transfer). The wording, the topics, the time and the message are one per
 * batch. `bench/instructions.mjs` replays exactly this call.
 */
export function transferValues(
  bookings: readonly TransferBooking[],
  ids: readonly (readonly string[])[],
  context: BatchContext,
): unknown[] {
  const [first] = bookings;
  if (!first || bookings.length > MAX_TRANSFER_BATCH) {
    throw new RangeError(`a transfer batch holds 1 to ${MAX_TRANSFER_BATCH} transfers`);
  }
  const topics = first.topics.join(',');
  for (const b of bookings) {
    if (
      !Number.isSafeInteger(b.amountCents) ||
      b.amountCents <= 0 ||
      !Number.isSafeInteger(b.feeCents) ||
      b.feeCents < 0
    ) {
      throw new RangeError('transfer amounts must be positive integers of cents');
    }
    if (b.debitPrefix !== first.debitPrefix || b.creditPrefix !== first.creditPrefix || b.topics.join(',') !== topics) {
      throw new RangeError('the transfers of a batch share their wording and topics');
    }
  }
  const column = <T>(f: (b: TransferBooking, i: number) => T) => bookings.map(f);
  const { notice } = context;
  const slots = notice ? bookings.map((b) => notice.slots(b)) : null;
  return [
    column((b) => b.senderId),
    column((b) => b.senderName),
    column((b) => b.senderSession ?? null),
    column((b) => b.recipientEmail),
    column((b) => b.amountCents),
    column((b) => b.feeCents),
    column((b) => b.idempotencyKey),
    column((b) => b.requestHash),
    column((_, i) => ids[i]?.[0]),
    column((_, i) => ids[i]?.[1]),
    first.debitPrefix,
    first.creditPrefix,
    REALTIME_CHANNEL,
    [...first.topics],
    context.at,
    slots?.map((s) => s.amount) ?? null,
    slots?.map((s) => s.sender) ?? null,
    notice?.template ?? null,
    notice?.subject ?? null,
    notice?.html ?? null,
    notice?.text ?? null,
  ];
}

/**
 * Books 1..64 transfers in one transaction and settles each as it would be answered alone: an
 * uncovered debit rejects with InsufficientFunds; each booked one's recipient is told (`context`).
 * A throw means the whole transaction failed and
 * nothing is known of any of them (the committer then books each alone): a lost connection, a
 * deadlock, or a batch the statement leaves to the lone path (SQLSTATE ML003, see transfer-batch.sql).
 */
export async function bookTransferBatch(
  db: Db,
  bookings: readonly TransferBooking[],
  context: BatchContext,
): Promise<PromiseSettledResult<TransferOutcome>[]> {
  const ids = bookings.map(() => drawTransactionIds([0, 1]));
  let answer: BatchAnswer | undefined;
  try {
    [answer] = await runPrepared<BatchAnswer>(db, transferBatchStatement, transferValues(bookings, ids, context));
  } catch (err) {
    throw asDomainError(err);
  }
  if (!answer || answer.outcomes.length !== bookings.length) {
    throw new Error(
      `ledger_transfer_batch: ${answer?.outcomes.length ?? 'no'} answers to ${bookings.length} transfers`,
    );
  }
  const createdAt = new Date(answer.created_at);
  return bookings.map((b, i): PromiseSettledResult<TransferOutcome> => {
    const outcome = answer.outcomes[i];
    switch (outcome) {
      case 'booked':
        return {
          status: 'fulfilled',
          value: {
            kind: 'ok',
            transaction: {
              id: String(ids[i]?.[0]),
              type: 'debit',
              mode: 'transfer',
              method: 'transfer',
              description: `${b.debitPrefix}${answer.recipient_names[i] ?? ''}`,
              amountCents: b.amountCents,
              feeCents: b.feeCents,
              status: 'success',
              wallet: 'balance',
              createdAt,
            },
          },
        };
      case 'replay':
        return { status: 'fulfilled', value: { kind: 'replay', transaction: replayed(answer.replays[i]) } };
      case 'key_reused':
      case 'recipient_not_found':
      case 'self_transfer':
      case 'sender_unverified':
        return { status: 'fulfilled', value: { kind: outcome } };
      case 'insufficient':
        return { status: 'rejected', reason: new InsufficientFunds(Number(answer.shortfalls[i])) };
      default:
        return { status: 'rejected', reason: new Error(`ledger_transfer_batch: unknown outcome ${outcome}`) };
    }
  });
}

/** One transfer alone: a batch of one, answered or thrown as it settled. */
export async function bookTransferOnce(db: Db, b: TransferBooking, context: BatchContext): Promise<TransferOutcome> {
  const [settled] = await bookTransferBatch(db, [b], context);
  if (!settled) throw new Error('ledger_transfer_batch: no answer');
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

/** A replay's history row, as the statement read it back from the first booking (jsonb). */
function replayed(raw: Record<string, unknown> | string | null | undefined): BookedTransaction {
  const t = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null | undefined;
  if (!t) throw new Error('ledger_transfer_batch: a replay without its history row');
  return {
    id: String(t.id),
    type: t.type as BookedTransaction['type'],
    mode: String(t.mode),
    method: (t.method ?? null) as string | null,
    description: String(t.description),
    amountCents: Number(t.amountCents),
    feeCents: Number(t.feeCents ?? 0),
    status: t.status as BookedTransaction['status'],
    wallet: (t.wallet ?? null) as BookedTransaction['wallet'],
    createdAt: new Date(String(t.createdAt)),
  };
}
