import { adminMessages } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { bookIn, settlePending } from '../../ledger/index.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { RealtimeTopic } from '../../lib/realtime-payloads.js';
import { memberActor } from '../audit/actors.js';
import { recordAudit } from '../audit/audit.queries.js';
import { enqueueEmail } from '../email/outbox.js';
import { publishChanged, publishToAdmins } from '../realtime/publish.js';
import { fourEyesThresholdCents } from '../settings/settings.queries.js';
import { findUserById, type UserRow } from '../users/users.queries.js';
import type { Decision, FourEyes, Links, OperatorDecision, RequestSettlement } from './kind.js';
import { lockRequest, markRequest, type RequestRow, type RequestTable } from './requests.queries.js';

const TOPICS: RealtimeTopic[] = ['wallet', 'transactions'];

const notFound = ({ notFound }: RequestSettlement<RequestTable, unknown>['refusals']) =>
  new AppError(notFound.code, notFound.message);

/**
 * An operator's decision on a pending request, in its own transaction. The row is locked first, so
 * decisions (and the member's cancellation) racing settle it once; the same decision again changes
 * nothing, another is a 409.
 */
export function decide<T extends RequestTable, A>(
  db: Db,
  kind: RequestSettlement<T, A>,
  id: string,
  decision: OperatorDecision,
  actor: string,
  links: Links,
  now: Date,
): Promise<A> {
  return moneyTransaction(db, async (tx) => {
    const row = await lockRequest(tx, kind.table, id);
    if (!row) throw notFound(kind.refusals);
    return settle(tx, kind, row, decision, actor, links, now);
  });
}

/**
 * The member withdraws their own pending request, inside the caller's idempotent transaction.
 * Someone else's request does not exist for them (404); one an operator has decided is a 409 that
 * says so; cancelling it again changes nothing. Locked first, as a decision is.
 */
export async function cancelOwn<T extends RequestTable, A>(
  tx: Db,
  kind: RequestSettlement<T, A>,
  user: UserRow,
  id: string,
  links: Links,
  now: Date,
): Promise<A> {
  const row = await lockRequest(tx, kind.table, id);
  if (!row || row.userId !== user.id) throw notFound(kind.refusals);
  return settle(tx, kind, row, { kind: 'cancel' }, memberActor(user), links, now);
}

/**
 * Settles a request whose row the caller has locked, once: one already settled this way is answered
 * unchanged, one settled otherwise is a 409. A pending one books the outcome's journal if it moves
 * money, settles its history row, is marked and audited as `actor`; the member is e-mailed an
 * operator's decision; their views and every open console hear of it when this commits.
 */
async function settle<T extends RequestTable, A>(
  tx: Db,
  kind: RequestSettlement<T, A>,
  row: RequestRow<T>,
  decision: Decision,
  actor: string,
  links: Links,
  now: Date,
): Promise<A> {
  const outcome = kind.outcomes[decision.kind];
  if (row.status === outcome.status) return kind.answer(row, false);
  if (row.status !== 'pending') {
    const { alreadySettled, alreadyDecided } = kind.refusals;
    throw new AppError('ALREADY_SETTLED', decision.kind === 'cancel' ? alreadyDecided : alreadySettled);
  }
  const firstApprover = kind.fourEyes?.firstApprover(row) ?? null;
  if (decision.kind === 'approve' && kind.fourEyes) {
    if (firstApprover === actor) throw new AppError('SECOND_APPROVER_REQUIRED', adminMessages.fourEyes.sameOperator);
    if (firstApprover === null && row.amountCents >= (await fourEyesThresholdCents(tx))) {
      return approveFirst(tx, kind, kind.fourEyes, row, actor, now);
    }
  }
  const journal = outcome.journal?.(row);
  const booked = journal
    ? await bookIn(tx, {
        kind: journal.kind,
        userId: row.userId,
        postings: journal.postings,
        history: [],
        topics: { userIds: [row.userId], topics: TOPICS },
        at: now,
      })
    : null;
  const journalId = booked?.journalId ?? null;
  const settled =
    outcome.history === 'success' && kind.historyTakesJournal && journalId !== null
      ? { status: outcome.history, journalId }
      : { status: outcome.history };
  if (!(await settlePending(tx, row.id, settled))) {
    throw new Error(`${kind.noun} ${row.id}: its history row was not pending`);
  }
  const reason = decision.kind === 'reject' ? decision.reason : null;
  const done = await markRequest(tx, kind.table, row.id, {
    status: outcome.status,
    reason,
    ...kind.settledBy(journalId),
    decidedBy: actor,
    decidedAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: `${kind.noun}.${decision.kind}`,
    targetUserId: row.userId,
    details: {
      [`${kind.noun}Id`]: row.id,
      amountCents: row.amountCents,
      reason,
      // Four eyes: the approval this decision followed (who and when stay on the request's row too).
      ...(firstApprover === null ? {} : { firstApprovedBy: firstApprover }),
      before: 'pending',
      after: outcome.status,
    },
  });
  // The member hears of an operator's decision; their own cancellation tells no one.
  if (decision.kind !== 'cancel') {
    const user = await findUserById(tx, row.userId);
    if (user) await enqueueEmail(tx, user.email, kind.email(row, user, decision, links), now);
  }
  // A booking told the member's views already; a settlement that moved nothing tells them here.
  if (!booked) await publishChanged(tx, [row.userId], TOPICS);
  await publishToAdmins(tx);
  return kind.answer(done, true);
}

/**
 * The first of two approvals a large request needs: recorded on the locked row and audited; nothing
 * is booked and the member is told nothing (for them it is still pending). Every open console hears
 * of it, so the queue shows it awaiting a second operator.
 */
async function approveFirst<T extends RequestTable, A>(
  tx: Db,
  kind: RequestSettlement<T, A>,
  fourEyes: FourEyes<T>,
  row: RequestRow<T>,
  actor: string,
  now: Date,
): Promise<A> {
  const marked = await fourEyes.recordFirst(tx, row, actor, now);
  await recordAudit(tx, {
    actor,
    action: `${kind.noun}.first-approve`,
    targetUserId: row.userId,
    details: { [`${kind.noun}Id`]: row.id, amountCents: row.amountCents, before: 'pending', after: 'pending' },
  });
  await publishToAdmins(tx);
  return kind.answer(marked, true);
}
