import { type ErrorCode, messages } from '@meridian/shared';

/*
 * The app's one error type and the status of each code. It sits at the bottom (lib/) because every
 * layer refuses with it — a cursor that does not decode, a debit the balance cannot cover, a taken
 * e-mail — while only http/errors.ts turns it into a response.
 */

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NO_CHANGES: 400,
  INVALID_PASSWORD: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 403,
  FORBIDDEN: 403,
  STEP_UP_REQUIRED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  EMAIL_NOT_VERIFIED: 409,
  VERIFICATION_LINK_INVALID: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  INSUFFICIENT_BALANCE: 400,
  RECIPIENT_NOT_FOUND: 404,
  SELF_TRANSFER: 400,
  PLAN_NOT_FOUND: 404,
  BELOW_PLAN_MIN: 400,
  ABOVE_PLAN_MAX: 400,
  ALREADY_INVESTED: 409,
  INVESTMENT_NOT_FOUND: 404,
  INVESTMENT_NOT_ACTIVE: 409,
  NOTHING_TO_CLAIM: 400,
  NOTHING_TO_MOVE: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_INVALID: 400,
  FOREIGN_ORIGIN: 403,
  INVALID_COMMAND: 400,
  RECEIPT_REQUIRED: 400,
  RECEIPT_TOO_LARGE: 413,
  RECEIPT_NOT_ALLOWED: 415,
  DEPOSIT_METHOD_NOT_FOUND: 404,
  DEPOSIT_NOT_FOUND: 404,
  ALREADY_SETTLED: 409,
  INVALID_OTP: 400,
  OTP_EXPIRED: 400,
  OTP_LOCKED: 400,
  WITHDRAWAL_NOT_FOUND: 404,
  FEE_CHANGED: 409,
  LAST_ADMIN: 409,
  OWN_ACCOUNT: 409,
  PLAN_IN_USE: 409,
  PLAN_NAME_TAKEN: 409,
  TOO_MANY_METHODS: 409,
  METHOD_NOT_FOUND: 404,
  MAIL_NOT_RESENDABLE: 409,
  CONSOLE_SESSION_EXPIRED: 401,
  SECOND_APPROVER_REQUIRED: 403,
  ADJUSTMENT_NOT_FOUND: 404,
  TWO_FACTOR_REQUIRED: 403,
};

/** The codes answered with `status`, in the closed list's order (the API document lists them per status). */
export function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(STATUS) as ErrorCode[]).filter((code) => STATUS[code] === status);
}

/** The one error type: a code from the closed list and the specification's message. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** For a 429: whole seconds until the limit frees, sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

/** A 429 that tells the client when to come back (every 429 carries Retry-After). */
export function rateLimited(retryAfterSeconds: number, message: string = messages.tooManyAttempts): AppError {
  return new AppError('RATE_LIMITED', message, undefined, retryAfterSeconds);
}
