import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants.js';
import { messages, moneyMessages } from '../messages.js';
import { EMAIL_PATTERN, strictErrors, text } from './fields.js';

/** Largest amount any request may carry: $10 billion, far inside Number.MAX_SAFE_INTEGER. */
export const MAX_AMOUNT_CENTS = 1_000_000_000_000;

/**
 * An amount in integer cents. Missing (or null) reads `requiredMessage`; another type (a string
 * such as "100") reads 'Amount must be a number of cents'; fractions of a cent, zero and negatives
 * read 'Amount must be a positive number of cents'; 1e308, and 1e309 (which JSON.parse turns into
 * Infinity) read 'Amount is too large'.
 */
export function amountCents(requiredMessage: string) {
  return z
    .number({
      error: (issue) => {
        if (issue.input === undefined || issue.input === null) return requiredMessage;
        if (issue.input === Number.POSITIVE_INFINITY) return moneyMessages.amountTooLarge;
        if (issue.input === Number.NEGATIVE_INFINITY) return moneyMessages.invalidAmount;
        return moneyMessages.amountNotNumber;
      },
    })
    .max(MAX_AMOUNT_CENTS, { error: moneyMessages.amountTooLarge })
    .int({ error: moneyMessages.invalidAmount })
    .positive({ error: moneyMessages.invalidAmount });
}

export const INVESTMENT_STATUSES = ['active', 'completed', 'ended'] as const;

export const investmentSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  amountCents: z.number().int(),
  /** Whole-term profit of the plan, basis points. */
  profitBps: z.number().int(),
  durationDays: z.number().int(),
  /** Profit accrued so far (claimed or not). */
  profitCents: z.number().int(),
  daysAccrued: z.number().int(),
  status: z.enum(INVESTMENT_STATUSES),
  startedAt: z.string(),
  maturesAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Investment = z.infer<typeof investmentSchema>;

/** GET /api/investments/completed: the finished ones (matured or ended early), a page at a time. */
export const completedInvestmentsQuerySchema = z.strictObject(
  {
    planId: text(100, messages.invalidRequest).optional(),
    cursor: text(200, messages.invalidRequest).optional(),
    limit: z.coerce.number({ error: messages.invalidRequest }).int().min(1).max(100).optional(),
  },
  strictErrors,
);

export const investmentsPageSchema = z.object({
  items: z.array(investmentSchema),
  nextCursor: z.string().nullable(),
});
export type InvestmentsPage = z.infer<typeof investmentsPageSchema>;

export const createInvestmentBodySchema = z.strictObject(
  {
    planId: text(100, moneyMessages.selectPlan).min(1, { error: moneyMessages.selectPlan }),
    amountCents: amountCents(moneyMessages.enterAmount),
  },
  strictErrors,
);
export type CreateInvestmentBody = z.infer<typeof createInvestmentBodySchema>;

export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
/** A user's wallets (the books' user account kinds), as a history row names them. */
export const WALLET_KINDS = ['balance', 'profit', 'bonus', 'referral_bonus', 'invested', 'withdrawal_hold'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];
/** 'cancelled': a deposit or withdrawal request its member withdrew before an operator decided. */
export const TRANSACTION_STATUSES = ['success', 'pending', 'failed', 'cancelled'] as const;
export const TRANSACTION_MODES = [
  'deposit',
  'withdrawal',
  'transfer',
  'profit',
  'investment',
  'capital',
  'referral',
  'adjustment',
  /** The referral bonus (and bonus) moved to the balance by their owner. */
  'bonus',
] as const;

export type TransactionMode = (typeof TRANSACTION_MODES)[number];

/** The history filters the web app offers; each names the modes it lists (type keeps working too). */
export const TRANSACTION_CATEGORIES = ['deposit', 'withdrawal', 'transfer', 'investment', 'earnings'] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

/**
 * The one category -> modes map (server filter and web chips). 'investment' holds both the money
 * put in and the capital that came back; 'earnings' what the platform paid: claimed profit and
 * bonuses. Admin adjustments belong to no category: they show under All only.
 */
