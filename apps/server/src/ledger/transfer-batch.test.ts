import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../lib/sql.js';
import { booksInvariants, HEALTHY_BOOKS } from '../test/money.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import {
  type Answer,
  answersOf,
  bookAlone,
  bookingOf,
  booksOf,
  booksOnly,
  lastJournal,
  type Person,
  type PlannedTransfer,
  setBalances,
  twinSides,
} from '../test/transfer-twins.js';
import { bookTransferBatch, type RecipientNotice, type TransferBooking, type TransferOutcome } from './transfer.js';
import { TransferCommitter } from './transfer-committer.js';

/*
 * Group commit (decision 014) gives every request exactly the answer it would get alone. Each test
 * books the same requests twice in one database, on twin users: one after another, each alone (the
 * reference: a batch of one, in a transaction of its own), and group-committed, many to a transaction;
 * answers, balances and history rows must agree. Both go through the one booking rule, ledger_book
 * (decision 021): what is held here is that settling a batch journal by journal answers each as alone.
 */

let ctx: TestContext;
let alone: Person[];
let grouped: Person[];
beforeAll(async () => {
  ctx = await createTestApp();
  [alone, grouped] = await twinSides(ctx, 4, 'batch');
}, 120_000);
afterAll(() => ctx.close());

let runs = 0;
/** Books `plan` both ways from these balances; answers the two sides' answers and books. */
async function bothWays(plan: PlannedTransfer[], balances: number[], group: (run: string) => Promise<Answer[]>) {
  const run = `run${++runs}`;
  await setBalances(ctx, alone, balances);
  await setBalances(ctx, grouped, balances);
  const since = await lastJournal(ctx);
  const outcomes: Promise<TransferOutcome>[] = [];
  for (const t of plan) {
    const outcome = bookAlone(ctx.db, bookingOf(alone, t, run));
    outcomes.push(outcome);
    await outcome.catch(() => {}); // one after another: each waits for the one before
  }
  const reference = await answersOf(outcomes);
  const batched = await group(run);
  return {
    reference,
    batched,
    referenceBooks: await booksOf(ctx, alone, since),
    batchedBooks: await booksOf(ctx, grouped, since),
  };
}

