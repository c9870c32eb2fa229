import { createHash } from 'node:crypto';
import { moneyMessages } from '@meridian/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { bookOnce } from '../ledger/index.js';
import { moneyTransaction } from '../ledger/money-transaction.js';
import { AppError } from '../lib/app-error.js';

/** The accepted form of an Idempotency-Key (the API document states it too). */
export const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

/**
 * The headers of a money POST, for its route schema. The key is optional here because
 * idempotencyKey() checks it and answers with its own codes (IDEMPOTENCY_KEY_REQUIRED, _INVALID)
 * rather than a generic validation error; the API document marks it required (http/openapi.ts).
 */
export const idempotencyKeyHeaders = z.object({ 'idempotency-key': z.string().optional() });

/**
 * Fingerprint of a request: the same key sent with a different request is refused with a 409. It
 * hashes the validated body, so one request in two spellings (an e-mail's letter case) is one.
 * JSON.stringify recurses: it is safe because no body deeper than MAX_BODY_DEPTH gets this far
 * (http/client-input.ts refuseDeepBody, for every route).
 */
export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url} ${request.url} ${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
}

/**
 * The request's Idempotency-Key header, required on every money POST: a missing one is 'required',
 * a malformed one (too short, too long, other characters) says which form is accepted.
 */
export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (key === undefined || key === '') {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', moneyMessages.idempotencyKeyRequired);
  }
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID', moneyMessages.idempotencyKeyInvalid);
  }
  return key;
}

/**
 * Runs a money operation at most once per (user, Idempotency-Key), in one transaction with its
 * claim (ledger/book.ts bookOnce, the one claim rule): a retry gets the first answer and moves
 * nothing; the same key with a different request is a 409. A concurrent duplicate waits on the
 * key's row and then replays. An operation that fails rolls back its key too, so a corrected retry
 * may run — nothing moved the first time.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  userId: string,
  operation: (tx: Db) => Promise<T>,
  /** The request's fingerprint when its body is not JSON (a multipart upload hashes its parts). */
  hash: string = requestHash(request),
): Promise<T> {
  const claim = { userId, key: idempotencyKey(request), requestHash: hash };
  return moneyTransaction(db, (tx) => bookOnce(tx, claim, operation));
}
