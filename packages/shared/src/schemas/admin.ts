import { z } from 'zod';
import { DEPOSIT_METHODS_LIMIT, NAME_MAX_LENGTH } from '../constants.js';
import { adminMessages, messages } from '../messages.js';
import { ROLES } from '../roles.js';
import { depositSchema, depositSettlementSchema } from './deposits.js';
import { EMAIL_PATTERN, strictErrors, text } from './fields.js';
import {
  investmentSchema,
  MAX_AMOUNT_CENTS,
  refereeSchema,
  TRANSACTION_CATEGORIES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  transactionSchema,
} from './money.js';
import { walletSchema } from './system.js';
import { userSchema } from './user.js';
import { withdrawalSchema, withdrawalSettlementSchema } from './withdrawals.js';

/*
 * The operator's console API (/api/admin/*, DESIGN.md section 6): admins only, checked on the server.
 * Lists are keyset-paginated: `cursor` is opaque (the previous page's `nextCursor`), `limit` 1-100.
 */

export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;

const pageQuery = {
  cursor: text(200, messages.invalidRequest).optional(),
  limit: z.coerce
    .number({ error: messages.invalidRequest })
    .int({ error: messages.invalidRequest })
    .min(1, { error: messages.invalidRequest })
    .max(ADMIN_PAGE_SIZE_MAX, { error: messages.invalidRequest })
    .optional(),
};

/** A page of a keyset-paginated list; `nextCursor` is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** `:id` of an admin route: any text up to 100 characters (an unknown id is a 404, not a 400). */
export const adminIdParamsSchema = z.strictObject(
  { id: text(100, messages.notFound).min(1, { error: messages.notFound }).max(100, { error: messages.notFound }) },
  strictErrors,
);

/** An operator's reason for a rejection or an adjustment: required, at most 500 characters. */
export const adminReasonField = text(500, adminMessages.reasonRequired)
  .trim()
  .min(1, { error: adminMessages.reasonRequired });

// ── Audit log ────────────────────────────────────────────────────────────────────────────────────

