import { messages } from '@meridian/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from './errors.js';

/**
 * The longest path parameter the router accepts. Ids are far shorter; a longer one still reaches
 * its route's schema (and a clear 400) up to this bound, beyond it the router answers 414.
 */
export const MAX_PARAM_LENGTH = 500;

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a malformed
 * percent-encoding such as `/api/%E0%A4%A`, an over-long path parameter) answers in the API's
 * envelope like every other error, never Fastify's own shape.
 */
export function frameworkErrorHandler(err: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(errorBody('VALIDATION_FAILED', messages.fieldTooLong, undefined, request.id));
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(errorBody('VALIDATION_FAILED', messages.invalidRequest, undefined, request.id));
  }
  request.log.error({ err }, 'router error');
  return reply.status(500).send(errorBody('INTERNAL', messages.unknownError, undefined, request.id));
}

/**
 * onRequest: a NUL (`%00`) anywhere in the path or query string is refused before any route runs.
 * PostgreSQL cannot store it in text, so it would otherwise surface as a database error.
 */
export async function refuseNulInUrl(request: FastifyRequest): Promise<void> {
  if (/%00/i.test(request.raw.url ?? '')) throw new AppError('VALIDATION_FAILED', messages.invalidCharacter);
}
