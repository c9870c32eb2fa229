import { type ApiErrorBody, type ErrorCode, messages } from '@meridian/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { isUnstorableText } from './database-errors.js';

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