/** Every action the audit log records (the operator commands, the console and the system). */
export const AUDIT_ACTIONS = [
  'user.activate',
  'user.deactivate',
  'user.role',
  'user.reset-2fa',
  'user.sign-out',
  'balance.adjust',
  'balance.adjust-request',
  'balance.adjust-reject',
  'deposit.approve',
  'deposit.reject',
  'withdrawal.approve',
  'withdrawal.first-approve',
  'withdrawal.reject',
  'plan.create',
  'plan.update',
  'plan.activate',
  'plan.deactivate',
  'plan.delete',
  'deposit-method.create',
  'deposit-method.update',
  'deposit-method.activate',
  'deposit-method.deactivate',
  'deposit-method.reorder',
  'settings.update',
  'mail.resend',
  'export.users',
  'export.transactions',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One audit entry. `actor` is 'cli', 'system:<job>' or 'admin:<email>'; `details` holds what the
 * action needs to be understood later, with `before` and `after` values where something changed.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.strictObject(
  {
    /** The actor exactly as recorded ('cli', 'admin:ops@example.com'): an exact match, not a search. */
    actor: text(300, messages.invalidRequest).trim().optional(),
    action: z.enum(AUDIT_ACTIONS, { error: messages.invalidRequest }).optional(),
    /** A user id, or an e-mail address of the target user. */
    target: text(300, messages.invalidRequest).trim().optional(),
    ...pageQuery,
  },
  strictErrors,
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

// ── Overview ─────────────────────────────────────────────────────────────────────────────────────

export const OVERVIEW_FLOW_DAYS = 30;

const countAndTotal = z.object({ count: z.number().int(), totalCents: z.number().int() });

/** One day of money in and out (UTC days): approved deposits, paid-out withdrawals, and their difference. */
export const dailyFlowSchema = z.object({
  day: z.string(),
  depositsCents: z.number().int(),
  withdrawalsCents: z.number().int(),
  netCents: z.number().int(),
});
export type DailyFlow = z.infer<typeof dailyFlowSchema>;

/**
 * What the books hold, from the ledger: user accounts by kind (what the platform owes its users),
 * fee revenue, and the check that every journal sums to zero and every cached balance equals its entries.
 */
export const booksSummarySchema = z.object({
  balanceCents: z.number().int(),
  profitCents: z.number().int(),
  bonusCents: z.number().int(),
  referralBonusCents: z.number().int(),
  investedCents: z.number().int(),
  withdrawalHoldCents: z.number().int(),
  feeRevenueCents: z.number().int(),
  /** Money that came in from outside (approved deposits, positive adjustments) less what went out. */
  externalNetCents: z.number().int(),
  balanced: z.boolean(),
  /** Journals whose entries do not sum to zero, plus accounts whose cached balance differs from its entries. */
  problems: z.number().int(),
});
export type BooksSummary = z.infer<typeof booksSummarySchema>;

export const adminOverviewSchema = z.object({
  users: z.object({
    total: z.number().int(),
    active: z.number().int(),
    inactive: z.number().int(),
    admins: z.number().int(),
    newThisWeek: z.number().int(),
  }),
  pending: z.object({ deposits: countAndTotal, withdrawals: countAndTotal }),
  books: booksSummarySchema,
  /** The last OVERVIEW_FLOW_DAYS days, oldest first, today last, days without money included. */
  flows: z.array(dailyFlowSchema),
  /** The newest audit entries. */
  recent: z.array(auditEntrySchema),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// ── Users ────────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_USER_FILTERS = ['all', 'active', 'inactive', 'admin'] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

/** GET /api/admin/users: search by name, e-mail or referral code (any part of it), a filter, a page. */
export const adminUsersQuerySchema = z.strictObject(
  {
    q: text(100, messages.invalidRequest).trim().optional(),
    status: z.enum(ADMIN_USER_FILTERS, { error: messages.invalidRequest }).optional(),
    ...pageQuery,
  },
  strictErrors,
);
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  referralId: z.string(),
  createdAt: z.string(),
  balanceCents: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUsersPageSchema = pageSchema(adminUserRowSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminReceiptSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  depositId: z.string().nullable(),
  depositStatus: depositSchema.shape.status.nullable(),
  amountCents: z.number().int().nullable(),
});
export type AdminReceipt = z.infer<typeof adminReceiptSchema>;

/** /admin/users/:userId (the page the Deposit Notification e-mail links to). */
export const adminUserDetailSchema = z.object({
  user: userSchema,
  wallet: walletSchema,
  /** Cents held for withdrawals awaiting an operator. */
  withdrawalHoldCents: z.number().int(),
  investedCents: z.number().int(),
  referrer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  investments: z.array(investmentSchema),
  referees: z.array(refereeSchema),
  receipts: z.array(adminReceiptSchema),
  /** Live sessions (signed-in devices). */
  sessions: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** GET /api/admin/users/:id/transactions: that user's history, newest first. */
export const adminUserTransactionsQuerySchema = z.strictObject(
  { category: z.enum(TRANSACTION_CATEGORIES, { error: messages.invalidRequest }).optional(), ...pageQuery },
  strictErrors,
);

export const adminUserChangeSchema = z.object({ user: adminUserRowSchema, changed: z.boolean() });
export type AdminUserChange = z.infer<typeof adminUserChangeSchema>;

/** POST /api/admin/users/:id/role. */
export const adminRoleBodySchema = z.strictObject(
  { role: z.enum(ROLES, { error: messages.invalidRequest }) },
  strictErrors,
);

/**
 * POST /api/admin/users/:id/adjust (Idempotency-Key): signed cents against `external` on the user's
 * balance (negative debits, never below zero), with a required reason.
 */
export const adminAdjustBodySchema = z.strictObject(
  {
    amountCents: z
      .number({ error: adminMessages.adjustAmountInvalid })
      .int({ error: adminMessages.adjustAmountInvalid })
      .min(-MAX_AMOUNT_CENTS, { error: adminMessages.adjustAmountInvalid })
      .max(MAX_AMOUNT_CENTS, { error: adminMessages.adjustAmountInvalid })
      .refine((v) => v !== 0, { error: adminMessages.adjustAmountInvalid }),
    reason: adminReasonField,
  },
  strictErrors,
);
export type AdminAdjustBody = z.infer<typeof adminAdjustBodySchema>;

/**
 * Four eyes (issue 25): an adjustment of at least the threshold, as its first operator asked for it.
 * 'awaiting' until a second, different operator approves it (booked then) or an operator rejects it.
 */
export const PENDING_ADJUSTMENT_STATUSES = ['awaiting', 'approved', 'rejected'] as const;
export const pendingAdjustmentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  /** Signed: positive credits the balance, negative debits it. */
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.enum(PENDING_ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type PendingAdjustment = z.infer<typeof pendingAdjustmentSchema>;

/** What POST /api/admin/users/:id/adjust answers: booked at once (201), or awaiting a second operator (202). */
export const adminAdjustAwaitingSchema = z.object({ pendingAdjustment: pendingAdjustmentSchema });

/** GET /api/admin/adjustments: those awaiting a second approval, oldest first, of one member when asked. */
export const pendingAdjustmentsQuerySchema = z.strictObject(
  { userId: text(200, messages.invalidRequest).optional() },
  strictErrors,
);
export const pendingAdjustmentsSchema = z.object({ items: z.array(pendingAdjustmentSchema) });

/** Approving or rejecting one: the adjustment as it now is, its history row when booked, and whether this changed it. */
export const adjustmentDecisionSchema = z.object({
  adjustment: pendingAdjustmentSchema,
  transaction: transactionSchema.nullable(),
  changed: z.boolean(),
});
export type AdjustmentDecision = z.infer<typeof adjustmentDecisionSchema>;

// ── Transactions (every user's) ──────────────────────────────────────────────────────────────────

export const adminTransactionsQuerySchema = z.strictObject(
  {
    category: z.enum(TRANSACTION_CATEGORIES, { error: messages.invalidRequest }).optional(),
    type: z.enum(TRANSACTION_TYPES, { error: messages.invalidRequest }).optional(),
    status: z.enum(TRANSACTION_STATUSES, { error: messages.invalidRequest }).optional(),
    userId: text(100, messages.invalidRequest).optional(),
    ...pageQuery,
  },
  strictErrors,
);
export type AdminTransactionsQuery = z.infer<typeof adminTransactionsQuerySchema>;

export const adminTransactionSchema = transactionSchema.extend({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;
export const adminTransactionsPageSchema = pageSchema(adminTransactionSchema);

/** The exports take the list's filters, without the page. */
export const adminUsersExportQuerySchema = adminUsersQuerySchema.omit({ cursor: true, limit: true });
export const adminTransactionsExportQuerySchema = adminTransactionsQuerySchema.omit({ cursor: true, limit: true });

// ── Deposits and withdrawals queues ──────────────────────────────────────────────────────────────

export const adminDepositSchema = depositSchema.extend({
  userName: z.string(),
  userEmail: z.string(),
  receiptContentType: z.string(),
  receiptSizeBytes: z.number().int(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositsPageSchema = pageSchema(adminDepositSchema);
export type AdminDepositsPage = z.infer<typeof adminDepositsPageSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  userName: z.string(),
  userEmail: z.string(),
  /** Four eyes (issue 25): the operator who approved it first and when; null until one has. */
  firstApprovedBy: z.string().nullable(),
  firstApprovedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalsPageSchema = pageSchema(adminWithdrawalSchema);
export type AdminWithdrawalsPage = z.infer<typeof adminWithdrawalsPageSchema>;

/** The queues list pending requests, oldest first. */
export const adminQueueQuerySchema = z.strictObject({ ...pageQuery }, strictErrors);
export type AdminQueueQuery = z.infer<typeof adminQueueQuerySchema>;

/** An operator's rejection of a deposit or a withdrawal. */
export const adminRejectBodySchema = z.strictObject({ reason: adminReasonField }, strictErrors);

/**
 * The console's queues of money requests, by their path under /api/admin: the noun the API names a
 * request by (operationIds, summaries, the settle answer's key), a page of the queue and what settling
 * one answers. The server's routes and the console's hooks are both built from this.
 */
export const MONEY_QUEUES = {
  deposits: { noun: 'deposit', page: adminDepositsPageSchema, settled: depositSettlementSchema },
  withdrawals: { noun: 'withdrawal', page: adminWithdrawalsPageSchema, settled: withdrawalSettlementSchema },
} as const;
export type MoneyQueue = keyof typeof MONEY_QUEUES;
export type MoneyQueuePage<Q extends MoneyQueue> = z.infer<(typeof MONEY_QUEUES)[Q]['page']>;
export type MoneyQueueItem<Q extends MoneyQueue> = MoneyQueuePage<Q>['items'][number];
export type MoneyQueueSettlement<Q extends MoneyQueue> = z.infer<(typeof MONEY_QUEUES)[Q]['settled']>;

/**
 * A queue's entry with its schemas typed by the queue: looked up by a generic key, TypeScript would
 * type each schema as either queue's, so code written once for both could not parse or answer with it.
 */
export function moneyQueue<Q extends MoneyQueue>(
  queue: Q,
): { noun: string; page: z.ZodType<MoneyQueuePage<Q>>; settled: z.ZodType<MoneyQueueSettlement<Q>> } {
  return MONEY_QUEUES[queue] as unknown as ReturnType<typeof moneyQueue<Q>>;
}

// ── Plans ────────────────────────────────────────────────────────────────────────────────────────

export const PLAN_BOUNDS = {
  nameMax: 60,
  /** Whole-term profit up to 1000%. */
  profitBpsMax: 100_000,
  durationDaysMax: 3_650,
} as const;

const plainCents = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_AMOUNT_CENTS, { error: message });
const bps = (min: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(PLAN_BOUNDS.profitBpsMax, { error: message });

/** Create or edit a plan. Editing never changes investments already made: each keeps its own terms. */
export const planBodySchema = z
  .strictObject(
    {
      name: text(PLAN_BOUNDS.nameMax, adminMessages.plans.nameRequired)
        .trim()
        .min(1, { error: adminMessages.plans.nameRequired }),
      minCents: plainCents(adminMessages.plans.amountInvalid),
      maxCents: plainCents(adminMessages.plans.amountInvalid),
      profitBps: bps(1, adminMessages.plans.profitInvalid),
      durationDays: z
        .number({ error: adminMessages.plans.durationInvalid })
        .int({ error: adminMessages.plans.durationInvalid })
        .min(1, { error: adminMessages.plans.durationInvalid })
        .max(PLAN_BOUNDS.durationDaysMax, { error: adminMessages.plans.durationInvalid }),
      minRoiBps: bps(0, adminMessages.plans.roiInvalid),
      maxRoiBps: bps(0, adminMessages.plans.roiInvalid),
    },
    strictErrors,
  )
  .superRefine((v, ctx) => {
    if (v.minCents > v.maxCents) {
      ctx.addIssue({ code: 'custom', path: ['minCents'], message: adminMessages.plans.minAboveMax });
    }
    if (v.minRoiBps > v.maxRoiBps) {
      ctx.addIssue({ code: 'custom', path: ['minRoiBps'], message: adminMessages.plans.roiMinAboveMax });
    }
  });
export type PlanBody = z.infer<typeof planBodySchema>;

export const adminPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  minCents: z.number().int(),
  maxCents: z.number().int(),
  durationDays: z.number().int(),
  profitBps: z.number().int(),
  minRoiBps: z.number().int(),
  maxRoiBps: z.number().int(),
  active: z.boolean(),
  activeInvestments: z.number().int(),
  totalInvestments: z.number().int(),
  createdAt: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

// ── Deposit methods ──────────────────────────────────────────────────────────────────────────────

const methodLabel = text(NAME_MAX_LENGTH, adminMessages.methods.labelRequired)
  .trim()
  .min(1, { error: adminMessages.methods.labelRequired });
const detail = (message: string) => text(200, message).trim().min(1, { error: message });

/** Create or edit a deposit method: its label, type and the details users pay to. */
export const depositMethodBodySchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject(
      {
        label: methodLabel,
        type: z.literal('bank'),
        details: z.strictObject(
          {
            bankName: detail(adminMessages.methods.bankNameRequired),
            accountNumber: detail(adminMessages.methods.accountNumberRequired),
            accountName: detail(adminMessages.methods.accountNameRequired),
            swiftCode: detail(adminMessages.methods.swiftCodeRequired),
          },
          strictErrors,
        ),
      },
      strictErrors,
    ),
    z.strictObject(
      {
        label: methodLabel,
        type: z.literal('crypto'),
        details: z.strictObject(
          {
            network: detail(adminMessages.methods.networkRequired),
            address: detail(adminMessages.methods.addressRequired),
          },
          strictErrors,
        ),
      },
      strictErrors,
    ),
    z.strictObject(
      {
        label: methodLabel,
        type: z.literal('paypal'),
        details: z.strictObject(
          {
            email: text(254, messages.invalidEmail).trim().regex(EMAIL_PATTERN, { error: messages.invalidEmail }),
          },
          strictErrors,
        ),
      },
      strictErrors,
    ),
  ],
  { error: adminMessages.methods.typeRequired },
);
export type DepositMethodBody = z.infer<typeof depositMethodBodySchema>;

export const adminDepositMethodSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['bank', 'crypto', 'paypal']),
  details: z.record(z.string(), z.string()),
  active: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
});
export type AdminDepositMethod = z.infer<typeof adminDepositMethodSchema>;

/** PUT /api/admin/deposit-methods/order: every method's id, in the new order. */
export const depositMethodOrderBodySchema = z.strictObject(
  {
    ids: z
      .array(text(100, messages.invalidRequest).min(1, { error: messages.invalidRequest }), {
        error: messages.invalidRequest,
      })
      .min(1, { error: messages.invalidRequest })
      .max(DEPOSIT_METHODS_LIMIT, { error: messages.invalidRequest })
      .refine((ids) => new Set(ids).size === ids.length, { error: adminMessages.methods.orderMismatch }),
  },
  strictErrors,
);

// ── Mailbox ──────────────────────────────────────────────────────────────────────────────────────

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const adminMailQuerySchema = z.strictObject(
  {
    status: z.enum(MAIL_STATUSES, { error: messages.invalidRequest }).optional(),
    /** Part of the recipient's address. */
    to: text(254, messages.invalidRequest).trim().optional(),
    ...pageQuery,
  },
  strictErrors,
);
export type AdminMailQuery = z.infer<typeof adminMailQuerySchema>;

export const adminMailRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type AdminMailRow = z.infer<typeof adminMailRowSchema>;
export const adminMailPageSchema = pageSchema(adminMailRowSchema);
export type AdminMailPage = z.infer<typeof adminMailPageSchema>;

/** One message as it was sent: HTML (shown in a sandboxed frame) and text, secrets redacted once sent. */
export const adminMailDetailSchema = adminMailRowSchema.extend({
  html: z.string(),
  text: z.string(),
  /** It carried a one-time code or link that has since been replaced by '[redacted]': it cannot be resent. */
  redacted: z.boolean(),
});
export type AdminMailDetail = z.infer<typeof adminMailDetailSchema>;
