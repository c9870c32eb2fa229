import type { Transaction } from '@meridian/shared';
import type { RealtimeTopic } from '../core/realtime/publish.js';
import type { Db } from '../db/client.js';
import { type PreparedStatement, prepared, runPrepared } from '../db/prepared.js';
import type { transactions } from '../db/schema/index.js';
import {
  asDomainError,
  type Booking,
  bookingJson,
  drawTransactionIds,
  type HistoryLine,
  type HistoryRow,
  readOutcome,
} from './book.js';
import { compileJsonTemplate, type JsonTemplate } from './json-template.js';

/**
 * The transfer in one round trip: one statement finds the recipient and hands ledger_book (book.sql)
 * the whole booking, so the key claim, the money, the journal, both history rows and the NOTIFY
 * cost the hot path a single call. The booking rule itself is ledger_book's, as for every operation.
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

/** The sender's history row of the transfer, with the columns a client is shown. */
export type BookedTransaction = Pick<typeof transactions.$inferSelect, keyof Transaction>;

export type TransferOutcome =
  | { kind: 'ok' | 'replay'; transaction: BookedTransaction }
  | { kind: 'key_reused' | 'recipient_not_found' | 'self_transfer' | 'sender_unverified' };

// Only an active account holder (role 'user', activated by an operator) can receive a transfer; an
// unknown, unvetted or operator address is refused alike, after the key check, with nothing claimed.
// The booking arrives as a format() template ($2, see templateFor) whose holes take the
// recipient's id (%1$s) and the sender's history description (%2$s), both found here.
// A recalled sender ($6, the session token, and $7, the name) is checked first, by the batch's own
// check (ledger_sender_live, transfer-batch.sql): when it fails, ledger_book is not called at all
// (result null, sender_live false).
const transferStatement = prepared(
  'ledger_book_transfer',
  `WITH r AS (
     SELECT u.id, u.name FROM users u WHERE lower(u.email) = lower(btrim($3)) AND u.role = 'user' AND u.is_active
   ), s AS (
     SELECT ledger_sender_live($6::text, $1::text, $7::text) AS live
   )
   SELECT CASE WHEN s.live THEN ledger_book(CASE
       WHEN r.id IS NULL OR r.id = $1::text THEN jsonb_build_object(
         'refusal', CASE WHEN r.id IS NULL THEN 'recipient_not_found' ELSE 'self_transfer' END,
         'idempotency', $4::jsonb)
       ELSE format($2::text, to_json(r.id), to_json($5::text || r.name))::jsonb
     END) END AS result, r.name AS recipient_name, s.live AS sender_live
   FROM (SELECT 1) AS one LEFT JOIN r ON true CROSS JOIN s`,
);

/**
 * The booking's two values found in SQL travel as holes of a format() template: the recipient's id
 * (%1$s) and the sender's history description (%2$s), which format() fills with the JSON text of its
 * arguments; every literal '%' is doubled. The template is compiled once per set of topics
 * (json-template.ts) from the booking this module builds, so each request only joins its values.
 */
export interface TransferValues extends Record<string, string | number> {
  sender: string;
  recipient: string;
  key: string;
  requestHash: string;
  debitCents: number;
  amountCents: number;
  feeCents: number;
  debitDescription: string;
  creditDescription: string;
  debitId: string;
  creditId: string;
}

const formatEscape = (text: string) => (text.includes('%') ? text.replaceAll('%', '%%') : text);
const FORMAT_HOLES = { recipient: '%1$s', debitDescription: '%2$s' } as const;

/**
 * The transfer's two history rows, the sender's first. Written out field by field: an object spread
 * here cost V8 (Node 20) microseconds per row, more than the rest of the request's shaping.
 */
function transferLines(v: TransferValues): [HistoryLine, HistoryLine] {
  return [
    {
      userId: v.sender,
      type: 'debit',
      mode: 'transfer',
      method: 'transfer',
      description: v.debitDescription,
      amountCents: v.amountCents,
      feeCents: v.feeCents,
      status: 'success',
      wallet: 'balance',
    },
    {
      userId: v.recipient,
      type: 'credit',
      mode: 'transfer',
      method: 'transfer',
      description: v.creditDescription,
      amountCents: v.amountCents,
      feeCents: 0,
      status: 'success',
      wallet: 'balance',
    },
  ];
}

/** The transfer's booking: amount + fee from the sender, the amount to the recipient, the fee to revenue. */
function transferBooking(v: TransferValues, topics: readonly RealtimeTopic[]): Booking {
  return {
    kind: 'transfer',
    userId: v.sender,
    idempotency: { userId: v.sender, key: v.key, requestHash: v.requestHash },
    postings: [
      { account: { userId: v.sender, kind: 'balance' }, amountCents: v.debitCents },
      { account: { userId: v.recipient, kind: 'balance' }, amountCents: v.amountCents },
      { account: { system: 'fee_revenue' }, amountCents: v.feeCents },
    ],
    history: transferLines(v),
    topics: { userIds: [v.sender, v.recipient], topics },
  };
}

