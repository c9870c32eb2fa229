import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * The e-mail queue: rows are written in the transaction that causes them and sent by the dispatch
 * job (jobs/email-dispatch.ts). 'sending' is claimed by one dispatcher and not yet settled; a row
 * left there by a crash is never sent again (at most once), and is marked failed after a while.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    /** The plain-text part, sent beside the HTML (and what the log transport prints). */
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row may next be tried (backoff after a failed attempt). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last attempt's error, for the operator's mailbox. */
    lastError: text('last_error'),
    /**
     * What the message carries that must not outlive its sending (a one-time code, a reset link): once
     * the message is sent or given up, these are replaced by '[redacted]' in the stored bodies.
     */
    redact: text('redact').array().notNull().default(sql`'{}'::text[]`),
    /** When the row was claimed for its current attempt. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.id),
    // New entries wait in GIN's pending list (fastupdate): a row per transfer made the index's own
    // insert a third of a transfer's database work (migration 0024).
    index('email_outbox_to_idx').using('gin', sql`lower(${t.toAddress}) gin_trgm_ops`).with({ fastupdate: true }),
    index('email_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);

/** Fixed-window counters shared by every app node (login and OTP limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Append-only record of every operator action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetUserId, t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.id.desc()),
    index('audit_log_actor_idx').on(t.actor, t.id.desc()),
  ],
);

/** Catalogue tables seeded at start; the books issue builds on them. */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    minCents: bigint('min_cents', { mode: 'number' }).notNull(),
    maxCents: bigint('max_cents', { mode: 'number' }).notNull(),
    durationDays: integer('duration_days').notNull(),
    profitBps: integer('profit_bps').notNull(),
    minRoiBps: integer('min_roi_bps').notNull(),
    maxRoiBps: integer('max_roi_bps').notNull(),
    /** Only active plans are offered; a plan with investments is deactivated, never deleted. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One plan per name in any letter case (members choose plans by name).
  (t) => [uniqueIndex('plans_name_lower_unique').on(sql`lower(${t.name})`)],
);

export const depositMethods = pgTable('deposit_methods', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  type: text('type', { enum: ['bank', 'crypto', 'paypal'] }).notNull(),
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  /** Only active methods are offered to users; a method is deactivated, never deleted. */
  active: boolean('active').notNull().default(true),
  /** The operator's order (ties: oldest first). */
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An uploaded file, stored privately (lib/object-store.ts) under `storage_key`; served only to its owner and admins. */
export const receipts = pgTable(
  'receipts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    storageKey: text('storage_key').notNull().unique(),
    /** Decided from the file's bytes when it was uploaded. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('receipts_user_idx').on(t.userId)],
);

/**
 * A deposit request. Its id is its pending history row's; no money moves until an operator approves
 * it (external -> balance, through the ledger) or rejects it (nothing moves). Settled exactly once.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    methodId: text('method_id').notNull(),
    /** The method as it was when the deposit was filed (an operator may edit it later). */
    methodLabel: text('method_label').notNull(),
    methodType: text('method_type', { enum: ['bank', 'crypto', 'paypal'] }).notNull(),
    receiptId: text('receipt_id')
      .notNull()
      .references(() => receipts.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    journalId: bigint('journal_id', { mode: 'number' }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposits_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
    index('deposits_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A user's saved payout details (profile, Withdrawal Information): prefill for withdrawals. */
export const payoutDetails = pgTable('payout_details', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  bank: jsonb('bank').$type<Record<string, string>>().notNull().default({}),
  crypto: jsonb('crypto').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes that confirm a withdrawal: only a keyed hash of the code is kept, bound to the
 * amount and destination it was issued for, valid for a while, a few wrong tries, used once.
 */
export const withdrawalCodes = pgTable(
  'withdrawal_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    /** SHA-256 of the amount and destination the code was issued for. */
    requestHash: text('request_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('withdrawal_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A withdrawal request. Filing holds the amount (balance -> withdrawal_hold, through the ledger);
 * approving pays it out (withdrawal_hold -> external), rejecting returns it (-> balance). Its id is
 * its pending history row's.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['bank', 'crypto', 'paypal'] }).notNull(),
    destination: jsonb('destination').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    holdJournalId: bigint('hold_journal_id', { mode: 'number' }).notNull(),
    settleJournalId: bigint('settle_journal_id', { mode: 'number' }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * Four eyes (issue 25): the operator whose approval of a large withdrawal waits for a second,
     * different one, and when. Still `pending` for the member; NULL while no operator has approved.
     */
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The platform's settings (DESIGN.md section 5): one row, edited in the console and read by every
 * node at once (core/settings). Until an operator saves them (`updated_by` NULL), each start copies
 * the environment's values in, so SUPPORT_EMAIL and friends keep working as initial values.
 */
export const settings = pgTable(
  'settings',
  {
    id: boolean('id').primaryKey().default(true),
    transferFeeBps: integer('transfer_fee_bps').notNull(),
    referralBonusCents: bigint('referral_bonus_cents', { mode: 'number' }).notNull(),
    securityDepositBps: integer('security_deposit_bps').notNull(),
    minDepositCents: bigint('min_deposit_cents', { mode: 'number' }).notNull(),
    minWithdrawalCents: bigint('min_withdrawal_cents', { mode: 'number' }).notNull(),
    supportEmail: text('support_email').notNull(),
    supportChatUrl: text('support_chat_url').notNull(),
    operatorEmail: text('operator_email').notNull(),
    autoActivateAfterHours: integer('auto_activate_after_hours'),
    /** Minutes without activity after which an operator's console session ends (issue 25). */
    consoleIdleMinutes: integer('console_idle_minutes').notNull().default(30),
    /** Withdrawals and adjustments of at least this many cents need a second operator (issue 25). */
    fourEyesThresholdCents: bigint('four_eyes_threshold_cents', { mode: 'number' }).notNull().default(1_000_000),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('settings_one_row', sql`${t.id}`),
    check('settings_transfer_fee_bounds', sql`${t.transferFeeBps} BETWEEN 0 AND 5000`),
    check('settings_security_deposit_bounds', sql`${t.securityDepositBps} BETWEEN 0 AND 10000`),
    check('settings_referral_bonus_bounds', sql`${t.referralBonusCents} >= 0`),
    check('settings_minimums_positive', sql`${t.minDepositCents} > 0 AND ${t.minWithdrawalCents} > 0`),
    check('settings_console_idle_bounds', sql`${t.consoleIdleMinutes} BETWEEN 5 AND 480`),
    check('settings_four_eyes_bounds', sql`${t.fourEyesThresholdCents} BETWEEN 1 AND 1000000000000`),
  ],
);

/**
 * A balance adjustment at or above the four-eyes threshold (issue 25), as its first operator asked
 * for it: nothing is booked until a second, different operator approves it (then `journal_id` keeps
 * the booking), or an operator rejects it.
 */
export const pendingAdjustments = pgTable(
  'pending_adjustments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Signed: positive credits the balance, negative debits it. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['awaiting', 'approved', 'rejected'] })
      .notNull()
      .default('awaiting'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    journalId: bigint('journal_id', { mode: 'number' }),
  },
  (t) => [
    index('pending_adjustments_awaiting_idx').on(t.requestedAt, t.id).where(sql`${t.status} = 'awaiting'`),
    index('pending_adjustments_user_idx').on(t.userId, t.requestedAt),
    check('pending_adjustments_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);
