import { z } from 'zod';

/** The closed list of error codes the API answers with; the web app branches on these. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'ACCOUNT_INACTIVE',
  'FORBIDDEN',
  'NOT_FOUND',
  'USER_NOT_FOUND',
  'EMAIL_TAKEN',
  /** The account's e-mail address is not verified yet: it cannot be activated until it is. */
  'EMAIL_NOT_VERIFIED',
  /** A verification link that is unknown, used already, expired or for another account. */
  'VERIFICATION_LINK_INVALID',
  'INVALID_CREDENTIALS',
  'INVALID_PASSWORD',
  /** A change to where money goes, without a proof of identity from the last few minutes: prove it, then retry. */
  'STEP_UP_REQUIRED',
  'NO_CHANGES',
  'RATE_LIMITED',
  'CONFLICT',
  'INTERNAL',
  'INSUFFICIENT_BALANCE',
  'RECIPIENT_NOT_FOUND',
  'SELF_TRANSFER',
  'PLAN_NOT_FOUND',
  'BELOW_PLAN_MIN',
  'ABOVE_PLAN_MAX',
  'ALREADY_INVESTED',
  'INVESTMENT_NOT_FOUND',
  'INVESTMENT_NOT_ACTIVE',
  'NOTHING_TO_CLAIM',
  'NOTHING_TO_MOVE',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_INVALID',
  /** A state-changing request sent by another site (its Origin or Sec-Fetch-Site says so). */
  'FOREIGN_ORIGIN',
  /** An operator command (`npm run admin`, the internal endpoint) that is not one: the message is the usage text. */
  'INVALID_COMMAND',
  'RECEIPT_REQUIRED',
  'RECEIPT_TOO_LARGE',
  'RECEIPT_NOT_ALLOWED',
  'DEPOSIT_METHOD_NOT_FOUND',
  'DEPOSIT_NOT_FOUND',
  'ALREADY_SETTLED',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'OTP_LOCKED',
  'WITHDRAWAL_NOT_FOUND',
  // The operator's console
  'FEE_CHANGED',
  'LAST_ADMIN',
  'OWN_ACCOUNT',
  'PLAN_IN_USE',
  'PLAN_NAME_TAKEN',
  'TOO_MANY_METHODS',
  'METHOD_NOT_FOUND',
  'MAIL_NOT_RESENDABLE',
  'CONSOLE_SESSION_EXPIRED',
  'SECOND_APPROVER_REQUIRED',
  'ADJUSTMENT_NOT_FOUND',
  /** An operator without a second factor: the console's routes are closed until one is set up. */
  'TWO_FACTOR_REQUIRED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The body of every error answer (4xx and 5xx): the server's error handler sends it, the OpenAPI
 * document names it `ApiError` (the id below), and clients branch on `code`, never on `message`.
 */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).describe('What went wrong, from a closed list: clients branch on it.'),
      message: z.string().describe('The sentence to show the user, in the words of the specification.'),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe(
          "The message for each field that failed validation, keyed by the field's path (e.g. `bank.swiftCode`).",
        ),
      requestId: z.string().optional().describe("This request's id in the server's log: quote it to support."),
    }),
  })
  .meta({ id: 'ApiError' });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
