import { emptyBody, messages } from '@meridian/shared';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { errorBody } from './errors.js';

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

/**
 * How deep a JSON body may nest (arrays and objects). Meridian's bodies nest three levels at most;
 * JSON.parse takes any depth, but a recursive walk of the result (the idempotency fingerprint's
 * JSON.stringify, a logger, a library) overflows the stack near 5,000 and answered a 500.
 */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed JSON value nests deeper than `max` levels, found without recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, depth } = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node))
      pending.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** preValidation: a body nested deeper than MAX_BODY_DEPTH is refused before any schema or route reads it. */
export async function refuseDeepBody(request: FastifyRequest): Promise<void> {
  if (nestsDeeperThan(request.body, MAX_BODY_DEPTH)) throw new AppError('VALIDATION_FAILED', messages.tooDeeplyNested);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * onRoute: a route that can receive a body but declares none takes none (`emptyBody`: nothing or
 * `{}`; anything else is 'Unknown field'), so a new route cannot forget to check what it is sent.
 * Multipart routes read their parts themselves.
 */
export function declareEmptyBody(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((m) => BODY_METHODS.has(m))) return;
  const schema = route.schema ?? {};
  const multipart = (schema as { consumes?: string[] }).consumes?.includes('multipart/form-data');
  if (schema.body !== undefined || multipart) return;
  route.schema = { ...schema, body: emptyBody };
}
