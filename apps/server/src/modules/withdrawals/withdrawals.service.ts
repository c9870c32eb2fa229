import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  type AdminQueueQuery,
  type AdminWithdrawal,
  type AdminWithdrawalsPage,
  depositMessages,
  historyWording,
  type Transaction,
  WITHDRAWAL_METHOD_LABELS,
  type Withdrawal,
  type WithdrawalRequest,
  type WithdrawalWithOtp,
  withdrawalMessages,
} from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { enqueueEmail } from '../../core/email/outbox.js';
import { toTransactionDto } from '../../core/history/history.queries.js';
import { publishToAdmins, type RealtimeTopic } from '../../core/realtime/publish.js';
import { findUserById, type UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { AppError, rateLimited } from '../../http/errors.js';
import { bookIn, settlePending } from '../../ledger/index.js';
import { decodeTextCursor, encodeCursor, pageOf, unknownCursor } from '../../lib/keyset-cursor.js';
import { moneyTransaction } from '../../lib/money-transaction.js';
import { toAdminWithdrawalDto, toWithdrawalDto } from './withdrawals.dto.js';
import {
  type CodeRow,
  countWrongTry,
  insertCode,
  insertWithdrawal,
  lockNewestCode,
  lockWithdrawal,
  markCodeUsed,
  markWithdrawal,
  pendingWithdrawalsPage,
  withdrawalExists,
} from './withdrawals.queries.js';

export const CODE_VALID_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
/** At most one new code per user per this long. */
export const CODE_INTERVAL_MS = 60_000;

const TOPICS: RealtimeTopic[] = ['wallet', 'transactions'];

export interface WithdrawalContext {
  /** Keys the codes' hashes (a code has only a million values: an unkeyed hash would give it away). */
  secret: string;
  publicUrl: string;
  operatorEmail: string;
  /** The minimum withdrawal setting; a request below it is refused before a code is sent or used. */
  minWithdrawalCents: number;
  now: Date;
}

/** Refuses an amount below the minimum setting, with the specification's message. */
function checkMinimum(req: WithdrawalRequest, ctx: Pick<WithdrawalContext, 'minWithdrawalCents'>): void {
  if (req.amountCents < ctx.minWithdrawalCents) {
    throw new AppError('VALIDATION_FAILED', depositMessages.amountBelowMinimum(ctx.minWithdrawalCents), {
      amountCents: depositMessages.amountBelowMinimum(ctx.minWithdrawalCents),
    });
  }
}

/** What a code is bound to: the amount and the destination, in one canonical fingerprint. */
export function requestFingerprint(r: WithdrawalRequest): string {
  const destination = Object.fromEntries(Object.entries(r.destination).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256')
    .update(JSON.stringify([r.amountCents, r.method, destination]))
    .digest('hex');
}

function codeHash(secret: string, id: string, code: string): string {
  return createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');
}

/**
 * Issues a 6-digit code for this withdrawal and e-mails it: random from a CSPRNG, stored as a keyed
 * hash, valid 10 minutes, for this amount and destination only; one new code a minute per user.
 */
export async function requestCode(db: Db, user: UserRow, req: WithdrawalRequest, ctx: WithdrawalContext) {
  checkMinimum(req, ctx);
  return moneyTransaction(db, async (tx) => {
    const newest = await lockNewestCode(tx, user.id);
    const sinceMs = newest ? ctx.now.getTime() - newest.createdAt.getTime() : Number.POSITIVE_INFINITY;
    if (sinceMs < CODE_INTERVAL_MS) {
      throw rateLimited(Math.ceil((CODE_INTERVAL_MS - sinceMs) / 1000), withdrawalMessages.otpTooSoon);
    }
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(ctx.now.getTime() + CODE_VALID_MS);
    await insertCode(tx, {
      id,
      userId: user.id,
      codeHash: codeHash(ctx.secret, id, code),
      requestHash: requestFingerprint(req),
      expiresAt,
      createdAt: ctx.now,
    });
    await enqueueEmail(
      tx,
      user.email,
      {
        kind: 'withdrawal-otp',
        name: user.name,
        code,
        withdrawUrl: `${ctx.publicUrl}/withdraw`,
        validMinutes: CODE_VALID_MS / 60_000,
      },
      ctx.now,
    );
    return { expiresAt: expiresAt.toISOString() };
  });
}

/** A code that does not confirm this withdrawal; `wrongTry` when it counts against the code. */
export class CodeRefused extends Error {
  constructor(
    readonly code: 'INVALID_OTP' | 'OTP_EXPIRED' | 'OTP_LOCKED',
    readonly wrongTry: string | null,
  ) {
    super(code);
  }
}

/** Checks a code inside `tx` (its row locked); throws CodeRefused. */
async function checkCode(tx: Db, user: UserRow, req: WithdrawalWithOtp, ctx: WithdrawalContext): Promise<CodeRow> {
  const row = await lockNewestCode(tx, user.id);
  if (!row || row.usedAt) throw new CodeRefused('INVALID_OTP', null);
  if (row.attempts >= CODE_MAX_TRIES) throw new CodeRefused('OTP_LOCKED', null);
  if (row.expiresAt.getTime() <= ctx.now.getTime()) throw new CodeRefused('OTP_EXPIRED', null);
  const given = Buffer.from(codeHash(ctx.secret, row.id, req.otp), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  const codeMatches = given.length === stored.length && timingSafeEqual(given, stored);
  if (!codeMatches || row.requestHash !== requestFingerprint(req)) throw new CodeRefused('INVALID_OTP', row.id);
  return row;
}

/**
 * A refused code as the client hears it. A wrong try is counted in its own transaction (the one
 * that checked rolled back), and the fifth locks the code.
 */
export async function codeRefusal(db: Db, err: CodeRefused): Promise<AppError> {
  if (err.wrongTry) {
    const tries = await countWrongTry(db, err.wrongTry);
    if (tries >= CODE_MAX_TRIES) return new AppError('OTP_LOCKED', withdrawalMessages.otpLocked);
  }
  const message = {
    INVALID_OTP: withdrawalMessages.invalidOtp,
    OTP_EXPIRED: withdrawalMessages.otpExpired,
    OTP_LOCKED: withdrawalMessages.otpLocked,
  }[err.code];
  return new AppError(err.code, message);
}

/** Checks a code without using it (the page's step before the caution dialog). */
export async function verifyCode(db: Db, user: UserRow, req: WithdrawalWithOtp, ctx: WithdrawalContext) {
  checkMinimum(req, ctx);
  try {
    await moneyTransaction(db, (tx) => checkCode(tx, user, req, ctx));
  } catch (err) {
    if (err instanceof CodeRefused) throw await codeRefusal(db, err);
    throw err;
  }
  return { ok: true as const };
}

export interface FiledWithdrawal {
  transaction: Transaction;
  withdrawal: Withdrawal;
}

/**
 * Files the withdrawal inside the caller's idempotent transaction: the code is used, the amount
 * moves balance -> withdrawal_hold through the ledger (a balance that cannot cover it refuses the
 * whole request, the code stays unused), a pending debit appears, the operator is told.
 */
export async function fileWithdrawal(
  tx: Db,
  user: UserRow,
  req: WithdrawalWithOtp,
  ctx: WithdrawalContext,
): Promise<FiledWithdrawal> {
  checkMinimum(req, ctx);
  const code = await checkCode(tx, user, req, ctx);
  await markCodeUsed(tx, code.id, ctx.now);
  return holdWithdrawal(tx, user, req, ctx);
}

/** The money side of filing, once the code has confirmed it: the hold, the pending row, the operator told. */
export async function holdWithdrawal(
  tx: Db,
  user: UserRow,
  req: WithdrawalRequest,
  ctx: Pick<WithdrawalContext, 'publicUrl' | 'operatorEmail' | 'now'>,
): Promise<FiledWithdrawal> {
  const label = WITHDRAWAL_METHOD_LABELS[req.method];
  const booked = await bookIn(tx, {
    kind: 'withdrawal_hold',
    userId: user.id,
    postings: [
      { account: { userId: user.id, kind: 'balance' }, amountCents: -req.amountCents },
      { account: { userId: user.id, kind: 'withdrawal_hold' }, amountCents: req.amountCents },
    ],
    history: [
      {
        userId: user.id,
        type: 'debit',
        mode: 'withdrawal',
        method: label,
        description: historyWording.withdrawal(label),
        amountCents: req.amountCents,
        status: 'pending',
        wallet: 'balance',
      },
    ],
    topics: { userIds: [user.id], topics: TOPICS },
    at: ctx.now,
  });
  const row = booked.history[0];
  if (!row) throw new Error('fileWithdrawal: no history row');
  const withdrawal = await insertWithdrawal(tx, {
    id: row.id,
    userId: user.id,
    amountCents: req.amountCents,
    method: req.method,
    destination: req.destination,
    holdJournalId: booked.journalId,
  });
  await enqueueEmail(
    tx,
    ctx.operatorEmail,
    {
      kind: 'withdrawal-requested',
      userName: user.name,
      userEmail: user.email,
      amountCents: req.amountCents,
      methodLabel: label,
      adminUserUrl: `${ctx.publicUrl}/admin/users/${encodeURIComponent(user.id)}`,
    },
    ctx.now,
  );
  // An open console's queue shows the new request when this commits, without a reload.
  await publishToAdmins(tx);
  return { transaction: toTransactionDto(row), withdrawal: toWithdrawalDto(withdrawal) };
}

export type Settlement = { withdrawal: Withdrawal; changed: boolean };
type Links = Pick<WithdrawalContext, 'publicUrl'>;

/**
 * Settles a pending withdrawal: approved pays the hold out (withdrawal_hold -> external), rejected
 * returns it (withdrawal_hold -> balance). The row is locked, so approve and reject racing settle
 * it once; settling it the same way again changes nothing, the other way is a 409.
 */
function settle(
  db: Db,
  id: string,
  outcome: { status: 'paid' } | { status: 'rejected'; reason: string },
  actor: string,
  links: Links,
  now: Date,
): Promise<Settlement> {
  return moneyTransaction(db, async (tx) => {
    const w = await lockWithdrawal(tx, id);
    if (!w) throw new AppError('WITHDRAWAL_NOT_FOUND', withdrawalMessages.withdrawalNotFound);
    if (w.status === outcome.status) return { withdrawal: toWithdrawalDto(w), changed: false };
    if (w.status !== 'pending') throw new AppError('ALREADY_SETTLED', withdrawalMessages.alreadySettled);
    const paid = outcome.status === 'paid';
    const booked = await bookIn(tx, {
      kind: paid ? 'withdrawal_payout' : 'withdrawal_return',
      userId: w.userId,
      postings: [
        { account: { userId: w.userId, kind: 'withdrawal_hold' }, amountCents: -w.amountCents },
        paid
          ? { account: { system: 'external' }, amountCents: w.amountCents }
          : { account: { userId: w.userId, kind: 'balance' }, amountCents: w.amountCents },
      ],
      history: [],
      topics: { userIds: [w.userId], topics: TOPICS },
      at: now,
    });
    if (!(await settlePending(tx, w.id, paid ? { status: 'success' } : { status: 'failed' }))) {
      throw new Error(`withdrawal ${w.id}: its history row was not pending`);
    }
    const reason = outcome.status === 'rejected' ? outcome.reason : null;
    const done = await markWithdrawal(tx, w.id, {
      status: outcome.status,
      reason,
      settleJournalId: booked.journalId,
      decidedBy: actor,
      decidedAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: paid ? 'withdrawal.approve' : 'withdrawal.reject',
      targetUserId: w.userId,
      details: { withdrawalId: w.id, amountCents: w.amountCents, before: 'pending', after: outcome.status, reason },
    });
    const user = await findUserById(tx, w.userId);
    if (user) {
      const common = {
        name: user.name,
        amountCents: w.amountCents,
        methodLabel: WITHDRAWAL_METHOD_LABELS[w.method],
        dashboardUrl: `${links.publicUrl}/dashboard`,
      };
      await enqueueEmail(
        tx,
        user.email,
        paid
          ? { kind: 'withdrawal-paid', ...common }
          : { kind: 'withdrawal-rejected', ...common, reason: reason ?? '' },
        now,
      );
    }
    await publishToAdmins(tx);
    return { withdrawal: toWithdrawalDto(done), changed: true };
  });
}

export function approveWithdrawal(db: Db, id: string, actor: string, links: Links, now: Date) {
  return settle(db, id, { status: 'paid' }, actor, links, now);
}

export function rejectWithdrawal(db: Db, id: string, reason: string, actor: string, links: Links, now: Date) {
  return settle(db, id, { status: 'rejected', reason }, actor, links, now);
}

/** One page of the operator's queue: pending withdrawals oldest first, with member and destination. */
export async function withdrawalQueue(db: Db, query: AdminQueueQuery): Promise<AdminWithdrawalsPage> {
  const after = decodeTextCursor(query.cursor);
  if (after !== null && !(await withdrawalExists(db, after))) throw unknownCursor();
  const limit = query.limit ?? ADMIN_PAGE_SIZE_DEFAULT;
  const rows = await pendingWithdrawalsPage(db, after, limit + 1);
  return pageOf(rows, limit, toAdminWithdrawalDto, (r) => encodeCursor(r.withdrawal.id));
}

/** The first `limit` pending withdrawals, oldest first (the operator command's list). */
export async function listPendingWithdrawals(db: Db, limit = 100): Promise<AdminWithdrawal[]> {
  return (await pendingWithdrawalsPage(db, null, limit)).map(toAdminWithdrawalDto);
}

/** The settlement as the operator commands (and later the console) use it. */
export function withdrawalOperations(links: Links) {
  return {
    listPending: (db: Db) => listPendingWithdrawals(db),
    approve: (db: Db, id: string, actor: string, now: Date) => approveWithdrawal(db, id, actor, links, now),
    reject: (db: Db, id: string, reason: string, actor: string, now: Date) =>
      rejectWithdrawal(db, id, reason, actor, links, now),
  };
}
