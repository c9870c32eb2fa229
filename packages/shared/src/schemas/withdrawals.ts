import { z } from 'zod';
import { MIN_WITHDRAWAL_CENTS } from '../constants.js';
import { depositMessages, messages, moneyMessages, withdrawalMessages } from '../messages.js';
import { EMAIL_PATTERN, strictErrors, text } from './fields.js';
import { MAX_AMOUNT_CENTS } from './money.js';

const required = (message: string) => text(200, message).trim().min(1, { error: message });

/** Where a withdrawal is paid, by method (spec sections 3 and 5). */
export const bankDestinationSchema = z.strictObject(
  {
    bankName: required(withdrawalMessages.bankNameRequired),
    accountNumber: required(withdrawalMessages.accountNumberRequired),
    accountName: required(withdrawalMessages.accountNameRequired),
    swiftCode: required(withdrawalMessages.swiftCodeRequired),
  },
  strictErrors,
);
export const cryptoDestinationSchema = z.strictObject(
  {
    label: required(withdrawalMessages.labelRequired),
    address: required(withdrawalMessages.walletAddressRequired),
    network: required(withdrawalMessages.networkRequired),
  },
  strictErrors,
);
export const paypalDestinationSchema = z.strictObject(
  { email: text(254, messages.invalidEmail).trim().regex(EMAIL_PATTERN, { error: messages.invalidEmail }) },
  strictErrors,
);

export const WITHDRAWAL_METHODS = ['bank', 'crypto', 'paypal'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

/** Each method's label as the specification names it. */
export const WITHDRAWAL_METHOD_LABELS: Record<WithdrawalMethod, string> = {
  bank: 'Bank Transfer',
  crypto: 'Crypto',
  paypal: 'Paypal',
};

/**
 * Whole cents within bounds; the minimum is a setting (zero and negatives fall below it), checked by
 * the server against its current value on every withdrawal route.
 */
const withdrawalAmount = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? depositMessages.fillAllFields : moneyMessages.amountNotNumber,
  })
  .int({ error: moneyMessages.invalidAmount })
  .min(-MAX_AMOUNT_CENTS, { error: depositMessages.amountBelowMinimum(MIN_WITHDRAWAL_CENTS) })
  .max(MAX_AMOUNT_CENTS, { error: moneyMessages.amountTooLarge });

export const OTP_PATTERN = /^\d{6}$/;
const otpField = z
  .string({ error: withdrawalMessages.otpRequired })
  .regex(OTP_PATTERN, { error: withdrawalMessages.invalidOtp });

/** The three shapes of a withdrawal (one per method), each with `extra` fields. */
function withdrawalUnion<E extends z.ZodRawShape>(extra: E) {
  return z.discriminatedUnion(
    'method',
    [
      z.strictObject({
        amountCents: withdrawalAmount,
        method: z.literal('bank'),
        destination: bankDestinationSchema,
        ...extra,
      }),
      z.strictObject({
        amountCents: withdrawalAmount,
        method: z.literal('crypto'),
        destination: cryptoDestinationSchema,
        ...extra,
      }),
      z.strictObject({
        amountCents: withdrawalAmount,
        method: z.literal('paypal'),
        destination: paypalDestinationSchema,
        ...extra,
      }),
    ],
    { error: depositMessages.fillAllFields },
  );
}

/** A withdrawal: amount, method and destination, as the code request sends it. */
export const withdrawalRequestSchema = withdrawalUnion({});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** Checking a code, and filing with it: the same withdrawal plus the code. */
export const withdrawalWithOtpSchema = withdrawalUnion({ otp: otpField });
export type WithdrawalWithOtp = z.infer<typeof withdrawalWithOtpSchema>;

/** 'cancelled': withdrawn by the member who filed it, before an operator decided; the hold went back. */
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;

export const withdrawalSchema = z.object({
  id: z.string(),
  userId: z.string(),
  amountCents: z.number().int(),
  method: z.enum(WITHDRAWAL_METHODS),
  destination: z.record(z.string(), z.string()),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * What settling a withdrawal answers, as a deposit's (deposits.ts depositSettlementSchema);
 * `awaitingSecondApproval`: a large one an operator approved first, still pending until a second,
 * different operator decides (four eyes, issue 25).
 */
export const withdrawalSettlementSchema = z.object({
  withdrawal: withdrawalSchema,
  changed: z.boolean(),
  awaitingSecondApproval: z.boolean(),
});
export type WithdrawalSettlement = z.infer<typeof withdrawalSettlementSchema>;

/** Saved payout details (profile, Withdrawal Information); every field may be left empty. */
const optionalDetail = text(200, messages.invalidRequest).trim();
export const payoutDetailsSchema = z.strictObject(
  {
    bank: z.strictObject(
      {
        bankName: optionalDetail,
        accountNumber: optionalDetail,
        accountName: optionalDetail,
        routingNumber: optionalDetail,
        swiftCode: optionalDetail,
      },
      strictErrors,
    ),
    crypto: z.strictObject(
      { bitcoin: optionalDetail, ethereum: optionalDetail, litecoin: optionalDetail },
      strictErrors,
    ),
  },
  strictErrors,
);
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;
