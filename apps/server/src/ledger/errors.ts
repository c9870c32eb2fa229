/**
 * The ledger's refusals, carried as data: ledger_book raises SQLSTATE ML001 with DETAIL
 * {"accountId": n} and book.ts turns it into this error; nothing parses a message.
 */

/** A debit that would take a user account below zero; the whole transaction rolls back. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: number) {
    super(`account ${accountId} has insufficient funds`);
  }
}

/** The Idempotency-Key was first used for a different request (a 409); nothing moved. */
export class IdempotencyKeyReused extends Error {
  constructor() {
    super('idempotency key reused with a different request');
  }
}
