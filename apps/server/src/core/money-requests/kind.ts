import type { ErrorCode } from '@meridian/shared';
import type { Column } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { BookPosting } from '../../ledger/index.js';
import type { EmailTemplate } from '../email/templates.js';
import type { UserRow } from '../users/users.queries.js';
import type { QueueJoin, QueueRow, RequestRow, RequestTable, SettlingJournal } from './requests.queries.js';

/** What settles a pending request: an operator's approval or rejection, or its member's cancellation. */
export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'cancel' };
export type OperatorDecision = Exclude<Decision, { kind: 'cancel' }>;

export interface Links {
  publicUrl: string;
}

/** How one decision settles a request of a kind. */
export interface Outcome<T extends RequestTable> {
  /** The request's status after it; a request already in it is answered unchanged. */
  status: RequestRow<T>['status'];
  /** Its pending history row's. */
  history: 'success' | 'failed' | 'cancelled';
  /** The journal it books, or none: nothing moves. */
  journal?: (row: RequestRow<T>) => { kind: string; postings: BookPosting[] };
}

/**
 * How a kind of money request a member files and an operator settles (a deposit, a withdrawal)
 * settles: what differs between the kinds. Everything else — the lock, the same decision answered
 * unchanged, the 409 on another, the audit, the e-mail, the realtime news — is settle.ts, once.
 */
export interface RequestSettlement<T extends RequestTable, Answer> {
  /** Names the audit's actions (`deposit.approve`) and its details' key (`depositId`). */
  noun: 'deposit' | 'withdrawal';
  table: T;
  outcomes: Record<Decision['kind'], Outcome<T>>;
  /** The request's column that keeps the journal settling it (null when nothing moved). */
  settledBy: (journalId: number | null) => SettlingJournal<T>;
  /**
   * Whether the history row takes that journal: a deposit's money moves only when approved, while a
   * withdrawal's row keeps the hold's journal it was written with.
   */
  historyTakesJournal: boolean;
  refusals: {
    notFound: { code: ErrorCode; message: string };
    /** 409 to an operator: another decision came first. */
    alreadySettled: string;
    /** 409 to the member cancelling: an operator has decided. */
    alreadyDecided: string;
  };
  /** The e-mail telling the member of an operator's decision (their own cancellation tells no one). */
  email: (row: RequestRow<T>, user: UserRow, decision: OperatorDecision, links: Links) => EmailTemplate;
  /** Set for a kind whose large requests need two operators to approve them (withdrawals). */
  fourEyes?: FourEyes<T>;
  /** What settling answers; `changed` is false when the request was already settled that way. */
  answer: (row: RequestRow<T>, changed: boolean) => Answer;
}

/**
 * Four eyes on a kind of request (issue 25): one of at least the threshold waits, after its first
 * operator's approval, for a second, different operator's. Kept on the request's own row (locked
 * while deciding), so racing approvals see each other.
 */
export interface FourEyes<T extends RequestTable> {
  /** Who approved it first ('admin:<email>', 'cli'), or null while nobody has. */
  firstApprover: (row: RequestRow<T>) => string | null;
  /** Records the first approval on the locked row; the request stays pending. */
  recordFirst: (tx: Db, row: RequestRow<T>, actor: string, now: Date) => Promise<RequestRow<T>>;
}

/** A kind of money request: how it settles, and how the operator's queue shows it. */
export interface MoneyRequestKind<T extends RequestTable, Answer, Item, C extends Record<string, Column>>
  extends RequestSettlement<T, Answer> {
  /** The operator's queue: the table it joins besides the member, and each row as the console shows it. */
  queue: { join: QueueJoin<C> | null; item: (row: QueueRow<T, C>) => Item };
}
