import { randomUUID } from 'node:crypto';
import {
  type AdminDeposit,
  type Deposit,
  type DepositSettlement,
  depositMessages,
  historyWording,
  type Transaction,
} from '@meridian/shared';
import { enqueueEmail } from '../../core/email/outbox.js';
import { toTransactionDto } from '../../core/history/history.queries.js';
import type { MoneyRequestKind } from '../../core/money-requests/kind.js';
import { moneyRequests } from '../../core/money-requests/money-requests.js';
import { publishChanged, publishToAdmins } from '../../core/realtime/publish.js';
import type { UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { deposits } from '../../db/schema/index.js';
import { recordPending } from '../../ledger/index.js';
import { AppError } from '../../lib/app-error.js';
import type { RealtimeTopic } from '../../lib/realtime-payloads.js';
import { toAdminDepositDto, toDepositDto } from './deposits.dto.js';
import { findActiveMethod, insertDeposit, insertReceipt, receiptJoin } from './deposits.queries.js';

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

/**
 * A deposit as a money request (core/money-requests): approving moves `external -> balance` and the
 * history row takes that journal; rejecting (with a reason, e-mailed) and the member's cancellation
 * move nothing. The console's queue shows each with its receipt's type and size.
 */
const depositKind: MoneyRequestKind<typeof deposits, DepositSettlement, AdminDeposit, (typeof receiptJoin)['columns']> =
  {
    noun: 'deposit',
    table: deposits,
    outcomes: {
      approve: {
        status: 'approved',
        history: 'success',
        journal: (d) => ({
          kind: 'deposit',
          postings: [
            { account: { system: 'external' }, amountCents: -d.amountCents },
            { account: { userId: d.userId, kind: 'balance' }, amountCents: d.amountCents },
          ],
        }),
      },
      reject: { status: 'rejected', history: 'failed' },
      cancel: { status: 'cancelled', history: 'cancelled' },
    },
    settledBy: (journalId) => ({ journalId }),
    historyTakesJournal: true,
    refusals: {
      notFound: { code: 'DEPOSIT_NOT_FOUND', message: depositMessages.depositNotFound },
      alreadySettled: depositMessages.alreadySettled,
      alreadyDecided: depositMessages.alreadyDecided,
    },
    email: (d, user, decision, links) =>
      decision.kind === 'approve'
        ? {
            kind: 'deposit-approved',
            name: user.name,
            amountCents: d.amountCents,
            methodLabel: d.methodLabel,
            dashboardUrl: `${links.publicUrl}/dashboard`,
          }
        : {
            kind: 'deposit-rejected',
            name: user.name,
            amountCents: d.amountCents,
            methodLabel: d.methodLabel,
            reason: decision.reason,
            transactionsUrl: `${links.publicUrl}/transactions`,
          },
    answer: (d, changed) => ({ deposit: toDepositDto(d), changed }),
    queue: { join: receiptJoin, item: toAdminDepositDto },
  };

/**
 * Deposits as money requests: the console's queue, approve and reject, the member's cancellation.
 * Approving moves `external -> balance`; approving again changes nothing and a rejected deposit
 * cannot be approved. One at a time per deposit (its row is locked), so decisions racing settle it once.
 */
export const depositRequests = moneyRequests(depositKind);
export const { approve: approveDeposit, reject: rejectDeposit, listPending: listPendingDeposits } = depositRequests;