const templates = new Map<string, JsonTemplate<TransferValues>>();

function templateFor(topics: readonly RealtimeTopic[]): JsonTemplate<TransferValues> {
  const cacheKey = topics.join(',');
  let template = templates.get(cacheKey);
  if (!template) {
    const sample = (n: number): TransferValues => ({
      sender: `sender-${n}`,
      recipient: `recipient-${n}`,
      key: `key-${n}`,
      requestHash: `hash-${n}`,
      debitCents: -102 * n,
      amountCents: 100 * n,
      feeCents: 2 * n,
      debitDescription: `To ${n}%`,
      creditDescription: `From "${n}"`,
      debitId: `debit-${n}`,
      creditId: `credit-${n}`,
    });
    template = compileJsonTemplate(
      (v) => bookingJson(transferBooking(v, topics), [v.debitId, v.creditId]),
      [sample(1), sample(2)],
      formatEscape,
    );
    templates.set(cacheKey, template);
  }
  return template;
}

/**
 * The transfer's one statement with its parameters, and the values of the booking it carries (the
 * sender's history row is rebuilt from them; its recipient and description are the holes).
 * `bench/instructions.mjs` replays exactly this call.
 */
export function transferCall(
  b: TransferBooking,
  ids: readonly string[],
): { statement: PreparedStatement; values: unknown[]; booking: TransferValues } {
  if (
    !Number.isSafeInteger(b.amountCents) ||
    b.amountCents <= 0 ||
    !Number.isSafeInteger(b.feeCents) ||
    b.feeCents < 0
  ) {
    throw new RangeError('transfer amounts must be positive integers of cents');
  }
  const v: TransferValues = {
    sender: b.senderId,
    recipient: FORMAT_HOLES.recipient,
    key: b.idempotencyKey,
    requestHash: b.requestHash,
    debitCents: -(b.amountCents + b.feeCents),
    amountCents: b.amountCents,
    feeCents: b.feeCents,
    debitDescription: FORMAT_HOLES.debitDescription,
    creditDescription: `${b.creditPrefix}${b.senderName}`,
    debitId: String(ids[0]),
    creditId: String(ids[1]),
  };
  const template = templateFor(b.topics)(v, FORMAT_HOLES);
  const idempotency = { userId: b.senderId, key: b.idempotencyKey, requestHash: b.requestHash };
  const values = [
    b.senderId,
    template,
    b.recipientEmail,
    JSON.stringify(idempotency),
    b.debitPrefix,
    b.senderSession ?? null,
    b.senderSession === undefined ? null : b.senderName,
  ];
  return { statement: transferStatement, values, booking: v };
}

export async function bookTransferOnce(db: Db, b: TransferBooking): Promise<TransferOutcome> {
  const ids = drawTransactionIds([0, 1]);
  const { statement, values, booking } = transferCall(b, ids);
  let found: { result: unknown; recipient_name: string | null; sender_live: boolean }[];
  try {
    found = await runPrepared<{ result: unknown; recipient_name: string | null; sender_live: boolean }>(
      db,
      statement,
      values,
    );
  } catch (err) {
    throw asDomainError(err);
  }
  if (found[0]?.sender_live === false) return { kind: 'sender_unverified' };
  return transferOutcome(b, booking, ids, found[0]?.result, found[0]?.recipient_name ?? null);
}

/**
 * ledger_book's answer to one transfer as its caller is told it, alone or in a batch
 * (transfer-batch.ts): `booking` and `ids` are what transferCall made of `b`.
 */
export function transferOutcome(
  b: TransferBooking,
  booking: TransferValues,
  ids: readonly string[],
  result: unknown,
  recipientName: string | null,
): TransferOutcome {
  // The sender's row is the booking's first history row; only it is answered, so only it is rebuilt.
  const [debit] = transferLines(booking);
  debit.description = `${b.debitPrefix}${recipientName ?? ''}`;
  const out = readOutcome(result, [debit], ids);
  switch (out.outcome) {
    case 'booked':
    case 'replay': {
      const row = out.history[0];
      if (!row) throw new Error('ledger_book: a transfer without its history row');
      return { kind: out.outcome === 'booked' ? 'ok' : 'replay', transaction: shown(row) };
    }
    case 'key_reused':
      return { kind: 'key_reused' };
    case 'refused':
      if (out.reason === 'recipient_not_found' || out.reason === 'self_transfer') return { kind: out.reason };
      throw new Error(`ledger_book: unknown refusal ${out.reason}`);
  }
}

/** The columns a client is shown (field by field, for the reason transferLines gives). */
function shown(row: HistoryRow): BookedTransaction {
  return {
    id: row.id,
    type: row.type,
    mode: row.mode,
    method: row.method,
    description: row.description,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    status: row.status,
    wallet: row.wallet,
    createdAt: row.createdAt,
  };
}
