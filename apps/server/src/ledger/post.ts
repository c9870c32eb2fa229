import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from '../lib/sql.js';
import type { AccountRef } from './accounts.js';

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

/** A debit that would take a user account below zero; the whole transaction must roll back. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: number) {
    super(`account ${accountId} has insufficient funds`);
  }
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
 * Posts one journal inside the caller's transaction: the only function that moves money.
 *
 * User accounts are updated in ascending id order (a fixed lock order, so two transfers between the
 * same pair cannot deadlock); a debit is conditional on the balance covering it and throws
 * InsufficientFunds otherwise. System accounts get entries only, never an UPDATE.
 */
export async function post(tx: Db, journal: JournalInput): Promise<number> {
  assertBalanced(journal.postings);
  const userPostings = journal.postings.filter((p) => !p.account.system).sort((a, b) => a.account.id - b.account.id);
  for (const p of userPostings) {
    const changed =
      p.amountCents < 0
        ? await rows(
            tx,
            sql`UPDATE accounts SET balance_cents = balance_cents + ${p.amountCents}
                WHERE id = ${p.account.id} AND balance_cents >= ${-p.amountCents} RETURNING id`,
          )
        : await rows(
            tx,
            sql`UPDATE accounts SET balance_cents = balance_cents + ${p.amountCents} WHERE id = ${p.account.id} RETURNING id`,
          );
    if (changed.length === 0) throw new InsufficientFunds(p.account.id);
  }
  const values = sql.join(
    journal.postings.map((p) => sql`((SELECT id FROM j), ${p.account.id}, ${p.amountCents})`),
    sql`, `,
  );
  const [row] = await rows<{ id: string | number }>(
    tx,
    sql`WITH j AS (INSERT INTO journals (kind, user_id) VALUES (${journal.kind}, ${journal.userId}) RETURNING id),
        e AS (INSERT INTO entries (journal_id, account_id, amount_cents) VALUES ${values})
        SELECT id FROM j`,
  );
  return Number(row?.id);
}
