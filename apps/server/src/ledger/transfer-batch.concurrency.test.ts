import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../lib/sql.js';
import { booksInvariants, HEALTHY_BOOKS } from '../test/money.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { bookingOf, booksOnly, type Person, setBalances, twinSides } from '../test/transfer-twins.js';
import { bookTransferBatch, transferBatchStatement } from './transfer.js';
import { TransferCommitter } from './transfer-committer.js';

// The full load on PostgreSQL (the second pass of `npm test`); PGlite is one connection, so there
// the same test runs a smaller load through the same code, one transaction at a time.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TRANSFERS = onPostgres ? 1_500 : 200;
const CLIENTS_PER_NODE = 16;
const START_CENTS = 1_000_000;

let ctx: TestContext;
let people: Person[];
let knot: Person[];
beforeAll(async () => {
  ctx = await createTestApp();
  [people] = await twinSides(ctx, 8, 'cross');
  [knot] = await twinSides(ctx, 8, 'knot');
  for (const set of [people, knot])
    await setBalances(
      ctx,
      set,
      set.map(() => START_CENTS),
    );
}, 120_000);

/** Batch statements of this database waiting for a lock now (by the statement's prepared name). */
async function waitingBatches(): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query = ${transferBatchStatement.text}`,
  );
  return r?.n ?? 0;
}

describe('two batches that would meet the same accounts in opposite orders', () => {
  it('both book everything: the second waits for the first instead of deadlocking', async () => {
    const [a, b, c, d, e, f, g, h] = [0, 1, 2, 3, 4, 5, 6, 7];
    const batch = (pairs: [number, number][], tag: string) =>
      pairs.map(([from, to], i) => bookingOf(knot, { from, to, amountCents: 100, key: `${tag}${i}` }, 'knot'));
    // Booked in this order, transfer by transfer, with nothing locked up front, the second batch takes
    // C, then waits for G (held below); the first takes A and waits for C; G is let go; the second
    // then wants A, held by the first: a circle PostgreSQL breaks by failing one of them with 40P01.
    const second = batch(
      [
        [c, e],
        [g, h],
        [a, f],
      ],
      's',
    );
    const first = batch(
      [
        [a, b],
        [c, d],
      ],
      'f',
    );
    let answers: { kind: string }[][];
    const pool = (ctx.db as unknown as { $client: unknown }).$client;
    if (pool instanceof pg.Pool) {
      const holder = await pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query("SELECT 1 FROM accounts WHERE user_id = $1 AND kind = 'balance' FOR UPDATE", [knot[g]?.id]);
        const secondDone = bookTransferBatch(ctx.db, second, booksOnly());
        await expect.poll(waitingBatches).toBe(1);
        let firstFinished = false;
        const firstDone = bookTransferBatch(ctx.db, first, booksOnly()).finally(() => {
          firstFinished = true;
        });
        // The first either waits for an account the second holds, or (taking its accounts before
        // the second reached them) finishes at once.
        await expect.poll(async () => firstFinished || (await waitingBatches()) === 2).toBe(true);
        await holder.query('COMMIT');
        answers = await Promise.all([firstDone, secondDone]);
      } finally {
        // After a failed wait the holder's transaction is still open: end it before the pool reuses
        // the connection (a no-op after the COMMIT above).
        await holder.query('ROLLBACK');
        holder.release();
      }
    } else {
      // PGlite is one connection: transactions never overlap, so the two batches run one after the other.
      answers = [
        await bookTransferBatch(ctx.db, first, booksOnly()),
        await bookTransferBatch(ctx.db, second, booksOnly()),
      ];
    }
    const kinds = answers.map((batchAnswers) => batchAnswers.map((x) => x.kind));
    expect(kinds).toEqual([
      ['ok', 'ok'],
      ['ok', 'ok', 'ok'],
    ]);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
afterAll(() => ctx.close());

describe(`${TRANSFERS} transfers between neighbours in both directions, from two nodes' group commits at once`, () => {
  it('never fail a request with a deadlock: every batch locks its accounts in one global order', async () => {
    // Two app nodes on one database: each its own committer, up to 4 transactions at once each.
    const nodes = [0, 1].map(() => new TransferCommitter(ctx.db, { maxBatch: 64, maxInFlight: 4 }));
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    let next = 0;
    const failures: string[] = [];
    let booked = 0;
    await Promise.all(
      Array.from({ length: 2 * CLIENTS_PER_NODE }, async (_, client) => {
        const node = nodes[client % 2] as (typeof nodes)[number];
        while (next < TRANSFERS) {
          const i = next++;
          // Neighbours in a ring, either way round: batches meet the same accounts in opposite orders.
          const a = random(people.length);
          const b = (a + 1) % people.length;
          const [from, to] = random(2) === 0 ? [a, b] : [b, a];
          const amountCents = 1 + random(100);
          try {
            const out = await node.commit(bookingOf(people, { from, to, amountCents, key: `t${i}` }, 'cross'));
            if (out.kind !== 'ok') failures.push(out.kind);
            booked++;
          } catch (err) {
            failures.push(String(err));
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(booked).toBe(TRANSFERS);
    // Whole batches that failed (a deadlock outside every transfer's own part) would show here.
    expect(nodes.map((n) => n.stats.fallbacks)).toEqual([0, 0]);
    // They were group-committed: more than one transfer a transaction, fewer transactions than transfers.
    const transactions = nodes.reduce((sum, n) => sum + n.stats.transactions, 0);
    expect(Math.max(...nodes.map((n) => n.stats.largest))).toBeGreaterThan(1);
    expect(transactions).toBeLessThan(TRANSFERS);

    const [money] = await rows<{ users: string; fees: string; journals: number }>(
      ctx.db,
      sql`SELECT (SELECT sum(balance_cents)::text FROM accounts WHERE user_id IS NOT NULL AND kind = 'balance') AS users,
                 (SELECT sum(e.amount_cents)::text FROM entries e JOIN accounts a ON a.id = e.account_id
                    WHERE a.user_id IS NULL AND a.kind = 'fee_revenue') AS fees,
                 (SELECT count(*)::int FROM journals WHERE kind = 'transfer' AND idempotency_key LIKE 'cross-%') AS journals`,
    );
    expect(money?.journals).toBe(TRANSFERS);
    // Every cent funded is in a balance or in fee revenue (the other test's users are funded alike).
    expect(Number(money?.users) + Number(money?.fees)).toBe((people.length + knot.length) * START_CENTS);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  }, 300_000);
});
