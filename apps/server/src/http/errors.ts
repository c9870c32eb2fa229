import { type ApiErrorBody, type ErrorCode, messages } from '@meridian/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUnstorableText } from './database-errors.js';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NO_CHANGES: 400,
  INVALID_PASSWORD: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
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

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  requestId?: string,
): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(requestId ? { requestId } : {}) } };
}

/** Turns every thrown thing into `{ error: { code, message, fields?, requestId } }`; never leaks a stack. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.fields, request.id));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[key] ??= issue.message ?? messages.invalidRequest;
      }
      const first = err.validation[0]?.message ?? messages.invalidRequest;
      return reply.status(400).send(errorBody('VALIDATION_FAILED', first, fields, request.id));
    }
    if (isUnstorableText(err)) {
      // Backstop for a NUL or untranslatable character that a schema let through: the client's text, a 400.
      return reply.status(400).send(errorBody('VALIDATION_FAILED', messages.invalidCharacter, undefined, request.id));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED';
      const message =
        status === 404 ? messages.notFound : status === 429 ? messages.tooManyAttempts : messages.invalidRequest;
      return reply.status(status).send(errorBody(code, message, undefined, request.id));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', messages.unknownError, undefined, request.id));
  });
}
