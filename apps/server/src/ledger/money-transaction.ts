import { moneyMessages } from '@meridian/shared';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { IdempotencyKeyReused, InsufficientFunds } from './errors.js';

/** SQLSTATEs that mean "run it again": deadlock detected, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.length === 5) return code;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (c.code === '23505')
      return constraint === undefined || c.constraint === constraint || String(c.message).includes(constraint);
  }
  return false;
}

/**
 * Runs `fn` in one database transaction: a deadlock or serialization failure is retried (no client
 * ever sees one), a debit the balance cannot cover becomes 'Insufficient balance' and a reused
 * Idempotency-Key a 409 (the ledger's refusals, carried as data).
 */
export function moneyTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return withMoneyRetries(() => db.transaction((tx) => fn(tx as unknown as Db)));
}

/**
 * Runs `attempt`, a whole database transaction (or one autocommit statement), again after a deadlock
 * or serialization failure, and turns a debit the balance cannot cover into 'Insufficient balance'.
 */
export async function withMoneyRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (err instanceof InsufficientFunds)
        throw new AppError('INSUFFICIENT_BALANCE', moneyMessages.insufficientBalance);
      if (err instanceof IdempotencyKeyReused)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', moneyMessages.idempotencyKeyReused);
      const state = sqlState(err);
      if (state && RETRYABLE.has(state) && attempt < MAX_ATTEMPTS) {
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
        continue;
      }
      throw err;
    }
  }
}
