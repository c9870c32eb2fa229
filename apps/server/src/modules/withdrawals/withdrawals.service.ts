import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type AdminWithdrawal,
  depositMessages,
  historyWording,
  moneyMessages,
  type Transaction,
  WITHDRAWAL_METHOD_LABELS,
  type Withdrawal,
  type WithdrawalRequest,
  type WithdrawalSettlement,
  type WithdrawalWithOtp,
  withdrawalMessages,
} from '@meridian/shared';
import { enqueueEmail } from '../../core/email/outbox.js';
import { toTransactionDto } from '../../core/history/history.queries.js';
import type { MoneyRequestKind } from '../../core/money-requests/kind.js';
import { moneyRequests } from '../../core/money-requests/money-requests.js';
import type { NoJoin } from '../../core/money-requests/requests.queries.js';
import { publishToAdmins } from '../../core/realtime/publish.js';
import type { UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { withdrawals } from '../../db/schema/index.js';
import { bookIn, type PostingTarget } from '../../ledger/index.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { AppError, rateLimited } from '../../lib/app-error.js';
import type { RealtimeTopic } from '../../lib/realtime-payloads.js';
import { toAdminWithdrawalDto, toWithdrawalDto } from './withdrawals.dto.js';
import {
  balanceOf,
  type CodeRow,
  findNewestCode,
  giveCodeTryBack,
  insertCode,
  insertWithdrawal,
  lockNewestCode,
  markFirstApproval,
  spendCode,
  takeCodeTry,
  type WithdrawalRow,
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
  // Said before a code is sent: a code for what the balance cannot cover could only be refused later.
  // The hold at filing decides for good (the balance may change in between).
  if ((await balanceOf(db, user.id)) < req.amountCents) {
    throw new AppError('INSUFFICIENT_BALANCE', moneyMessages.insufficientBalance);
  }
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

const CODE_REFUSALS = {
  INVALID_OTP: withdrawalMessages.invalidOtp,
  OTP_EXPIRED: withdrawalMessages.otpExpired,
  OTP_LOCKED: withdrawalMessages.otpLocked,
} as const;
const refused = (code: keyof typeof CODE_REFUSALS) => new AppError(code, CODE_REFUSALS[code]);

/** Why no try of the newest code could be taken. */
function noTryLeft(row: CodeRow | undefined, now: Date): AppError {
  if (!row || row.usedAt) return refused('INVALID_OTP');
  if (row.attempts >= CODE_MAX_TRIES) return refused('OTP_LOCKED');
  if (row.expiresAt.getTime() <= now.getTime()) return refused('OTP_EXPIRED');
  // A newer code arrived between the two reads: this one was not checked against it.
  return refused('INVALID_OTP');
}

/**
 * Compares a code under the rule every one-time code of the platform follows (decision 009): the
 * try is taken first — counted in the same statement that checks the code is unused, unexpired and
 * has tries left, and committed on its own — and only then compared, so neither a rolled-back
 * request nor many requests at once can compare more than CODE_MAX_TRIES wrong codes. The right
 * code gives its try back: checking it, cancelling and checking it again costs the member nothing.
 * Throws the refusal (INVALID_OTP, and OTP_LOCKED once the last try went to a wrong code).
 */
async function checkCode(db: Db, user: UserRow, req: WithdrawalWithOtp, ctx: WithdrawalContext): Promise<CodeRow> {
  checkMinimum(req, ctx);
  const row = await takeCodeTry(db, user.id, CODE_MAX_TRIES, ctx.now);
  if (!row) throw noTryLeft(await findNewestCode(db, user.id), ctx.now);
  const given = Buffer.from(codeHash(ctx.secret, row.id, req.otp), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  const codeMatches = given.length === stored.length && timingSafeEqual(given, stored);
  if (!codeMatches || row.requestHash !== requestFingerprint(req)) {
    throw refused(row.attempts >= CODE_MAX_TRIES ? 'OTP_LOCKED' : 'INVALID_OTP');
  }
  await giveCodeTryBack(db, row.id);
  return row;
}

/** Checks a code without using it (the page's step before the caution dialog). */
export async function verifyCode(db: Db, user: UserRow, req: WithdrawalWithOtp, ctx: WithdrawalContext) {
  await checkCode(db, user, req, ctx);
  return { ok: true as const };
}

/**
 * The code's verdict on a filing, reached before the filing's transaction (its try must stay counted
 * whatever that transaction does): the checked code, or why it was refused. A refusal is raised
 * inside the transaction, after the Idempotency-Key had its chance to replay a filing already made.
 */
export function codeVerdict(
  db: Db,
  user: UserRow,
  req: WithdrawalWithOtp,
  ctx: WithdrawalContext,
): Promise<CodeRow | AppError> {
  return checkCode(db, user, req, ctx).catch((err: unknown) => {
    if (err instanceof AppError) return err;
    throw err;
  });
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
  verdict: CodeRow | AppError,
  ctx: WithdrawalContext,
): Promise<FiledWithdrawal> {
  if (verdict instanceof AppError) throw verdict;
  // Another request with the same code may have used it since it was checked.
  if (!(await spendCode(tx, verdict.id, ctx.now))) throw refused('INVALID_OTP');
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

/**
 * A withdrawal as a money request (core/money-requests): approving pays the hold out
 * (withdrawal_hold -> external); rejecting (with a reason, e-mailed) and the member's cancellation
 * return it (withdrawal_hold -> balance). Its history row keeps the hold's journal.
 */
const withdrawalKind: MoneyRequestKind<typeof withdrawals, WithdrawalSettlement, AdminWithdrawal, NoJoin> = {
  noun: 'withdrawal',
  table: withdrawals,
  outcomes: {
    approve: { status: 'paid', history: 'success', journal: (w) => releaseHold(w, 'withdrawal_payout') },
    reject: { status: 'rejected', history: 'failed', journal: (w) => releaseHold(w, 'withdrawal_return') },
    cancel: { status: 'cancelled', history: 'cancelled', journal: (w) => releaseHold(w, 'withdrawal_return') },
  },
  settledBy: (settleJournalId) => ({ settleJournalId }),
  historyTakesJournal: false,
  refusals: {
    notFound: { code: 'WITHDRAWAL_NOT_FOUND', message: withdrawalMessages.withdrawalNotFound },
    alreadySettled: withdrawalMessages.alreadySettled,
    alreadyDecided: withdrawalMessages.alreadyDecided,
  },
  email: (w, user, decision, links) => {
    const common = {
      name: user.name,
      amountCents: w.amountCents,
      methodLabel: WITHDRAWAL_METHOD_LABELS[w.method],
      dashboardUrl: `${links.publicUrl}/dashboard`,
    };
    return decision.kind === 'approve'
      ? { kind: 'withdrawal-paid', ...common }
      : { kind: 'withdrawal-rejected', ...common, reason: decision.reason };
  },
  fourEyes: {
    firstApprover: (w) => w.firstApprovedBy,
    recordFirst: (tx, w, actor, now) => markFirstApproval(tx, w.id, actor, now),
  },
  answer: (w, changed) => ({
    withdrawal: toWithdrawalDto(w),
    changed,
    awaitingSecondApproval: w.status === 'pending' && w.firstApprovedBy !== null,
  }),
  queue: { join: null, item: toAdminWithdrawalDto },
};

/** The hold leaves: paid out to the destination (`external`), or back to the member's balance. */
function releaseHold(w: WithdrawalRow, kind: 'withdrawal_payout' | 'withdrawal_return') {
  const to: PostingTarget =
    kind === 'withdrawal_payout' ? { system: 'external' } : { userId: w.userId, kind: 'balance' };
  return {
    kind,
    postings: [
      { account: { userId: w.userId, kind: 'withdrawal_hold' as const }, amountCents: -w.amountCents },
      { account: to, amountCents: w.amountCents },
    ],
  };
}

/**
 * Withdrawals as money requests: approving pays the hold out, rejecting or the member's cancellation
 * returns it. The row is locked, so decisions (and the cancellation) racing settle it once; the same
 * decision again changes nothing, another is a 409.
 */
export const withdrawalRequests = moneyRequests(withdrawalKind);
export const { approve: approveWithdrawal, reject: rejectWithdrawal } = withdrawalRequests;
