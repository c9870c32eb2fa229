import { z } from 'zod';
import { MIN_DEPOSIT_CENTS } from '../constants.js';
import { depositMessages, moneyMessages } from '../messages.js';
import { strictErrors, text } from './fields.js';
import { MAX_AMOUNT_CENTS } from './money.js';

/**
 * A multipart field holds text: whole digits (a sign allowed) become a number, anything else is left
 * for the checks. Zero and negative amounts read as below the minimum, as the specification has it;
 * the minimum itself is a setting, checked by the server against its current value.
 */
const centsField = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v === '' ? undefined : v),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? depositMessages.fillAllFields
          : moneyMessages.amountNotNumber,
    })
    .int({ error: moneyMessages.invalidAmount })
    .min(-MAX_AMOUNT_CENTS, { error: depositMessages.amountBelowMinimum(MIN_DEPOSIT_CENTS) })
    .max(MAX_AMOUNT_CENTS, { error: moneyMessages.amountTooLarge }),
);

/** The fields of POST /api/deposits beside its receipt file. */
export const depositFieldsSchema = z.strictObject(
  {
    amountCents: centsField,
    methodId: text(100, depositMessages.fillAllFields).min(1, { error: depositMessages.fillAllFields }),
  },
  strictErrors,
);
export type DepositFields = z.infer<typeof depositFieldsSchema>;

/** An operator's rejection. */
export const rejectDepositBodySchema = z.strictObject(
  {
    reason: text(500, depositMessages.rejectionReasonRequired)
      .trim()
      .min(1, { error: depositMessages.rejectionReasonRequired }),
  },
  strictErrors,
);

/** 'cancelled': withdrawn by the member who filed it, before an operator decided. */
export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;

/** A deposit as its owner and the operator see it. */
export const depositSchema = z.object({
  id: z.string(),
  userId: z.string(),
  amountCents: z.number().int(),
  methodLabel: z.string(),
  methodType: z.enum(['bank', 'crypto', 'paypal']),
  status: z.enum(DEPOSIT_STATUSES),
  reason: z.string().nullable(),
  receiptId: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

/**
 * What settling a deposit answers (an operator's approval or rejection, its member's cancellation):
 * `changed` is false when it had already been settled that way.
 */
export const depositSettlementSchema = z.object({ deposit: depositSchema, changed: z.boolean() });
export type DepositSettlement = z.infer<typeof depositSettlementSchema>;
