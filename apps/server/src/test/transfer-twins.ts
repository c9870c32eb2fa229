import { transferFeeCents } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { walletOf } from '../ledger/balances.js';
import {
  type BatchContext,
  bookTransferBatch,
  type TransferBooking,
  type TransferOutcome,
} from '../ledger/transfer.js';
import { rows } from '../lib/sql.js';
import { fundByEmail, fundedUser } from './money.js';
import type { TestContext } from './test-app.js';

/**
 * Two sets of users alike in everything but their e-mail (same names, same balances), so the same
 * transfers can be booked once one after another (the reference: each request alone, a batch of one)
 * and once group-committed, in one database, and the two outcomes compared request by request.
 */
export interface Person {
  id: string;
  name: string;
  email: string;
}

/** A transfer as a test plans it: people by index (`to` null: an address nobody has), a key by name. */
export interface PlannedTransfer {
  from: number;
  to: number | null;
  amountCents: number;
  key: string;
}

/** What a request was answered, with the ids and times that differ between the twins taken out. */
export type Answer =
  | { kind: 'ok'; type: string; amountCents: number; feeCents: number; description: string }
  | { kind: 'replay'; of: number }
  | { kind: 'key_reused' | 'recipient_not_found' | 'self_transfer' | 'sender_unverified' | 'insufficient' }
  | { kind: 'error'; message: string };

export async function twinSides(ctx: TestContext, count: number, tag: string): Promise<[Person[], Person[]]> {
  const side = async (s: string) => {
    const people: Person[] = [];
    for (let i = 0; i < count; i++) {
      const name = `Twin ${tag} ${i}`;
      const u = await fundedUser(ctx, 0, { name, email: `twin-${tag}-${s}-${i}@example.com` });
      people.push({ id: u.id, name, email: u.body.email as string });
    }
    return people;
  };
  return [await side('a'), await side('b')];
}

/** Sets each person's balance to the amount at the same index, by adjustments (audited, like an operator's). */
export async function setBalances(ctx: TestContext, people: Person[], cents: readonly number[]): Promise<void> {
  for (const [i, p] of people.entries()) {
    const delta = (cents[i] ?? 0) - (await walletOf(ctx.db, p.id)).balanceCents;
    if (delta !== 0) await fundByEmail(ctx, p.email, delta);
  }
}

/** The booking of a planned transfer between these people; `run` keeps keys apart between runs. */
export function bookingOf(people: Person[], t: PlannedTransfer, run: string): TransferBooking {
  const sender = people[t.from] as Person;
  const recipientEmail = t.to === null ? 'nobody-at-all@example.com' : (people[t.to] as Person).email;
  return {
    sender: { id: sender.id, name: sender.name },
    idempotencyKey: `${run}-${t.key}`,
    // The same key with the same body is the same request; another body is another request.
    requestHash: `${t.to}:${t.amountCents}`,
    recipientEmail,
    amountCents: t.amountCents,
    feeCents: transferFeeCents(t.amountCents, 200),
  };
}

/** A batch booked now by the machine's clock, its recipients told nothing: the books alone. */
export function booksOnly(): BatchContext {
  return { at: new Date(), notice: null };
}

/** The answers, in request order, with a replay pointing at the request whose booking it repeats. */
export async function answersOf(outcomes: Promise<TransferOutcome>[]): Promise<Answer[]> {
  const settled = await Promise.allSettled(outcomes);
  const bookedBy = new Map<string, number>();
  return settled.map((s, i): Answer => {
    if (s.status === 'rejected') {
      return { kind: 'error', message: String(s.reason) };
    }
    const o = s.value;
    if (o.kind === 'ok') {
      bookedBy.set(o.transaction.id, i);
      const t = o.transaction;
      return { kind: 'ok', type: t.type, amountCents: t.amountCents, feeCents: t.feeCents, description: t.description };
    }
    if (o.kind === 'replay') return { kind: 'replay', of: bookedBy.get(o.transaction.id) ?? -1 };
    return { kind: o.kind };
  });
}

/** Each person's balance, and their history rows of journals after `sinceJournal`, in booking order. */
export async function booksOf(ctx: TestContext, people: Person[], sinceJournal: number) {
  const out = [];
  for (const p of people) {
    const history = await rows<{ type: string; amount_cents: string; fee_cents: string; description: string }>(
      ctx.db,
      sql`SELECT type, amount_cents::text, fee_cents::text, description FROM transactions
          WHERE user_id = ${p.id} AND journal_id > ${sinceJournal} ORDER BY journal_id`,
    );
    out.push({ balanceCents: (await walletOf(ctx.db, p.id)).balanceCents, history });
  }
  return out;
}

export async function lastJournal(ctx: TestContext): Promise<number> {
  const [r] = await rows<{ id: string | null }>(ctx.db, sql`SELECT max(id)::text AS id FROM journals`);
  return Number(r?.id ?? 0);
}

/**
 * The reference a group-committed transfer is held to: the same request booked alone, after the ones
 * before it, in a transaction of its own — a batch of one through the same statement and booking rule.
 */
export async function bookAlone(db: Db, b: TransferBooking): Promise<TransferOutcome> {
  const [outcome] = await bookTransferBatch(db, [b], booksOnly());
  if (!outcome) throw new Error('ledger_transfer_batch: no answer');
  return outcome;
}
