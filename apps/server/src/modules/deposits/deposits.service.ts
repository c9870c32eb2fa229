import { randomUUID } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  type AdminDeposit,
  type AdminDepositsPage,
  type AdminQueueQuery,
  type Deposit,
  depositMessages,
  historyWording,
  type Transaction,
} from '@meridian/shared';
import { memberActor } from '../../core/audit/actors.js';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { enqueueEmail } from '../../core/email/outbox.js';
import { toTransactionDto } from '../../core/history/history.queries.js';
import { publishChanged, publishToAdmins } from '../../core/realtime/publish.js';
import { findUserById, type UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { bookIn, recordPending, settlePending } from '../../ledger/index.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';
import { decodeTextCursor, encodeCursor, pageOf, unknownCursor } from '../../lib/keyset-cursor.js';
import type { RealtimeTopic } from '../../lib/realtime-payloads.js';
import { toAdminDepositDto, toDepositDto } from './deposits.dto.js';
import {
  type DepositRow,
  depositExists,
  findActiveMethod,
  insertDeposit,
  insertReceipt,
  lockDeposit,
  markDeposit,
  pendingDepositsPage,
} from './deposits.queries.js';

const TOPICS: RealtimeTopic[] = ['wallet', 'transactions'];

export interface Links {
  publicUrl: string;
  operatorEmail: string;
}

export interface FiledReceipt {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

/** What POST /api/deposits answers (and replays): the pending history row and its deposit. */
export interface FiledDeposit {
  transaction: Transaction;
  deposit: Deposit;
}

/**
 * Files a deposit inside the caller's (idempotent) transaction: the stored receipt's row, a pending
 * credit in the history and the deposit, and the two e-mails. No money moves until an operator
 * approves it.
 */
export async function fileDeposit(
  tx: Db,
  user: UserRow,
  req: { amountCents: number; methodId: string; receipt: FiledReceipt },
  links: Links,
  now: Date,
): Promise<FiledDeposit> {
  const method = await findActiveMethod(tx, req.methodId);
  if (!method) throw new AppError('DEPOSIT_METHOD_NOT_FOUND', depositMessages.methodNotFound);
  const receipt = await insertReceipt(tx, {
    id: randomUUID(),
    userId: user.id,
    storageKey: req.receipt.storageKey,
    contentType: req.receipt.contentType,
    sizeBytes: req.receipt.sizeBytes,
  });
  const row = await recordPending(
    tx,
    {
      userId: user.id,
      type: 'credit',
      mode: 'deposit',
      method: method.label,
      description: historyWording.deposit(method.label),
      amountCents: req.amountCents,
      wallet: 'balance',
    },
    now,
  );
  const deposit = await insertDeposit(tx, {
    id: row.id,
    userId: user.id,
    amountCents: req.amountCents,
    methodId: method.id,
    methodLabel: method.label,
    methodType: method.type,
    receiptId: receipt.id,
  });
  const dashboardUrl = `${links.publicUrl}/dashboard`;
  const transactionsUrl = `${links.publicUrl}/transactions`;
  await enqueueEmail(tx, user.email, {
    kind: 'deposit-processing',
    name: user.name,
    amountCents: req.amountCents,
    methodLabel: method.label,
    dashboardUrl,
    transactionsUrl,
  });
  await enqueueEmail(tx, links.operatorEmail, {
    kind: 'deposit-notification',
    userName: user.name,
    userEmail: user.email,
    amountCents: req.amountCents,
    methodLabel: method.label,
    dashboardUrl,
    transactionsUrl,
    adminUserUrl: `${links.publicUrl}/admin/users/${encodeURIComponent(user.id)}`,
  });
  await publishChanged(tx, [user.id], TOPICS);
  // An open console's queue shows the new deposit when this commits, without a reload.
  await publishToAdmins(tx);
  return { transaction: toTransactionDto(row), deposit: toDepositDto(deposit) };
}

export type Settlement = { deposit: Deposit; changed: boolean };

/**
 * Approves a pending deposit: `external -> balance` through the ledger, the history row success, the
 * deposit approved, audited, the user told. Approving it again changes nothing; a rejected one
 * cannot be approved. One at a time per deposit (its row is locked), so approve and reject racing
 * settle it exactly once.
 */
export function approveDeposit(
  db: Db,
  id: string,
  actor: string,
  links: Pick<Links, 'publicUrl'>,
  now: Date,
): Promise<Settlement> {
  return moneyTransaction(db, async (tx) => {
    const d = await lockDeposit(tx, id);
    if (!d) throw new AppError('DEPOSIT_NOT_FOUND', depositMessages.depositNotFound);
    if (d.status === 'approved') return { deposit: toDepositDto(d), changed: false };
    if (d.status !== 'pending') throw new AppError('ALREADY_SETTLED', depositMessages.alreadySettled);
    const booked = await bookIn(tx, {
      kind: 'deposit',
      userId: d.userId,
      postings: [
        { account: { system: 'external' }, amountCents: -d.amountCents },
        { account: { userId: d.userId, kind: 'balance' }, amountCents: d.amountCents },
      ],
      history: [],
      topics: { userIds: [d.userId], topics: TOPICS },
      at: now,
    });
    if (!(await settlePending(tx, d.id, { status: 'success', journalId: booked.journalId }))) {
      throw new Error(`deposit ${d.id}: its history row was not pending`);
    }
    const done = await markDeposit(tx, d.id, {
      status: 'approved',
      reason: null,
      journalId: booked.journalId,
      decidedBy: actor,
      decidedAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'deposit.approve',
      targetUserId: d.userId,
      details: { depositId: d.id, amountCents: d.amountCents, before: 'pending', after: 'approved' },
    });
    const user = await findUserById(tx, d.userId);
    if (user) {
      await enqueueEmail(tx, user.email, {
        kind: 'deposit-approved',
        name: user.name,
        amountCents: d.amountCents,
        methodLabel: d.methodLabel,
        dashboardUrl: `${links.publicUrl}/dashboard`,
      });
    }
    await publishToAdmins(tx);
    return { deposit: toDepositDto(done), changed: true };
  });
}

/**
 * Closes a pending deposit whose row the caller has locked, with nothing moved: rejected by an
 * operator (with a reason; the member is e-mailed) or cancelled by its member. The history row
 * settles failed or cancelled, the deposit is marked, audited as `actor`.
 */
async function closeUnpaid(
  tx: Db,
  d: DepositRow,
  outcome: { status: 'rejected'; reason: string } | { status: 'cancelled' },
  actor: string,
  links: Pick<Links, 'publicUrl'>,
  now: Date,
): Promise<Settlement> {
  const rejected = outcome.status === 'rejected';
  const reason = rejected ? outcome.reason : null;
  if (!(await settlePending(tx, d.id, { status: rejected ? 'failed' : 'cancelled' }))) {
    throw new Error(`deposit ${d.id}: its history row was not pending`);
  }
  const done = await markDeposit(tx, d.id, {
    status: outcome.status,
    reason,
    journalId: null,
    decidedBy: actor,
    decidedAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: rejected ? 'deposit.reject' : 'deposit.cancel',
    targetUserId: d.userId,
    details: { depositId: d.id, amountCents: d.amountCents, reason, before: 'pending', after: outcome.status },
  });
  const user = rejected ? await findUserById(tx, d.userId) : undefined;
  if (user) {
    await enqueueEmail(tx, user.email, {
      kind: 'deposit-rejected',
      name: user.name,
      amountCents: d.amountCents,
      methodLabel: d.methodLabel,
      reason: reason ?? '',
      transactionsUrl: `${links.publicUrl}/transactions`,
    });
  }
  await publishChanged(tx, [d.userId], TOPICS);
  await publishToAdmins(tx);
  return { deposit: toDepositDto(done), changed: true };
}

/**
 * Rejects a pending deposit with a reason: nothing moves, the history row fails, audited, the user
 * told. Rejecting it again changes nothing; an approved or cancelled one cannot be rejected.
 */
export function rejectDeposit(
  db: Db,
  id: string,
  reason: string,
  actor: string,
  links: Pick<Links, 'publicUrl'>,
  now: Date,
): Promise<Settlement> {
  return moneyTransaction(db, async (tx) => {
    const d = await lockDeposit(tx, id);
    if (!d) throw new AppError('DEPOSIT_NOT_FOUND', depositMessages.depositNotFound);
    if (d.status === 'rejected') return { deposit: toDepositDto(d), changed: false };
    if (d.status !== 'pending') throw new AppError('ALREADY_SETTLED', depositMessages.alreadySettled);
    return closeUnpaid(tx, d, { status: 'rejected', reason }, actor, links, now);
  });
}

/**
 * The member withdraws their own pending deposit request, inside the caller's idempotent transaction
 * (nothing had moved, nothing moves). Someone else's deposit does not exist for them (404); one an
 * operator has decided is a 409 that says so; cancelling it again changes nothing. Its row is locked
 * first, so a cancellation racing an operator's decision settles it once.
 */
export async function cancelDeposit(
  tx: Db,
  user: UserRow,
  id: string,
  links: Pick<Links, 'publicUrl'>,
  now: Date,
): Promise<Settlement> {
  const d = await lockDeposit(tx, id);
  if (!d || d.userId !== user.id) throw new AppError('DEPOSIT_NOT_FOUND', depositMessages.depositNotFound);
  if (d.status === 'cancelled') return { deposit: toDepositDto(d), changed: false };
  if (d.status !== 'pending') throw new AppError('ALREADY_SETTLED', depositMessages.alreadyDecided);
  return closeUnpaid(tx, d, { status: 'cancelled' }, memberActor(user), links, now);
}

/**
 * One page of the operator's queue: pending deposits oldest first, after the cursor's deposit, with
 * the member's name and e-mail and the receipt's type and size (the console shows it inline).
 */
export async function depositQueue(db: Db, query: AdminQueueQuery): Promise<AdminDepositsPage> {
  const after = decodeTextCursor(query.cursor);
  if (after !== null && !(await depositExists(db, after))) throw unknownCursor();
  const limit = query.limit ?? ADMIN_PAGE_SIZE_DEFAULT;
  const rows = await pendingDepositsPage(db, after, limit + 1);
  return pageOf(rows, limit, toAdminDepositDto, (r) => encodeCursor(r.deposit.id));
}

/** The first `limit` pending deposits, oldest first (the operator command's list). */
export async function listPendingDeposits(db: Db, limit = 100): Promise<AdminDeposit[]> {
  return (await pendingDepositsPage(db, null, limit)).map(toAdminDepositDto);
}

/** The settlement as the operator commands (and later the console) use it, with these links. */
export function depositOperations(links: Pick<Links, 'publicUrl'>) {
  return {
    listPending: (db: Db) => listPendingDeposits(db),
    approve: (db: Db, id: string, actor: string, now: Date) => approveDeposit(db, id, actor, links, now),
    reject: (db: Db, id: string, reason: string, actor: string, now: Date) =>
      rejectDeposit(db, id, reason, actor, links, now),
  };
}