describe('a batch of transfers', () => {
  it('answers each request as it would be answered alone: overdrafts, repeated keys, races, unknown recipients', async () => {
    const plan: PlannedTransfer[] = [
      { from: 0, to: 1, amountCents: 500, key: 'k1' }, // booked
      { from: 0, to: 1, amountCents: 500, key: 'k1' }, // the same request again: a replay of the first
      { from: 0, to: 1, amountCents: 700, key: 'k1' }, // the same key, another request: 409
      { from: 2, to: 1, amountCents: 5_000, key: 'k2' }, // overdraws: fails alone
      { from: 2, to: 3, amountCents: 50, key: 'k3' }, // its neighbour from the same account still books
      { from: 3, to: 0, amountCents: 600, key: 'k4' }, // a race for one account: the first fits...
      { from: 3, to: 1, amountCents: 600, key: 'k5' }, // ...the second no longer does
      { from: 2, to: 0, amountCents: 9_000, key: 'k6' }, // refused, so its key stays free...
      { from: 2, to: 0, amountCents: 10, key: 'k6' }, // ...and the corrected retry books
      { from: 0, to: null, amountCents: 100, key: 'k7' }, // nobody has that address
      { from: 1, to: 1, amountCents: 100, key: 'k8' }, // to oneself
      { from: 1, to: 2, amountCents: 1, key: 'k9' }, // the smallest transfer, with its 1-cent fee
    ];
    const out = await bothWays(plan, [10_000, 0, 1_000, 1_000], async (run) =>
      answersOf(
        (
          await bookTransferBatch(
            ctx.db,
            plan.map((t) => bookingOf(grouped, t, run)),
            booksOnly(),
          )
        ).map((outcome) => Promise.resolve(outcome)),
      ),
    );
    expect(out.batched.map((a) => a.kind)).toEqual([
      'ok',
      'replay',
      'key_reused',
      'insufficient',
      'ok',
      'ok',
      'insufficient',
      'insufficient',
      'ok',
      'recipient_not_found',
      'self_transfer',
      'ok',
    ]);
    expect(out.batched[1]).toEqual({ kind: 'replay', of: 0 });
    expect(out.batched).toEqual(out.reference);
    expect(out.batchedBooks).toEqual(out.referenceBooks);
    // 0: -500-10 +600 +10; 1: +500 -1-1; 2: -50-1 -10-1 +1; 3: +50 -600-12.
    expect(out.batchedBooks.map((b) => b.balanceCents)).toEqual([10_100, 498, 939, 438]);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  // Keys taken before the batch are retries. The batch takes every key to be free and reads the keys
  // only of what it refused or could not cover; a booked item's taken key sends the batch to the lone
  // path. Either way each answer is the one it would get alone.
  /**
   * Books `before` alone, then `batch` through one committer as one batch; checks every answer and
   * the books against booking all of them alone, and answers the answers and the committer's stats.
   */
  async function afterEarlierRequests(before: PlannedTransfer[], batch: PlannedTransfer[], balances: number[]) {
    const commit = new TransferCommitter(ctx.db, { maxBatch: 16, maxInFlight: 1 });
    const out = await bothWays([...before, ...batch], balances, async (run) => {
      const earlier: Promise<TransferOutcome>[] = [];
      for (const t of before) {
        const outcome = bookAlone(ctx.db, bookingOf(grouped, t, run));
        earlier.push(outcome);
        await outcome.catch(() => {});
      }
      // Submitted in one turn of the event loop: they go as one batch.
      return answersOf([...earlier, ...batch.map((t) => commit.commit(bookingOf(grouped, t, run)))]);
    });
    expect(out.batched).toEqual(out.reference);
    expect(out.batchedBooks).toEqual(out.referenceBooks);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
    return { answers: out.batched, stats: commit.stats };
  }

  it('answers a retry the batch would book from its key taken earlier: the batch is booked again alone', async () => {
    const out = await afterEarlierRequests(
      [{ from: 0, to: 1, amountCents: 500, key: 'r1' }],
      [
        { from: 1, to: 2, amountCents: 100, key: 'r2' }, // a first request: booked
        { from: 0, to: 1, amountCents: 500, key: 'r1' }, // the earlier request again: its replay
        { from: 0, to: 1, amountCents: 800, key: 'r1' }, // its key with another request: 409
        { from: 2, to: 3, amountCents: 200, key: 'r3' }, // a first request: booked
      ],
      [10_000, 1_000, 1_000, 1_000],
    );
    expect(out.answers.map((a) => a.kind)).toEqual(['ok', 'ok', 'replay', 'key_reused', 'ok']);
    expect(out.answers[2]).toEqual({ kind: 'replay', of: 0 });
    expect(out.stats).toMatchObject({ transactions: 1, largest: 4, fallbacks: 1 });
  });

  it('answers a retry it refuses or cannot cover from its key taken earlier, in the batch itself', async () => {
    const out = await afterEarlierRequests(
      [
        { from: 2, to: 3, amountCents: 900, key: 's1' },
        { from: 0, to: 1, amountCents: 100, key: 's2' },
      ],
      [
        { from: 1, to: 0, amountCents: 100, key: 's3' }, // a first request: booked
        { from: 2, to: 3, amountCents: 900, key: 's1' }, // the balance no longer covers it: still its replay
        { from: 0, to: null, amountCents: 100, key: 's2' }, // unknown recipient, a taken key: 409 first
        { from: 3, to: 3, amountCents: 100, key: 's4' }, // to oneself, a free key: refused
        { from: 3, to: 2, amountCents: 5_000, key: 's5' }, // not covered, a free key: insufficient
      ],
      [10_000, 1_000, 1_000, 1_000],
    );
    expect(out.answers.map((a) => a.kind)).toEqual([
      'ok',
      'ok',
      'ok',
      'replay',
      'key_reused',
      'self_transfer',
      'insufficient',
    ]);
    expect(out.answers[3]).toEqual({ kind: 'replay', of: 0 });
    expect(out.stats).toMatchObject({ transactions: 1, largest: 5, fallbacks: 0 });
  });

  it('books a recalled sender only while their session is live, and each alone and batched alike', async () => {
    await setBalances(ctx, grouped, [1_000, 1_000, 1_000, 1_000]);
    const tokenOf = async (p: Person) =>
      (await rows<{ token: string }>(ctx.db, sql`SELECT token FROM sessions WHERE user_id = ${p.id} LIMIT 1`))[0]
        ?.token;
    const run = `run${++runs}`;
    const plan: PlannedTransfer[] = [0, 1, 2, 3].map((i) => ({
      from: i,
      to: (i + 1) % 4,
      amountCents: 100,
      key: 'rs',
    }));
    const bookings = plan.map((t) => bookingOf(grouped, t, run));
    const [live, gone, renamed] = bookings as [TransferBooking, TransferBooking, TransferBooking, TransferBooking];
    const recalled = (b: TransferBooking, token: string | undefined, name = b.sender.name) => {
      b.sender = { id: b.sender.id, name, recalled: true, token: String(token) };
    };
    recalled(live, await tokenOf(grouped[0] as Person));
    recalled(gone, 'a-session-signed-out-meanwhile');
    recalled(renamed, await tokenOf(grouped[2] as Person), 'A name from before');
    // The fourth was read afresh: nothing to check.
    const batched = await bookTransferBatch(ctx.db, bookings, booksOnly());
    expect(batched.map((o) => o.kind)).toEqual(['ok', 'sender_unverified', 'sender_unverified', 'ok']);
    // Nothing claimed for the two: the same keys book once their senders are read again.
    for (const [b, p] of [
      [gone, grouped[1]],
      [renamed, grouped[2]],
    ] as const) {
      expect((await bookAlone(ctx.db, { ...b, sender: { id: b.sender.id, name: (p as Person).name } })).kind).toBe(
        'ok',
      );
    }
    // And alone as in a batch: a batch of one checks the same.
    const again = { ...gone, idempotencyKey: 'rs-again' };
    expect(await bookAlone(ctx.db, again)).toEqual({ kind: 'sender_unverified' });
    expect(await bookAlone(ctx.db, { ...live, idempotencyKey: 'rs-again' })).toMatchObject({
      kind: 'ok',
    });
    // Each sent 100 + 2 and got 100; the first then sent 100 + 2 more to the second.
    expect((await booksOf(ctx, grouped, 0)).map((b) => b.balanceCents)).toEqual([896, 1_098, 998, 998]);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('fails only the request a whole batch could not take: the others are booked again alone', async () => {
    const commit = new TransferCommitter(ctx.db, { maxBatch: 8, maxInFlight: 1 });
    const plan: PlannedTransfer[] = [0, 1, 2, 3].map((i) => ({
      from: i,
      to: (i + 1) % 4,
      amountCents: 100,
      key: `nul${i}`,
    }));
    await setBalances(ctx, grouped, [1_000, 1_000, 1_000, 1_000]);
    const bookings = plan.map((t) => bookingOf(grouped, t, `run${++runs}`));
    // PostgreSQL takes no NUL in text: the batch statement fails as a whole, the lone one by itself.
    const poisoned = bookings[2];
    if (poisoned) poisoned.recipientEmail = `${poisoned.recipientEmail}\u0000`;
    const answers = await answersOf(bookings.map((b) => commit.commit(b)));
    expect(answers.map((a) => a.kind)).toEqual(['ok', 'ok', 'error', 'ok']);
    // The four arrive in one turn and go as one batch, which fails; each is then booked alone.
    expect(commit.stats).toMatchObject({ transactions: 1, fallbacks: 1, largest: 4 });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});

describe("a batch's recipients", () => {
  /** A message whose three slots show plainly: the recipient, the amount, the sender; a literal %. */
  const noticeFor =
    (template: string): ((at: Date) => RecipientNotice) =>
    () => ({
      template,
      subject: '%3$s sent %1$s %2$s',
      html: '<p>%1$s|%2$s|%3$s</p>',
      text: '%1$s got %2$s from %3$s (100%%)',
      slots: (b) => ({ amount: `${b.amountCents}c`, sender: b.sender.name }),
    });
  const queued = (template: string) =>
    rows<{ to_address: string; subject: string; html: string; text: string; created_at: Date; next_attempt_at: Date }>(
      ctx.db,
      sql`SELECT to_address, subject, html, text, created_at, next_attempt_at FROM email_outbox
           WHERE template = ${template} ORDER BY id`,
    );

  it("are each told once, in the batch's own transaction and by its clock, and nobody of a refused transfer", async () => {
    const run = `run${++runs}`;
    const at = new Date('2031-05-04T03:02:01.000Z');
    const commit = new TransferCommitter(ctx.db, {
      maxBatch: 8,
      maxInFlight: 1,
      clock: { now: () => at },
      notice: noticeFor(`test-${run}`),
    });
    await setBalances(ctx, grouped, [1_000, 1_000, 50, 1_000]);
    const plan: PlannedTransfer[] = [
      { from: 0, to: 1, amountCents: 100, key: 'n1' }, // booked
      { from: 1, to: 2, amountCents: 200, key: 'n2' }, // booked
      { from: 2, to: 3, amountCents: 900, key: 'n3' }, // cannot be covered
      { from: 3, to: null, amountCents: 100, key: 'n4' }, // nobody has that address
      { from: 3, to: 3, amountCents: 100, key: 'n5' }, // oneself
      { from: 0, to: 1, amountCents: 100, key: 'n1' }, // the first again: a replay
    ];
    // Submitted in one turn of the event loop: they go as one batch.
    const answers = await answersOf(plan.map((t) => commit.commit(bookingOf(grouped, t, run))));
    expect(answers.map((a) => a.kind)).toEqual([
      'ok',
      'ok',
      'insufficient',
      'recipient_not_found',
      'self_transfer',
      'replay',
    ]);
    expect(commit.stats).toMatchObject({ transactions: 1, largest: 6 });

    const [p0, p1, p2] = grouped as [Person, Person, Person];
    const told = await queued(`test-${run}`);
    expect(told.map(({ to_address, subject, html, text }) => ({ to_address, subject, html, text }))).toEqual([
      {
        to_address: p1.email,
        subject: `${p0.name} sent ${p1.name} 100c`,
        html: `<p>${p1.name}|100c|${p0.name}</p>`,
        text: `${p1.name} got 100c from ${p0.name} (100%)`,
      },
      {
        to_address: p2.email,
        subject: `${p1.name} sent ${p2.name} 200c`,
        html: `<p>${p2.name}|200c|${p1.name}</p>`,
        text: `${p2.name} got 200c from ${p1.name} (100%)`,
      },
    ]);
    // One statement of one transaction: one database time; due at once by the app's clock.
    expect(new Set(told.map((t) => new Date(t.created_at).getTime())).size).toBe(1);
    for (const t of told) expect(new Date(t.next_attempt_at).toISOString()).toBe(at.toISOString());
    // The history rows carry the app's clock too, not the database's.
    const history = await rows<{ created_at: Date }>(
      ctx.db,
      sql`SELECT t.created_at FROM transactions t JOIN journals j ON j.id = t.journal_id
           WHERE j.idempotency_key IN (${`${run}-n1`}, ${`${run}-n2`})`,
    );
    expect(history.map((h) => new Date(h.created_at).toISOString())).toEqual(Array(4).fill(at.toISOString()));
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('of a batch that fails as a whole are told only by the transfers booked again alone', async () => {
    const run = `run${++runs}`;
    const commit = new TransferCommitter(ctx.db, { maxBatch: 8, maxInFlight: 1, notice: noticeFor(`test-${run}`) });
    await setBalances(ctx, grouped, [1_000, 1_000, 1_000, 1_000]);
    const bookings = [0, 1, 2, 3].map((i) =>
      bookingOf(grouped, { from: i, to: (i + 1) % 4, amountCents: 100, key: `f${i}` }, run),
    );
    const poisoned = bookings[2];
    if (poisoned) poisoned.recipientEmail = `${poisoned.recipientEmail}\u0000`;
    const answers = await answersOf(bookings.map((b) => commit.commit(b)));
    expect(answers.map((a) => a.kind)).toEqual(['ok', 'ok', 'error', 'ok']);
    expect(commit.stats).toMatchObject({ fallbacks: 1 });
    const told = await queued(`test-${run}`);
    expect(told.map((t) => t.to_address)).toEqual([1, 2, 0].map((i) => (grouped[i] as Person).email));
  });
});

// Requests on four users, from a handful of keys so that some repeat, with amounts around the
// balances so that some overdraw, and now and then an unknown recipient or oneself.
const plannedTransfer = fc.record({
  from: fc.integer({ min: 0, max: 3 }),
  to: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 12, nil: null }),
  amountCents: fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.constantFrom(1, 24, 25, 980, 1_000)),
  key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'),
});

describe('group commit over any batch boundaries', () => {
  it('answers, balances and history rows equal booking the same requests one after another', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(plannedTransfer, { minLength: 1, maxLength: 24 }),
        fc.array(fc.constantFrom(0, 1, 500, 1_000, 3_000), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 2, max: 9 }),
        async (plan, balances, maxBatch) => {
          const out = await bothWays(plan, balances, async (run) => {
            // One transaction at a time, so the batches follow arrival order; all submitted in one
            // turn of the event loop, they go in batches of up to maxBatch.
            const commit = new TransferCommitter(ctx.db, { maxBatch, maxInFlight: 1 });
            return answersOf(plan.map((t) => commit.commit(bookingOf(grouped, t, run))));
          });
          expect(out.batched).toEqual(out.reference);
          expect(out.batchedBooks).toEqual(out.referenceBooks);
          for (const b of out.batchedBooks) expect(b.balanceCents).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 30 },
    );
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  }, 600_000);
});
