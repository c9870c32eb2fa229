/**
 * The ledger's refusals, carried as data: ledger_book answers a journal it cannot cover as
 * insufficient, with the account (or raises SQLSTATE ML001 with DETAIL {"accountId": n}), and book.ts
 * turns it into this error; nothing parses a message.
 */

/** A debit that would take a user account below zero; the whole transaction rolls back. */
export class InsufficientFunds extends Error {
  /** The account that cannot cover it; null when the user has no account of that kind. */
  constructor(readonly accountId: number | null) {
    super(`account ${accountId} has insufficient funds`);
  }
}

/** The Idempotency-Key was first used for a different request (a 409); nothing moved. */
export class IdempotencyKeyReused extends Error {
  constructor() {
    super('idempotency key reused with a different request');
  }
}

/** SQLSTATEs of a transaction PostgreSQL ended to break a deadlock or a serialization conflict. */
const TRANSIENT = new Set(['40P01', '40001']);

/**
 * Whether `err` (or the database error drizzle wraps in `cause`) ended its transaction for a conflict
 * with another: run again, the same transaction may well succeed (lib/money-transaction.ts retries
 * every other money POST on the same two SQLSTATEs).
 */
export function isTransient(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT.has(code)) return true;
  }
  return false;
}
