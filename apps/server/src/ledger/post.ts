import type { Db } from '../db/client.js';
import type { AccountRef } from './accounts.js';
import { bookIn } from './book.js';

export { InsufficientFunds } from './errors.js';

export interface Posting {
  account: AccountRef;
  /** Signed integer cents: positive credits the account, negative debits it. */
  amountCents: number;
}

export interface JournalInput {
  kind: string;
  userId: string | null;
  postings: Posting[];
}

export function assertBalanced(postings: Posting[]): void {
  let sum = 0;
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) {
      throw new RangeError(`posting amount must be a non-zero integer of cents: ${p.amountCents}`);
    }
    sum += p.amountCents;
  }
  if (sum !== 0) throw new RangeError(`journal does not sum to zero: ${sum}`);
  if (postings.length < 2) throw new RangeError('a journal needs at least two entries');
}

/**
 * Posts one journal without history rows or notification, inside the caller's transaction, through
 * the one booking rule (book.ts / book.sql). Returns the journal id.
 */
export async function post(tx: Db, journal: JournalInput): Promise<number> {
  assertBalanced(journal.postings);
  const booked = await bookIn(tx, {
    kind: journal.kind,
    userId: journal.userId,
    postings: journal.postings.map((p) => ({ account: { id: p.account.id }, amountCents: p.amountCents })),
    history: [],
    topics: null,
  });
  return booked.journalId;
}