export const TRANSACTION_CATEGORY_MODES: Readonly<Record<TransactionCategory, readonly TransactionMode[]>> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal'],
  transfer: ['transfer'],
  investment: ['investment', 'capital'],
  earnings: ['profit', 'referral', 'bonus'],
};

/** The user-facing history row (spec's Transaction entity); `journalId` is set once money moved. */
export const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  mode: z.enum(TRANSACTION_MODES),
  method: z.string().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The user's wallet the money went to (a credit) or came from (a debit); null only if unknown. */
  wallet: z.enum(WALLET_KINDS).nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** A row of a history list: the row, and what its deposit or withdrawal request adds to it. */
export const historyItemSchema = transactionSchema.extend({
  /** Why an operator refused this deposit or withdrawal request; null for every other row. */
  reason: z.string().nullable(),
  /** The receipt filed with a deposit request (GET /api/receipts/:id); null for every other row. */
  receiptId: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const transactionsQuerySchema = z.strictObject(
  {
    type: z.enum(TRANSACTION_TYPES, { error: messages.invalidRequest }).optional(),
    category: z.enum(TRANSACTION_CATEGORIES, { error: messages.invalidRequest }).optional(),
    cursor: text(200, messages.invalidRequest).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  },
  strictErrors,
);

/** A member's own deposit or withdrawal request in a path (its id is its history row's). */
export const requestIdParamsSchema = z.strictObject(
  { id: text(100, messages.notFound).min(1, { error: messages.notFound }) },
  strictErrors,
);
/** Cancelling a request takes no body (an empty object is accepted too). */
export const cancelRequestBodySchema = z.strictObject({}, strictErrors).nullish();

export const transactionsPageSchema = z.object({
  items: z.array(historyItemSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

const recipientEmail = text(EMAIL_MAX_LENGTH, moneyMessages.emailRequired)
  .refine((v) => v.trim() !== '', { error: moneyMessages.emailRequired })
  .refine((v) => v.trim() === '' || EMAIL_PATTERN.test(v.trim()), { error: messages.invalidEmail })
  // One spelling per address before the Idempotency-Key fingerprint: a retry naming the same
  // recipient in other letter case is the same request, not a 409.
  .transform((v) => v.trim().toLowerCase());

export const transferBodySchema = z.strictObject(
  {
    recipientEmail,
    amountCents: amountCents(moneyMessages.amountRequired),
    /**
     * The fee the sender was shown, cents (optional). When given and the operator has changed the fee
     * since, the transfer is refused ('FEE_CHANGED') instead of charging a fee the sender never saw.
     */
    feeCents: z
      .number({ error: moneyMessages.invalidAmount })
      .int({ error: moneyMessages.invalidAmount })
      .min(0, { error: moneyMessages.invalidAmount })
      .max(MAX_AMOUNT_CENTS, { error: moneyMessages.amountTooLarge })
      .optional(),
  },
  strictErrors,
);
export type TransferBody = z.infer<typeof transferBodySchema>;

export const recipientQuerySchema = z.strictObject({ email: recipientEmail }, strictErrors);
/** The recipient found for a transfer: their name, and their e-mail as stored (what the dialog shows). */
export const recipientSchema = z.object({ name: z.string(), email: z.string() });

export const refereeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type Referee = z.infer<typeof refereeSchema>;

/** Realtime: the server tells a user which of their views changed; the client refetches them. */
export const REALTIME_TOPICS = [
  'wallet',
  'transactions',
  'investments',
  'referrals',
  'user',
  /** The public settings changed (fee, minimums, support links): sent to every socket. */
  'config',
  /** Plans or deposit methods changed: sent to every socket. */
  'catalogue',
  /** The operator's queues and figures changed: sent to admins' sockets only. */
  'admin',
] as const;
export const realtimeEventSchema = z.object({
  type: z.literal('changed'),
  topics: z.array(z.enum(REALTIME_TOPICS)),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
