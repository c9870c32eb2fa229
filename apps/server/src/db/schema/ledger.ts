import { TRANSACTION_CATEGORIES, TRANSACTION_CATEGORY_MODES } from '@meridian/shared';
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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const USER_ACCOUNT_KINDS = [
  'balance',
  'profit',
  'bonus',
  'referral_bonus',
  'invested',
  'withdrawal_hold',
] as const;
export const SYSTEM_ACCOUNT_KINDS = ['external', 'fee_revenue', 'profit_expense', 'bonus_expense'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/**
 * One row per (user, kind), plus system accounts (user_id NULL). A user account caches its balance
 * and can never go below zero. System accounts are never updated per operation (one hot row would
 * serialise every transfer); their balance is the sum of their entries, and the cached column stays 0.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('accounts_balance_non_negative', sql`${t.balanceCents} >= 0`),
    uniqueIndex('accounts_user_kind_unique').on(t.userId, t.kind),
    uniqueIndex('accounts_system_kind_unique').on(t.kind).where(sql`${t.userId} IS NULL`),
  ],
);

/**
 * One booking. Read by id only (its entries' and history rows' journal): no index on user_id, which
 * every booking would write and nothing reads (migration 0023 drops it, decision 018).
 */
export const journals = pgTable('journals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  userId: text('user_id'),
  idempotencyKey: text('idempotency_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only (a trigger refuses UPDATE and DELETE); the entries of a journal sum to zero. Written by
 * ledger_book only, and checked once per statement by its trigger (ledger/book.sql,
 * ledger_entries_checked): balanced journals, and a journal and an account that exist for every
 * entry. That check stands in for foreign keys, which would cost every entry a query and a row lock.
 */
export const entries = pgTable(
  'entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: bigint('journal_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('entries_account_idx').on(t.accountId),
    index('entries_journal_idx').on(t.journalId),
    check('entries_amount_non_zero', sql`${t.amountCents} <> 0`),
  ],
);

/** The user-facing history (spec's Transaction entity); points at its journal once money moved. */
export const transactions = pgTable(
  'transactions',
  {
    id: text('id').primaryKey(),
    /** Checked by ledger_book, the only writer, in the statement that writes the row (no foreign key). */
    userId: text('user_id').notNull(),
    type: text('type', { enum: ['credit', 'debit'] }).notNull(),
    mode: text('mode').notNull(),
    method: text('method'),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['success', 'pending', 'failed', 'cancelled'] }).notNull(),
    /** The user's wallet this row moved money in or out of (the spec's isForBalance, made exact). */
    wallet: text('wallet', { enum: USER_ACCOUNT_KINDS }),
    /** Written by ledger_book with the journal it inserts in the same statement (no foreign key: see entries). */
    journalId: bigint('journal_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('transactions_user_type_created_idx').on(t.userId, t.type, t.createdAt.desc(), t.id.desc()),
    // The console's list of every user's transactions, newest first.
    index('transactions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // A member's rows of one category (the history screen's filters), newest first: one small index per
    // category, so a page of a category that is rare in a long history reads its own rows and no others
    // (through the member's index it read every row between two of them: all of a long history when the
    // category has few or none). Each row is in at most one of them.
    ...TRANSACTION_CATEGORIES.map((category) =>
      index(`transactions_user_${category}_idx`)
        .on(t.userId, t.createdAt.desc(), t.id.desc())
        .where(sql.raw(`mode IN (${TRANSACTION_CATEGORY_MODES[category].map((m) => `'${m}'`).join(', ')})`)),
    ),
  ],
);

export const investments = pgTable(
  'investments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planId: text('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    profitBps: integer('profit_bps').notNull(),
    durationDays: integer('duration_days').notNull(),
    status: text('status', { enum: ['active', 'completed', 'ended'] })
      .notNull()
      .default('active'),
    daysAccrued: integer('days_accrued').notNull().default(0),
    profitCents: bigint('profit_cents', { mode: 'number' }).notNull().default(0),
    /** Set when the profit of a finished investment has been claimed: it leaves the list. */
    archived: boolean('archived').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('investments_user_idx').on(t.userId, t.startedAt.desc()),
    // The member's list (what a claim has not archived), in its order (started_at DESC, id DESC: nulls
    // first, as ORDER BY ... DESC has them): it reads the rows it shows, not the member's whole history.
    index('investments_user_listed_idx')
      .on(t.userId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.archived}`),
    // The accrual job's keyset over active investments, oldest first (modules/investments/accrual.queries.ts).
    index('investments_active_idx').on(t.startedAt, t.id).where(sql`${t.status} = 'active'`),
    // The member's finished ones, last finished first (GET /api/investments/completed's keyset).
    index('investments_user_finished_idx')
      .on(t.userId, t.endedAt.desc(), t.id.desc())
      .where(sql`${t.status} <> 'active'`),
    index('investments_plan_idx').on(t.planId, t.status),
    // One active investment per plan per user, enforced by the database.
    uniqueIndex('investments_one_active_per_plan').on(t.userId, t.planId).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * At most one accrual per investment per day: the primary key is the guarantee. Append-only, and
 * without foreign keys (migration 0016, decision 013): the accrual job writes a batch's rows in the
 * transaction that books their journals and holds their investments locked, and journals and
 * investments are never deleted (triggers refuse it), so a key per row would only cost every
 * investment-day a query and a row lock.
 */
export const accruals = pgTable(
  'accruals',
  {
    investmentId: text('investment_id').notNull(),
    day: integer('day').notNull(),
    journalId: bigint('journal_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.investmentId, t.day] })],
);

/** At most one referral bonus per referee. */
export const referralBonuses = pgTable('referral_bonuses', {
  refereeId: text('referee_id')
    .primaryKey()
    .references(() => users.id),
  referrerId: text('referrer_id')
    .notNull()
    .references(() => users.id),
  journalId: bigint('journal_id', { mode: 'number' })
    .notNull()
    .references(() => journals.id),
});

/** The first answer to each (user, Idempotency-Key), replayed to retries. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The first answer; NULL only inside the transaction that is producing it. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
