import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_CHANNEL } from '../lib/realtime-payloads.js';
import { rows } from '../lib/sql.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../test/money.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { walletOf } from './balances.js';
import { type BatchBooking, book, bookBatch, bookingColumns } from './book.js';
import { InsufficientFunds } from './errors.js';

let ctx: TestContext;
const heard: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.listen(REALTIME_CHANNEL, (payload) => heard.push(payload));
}, 60_000);
afterAll(() => ctx.close());

/** `from` pays `to` `cents` out of their balances (no history row). */
function move(from: string, to: string, cents: number): BatchBooking {
  return {
    kind: 'test_move',
    userId: from,
    postings: [
      { account: { userId: from, kind: 'balance' }, amountCents: -cents },
      { account: { userId: to, kind: 'balance' }, amountCents: cents },
    ],
    history: [],
  };
}

/** profit_expense pays `to` `cents` of profit, as the accrual does. */
function profit(to: string, cents: number): BatchBooking {
  return {
    kind: 'profit_accrual',
    userId: to,
    postings: [
      { account: { system: 'profit_expense' }, amountCents: -cents },
      { account: { userId: to, kind: 'profit' }, amountCents: cents },
    ],
    history: [],
  };
}

const inTx = <T>(fn: (tx: TestContext['db']) => Promise<T>) => ctx.db.transaction((tx) => fn(tx as TestContext['db']));
/** ledger_book called with these columns as they are (bookingColumns), no channel, the database's time. */
const ledgerBook = (columns: unknown[][]) =>
  sql`SELECT * FROM ledger_book(${sql.join(
    columns.map((c) => sql.param(c)),
    sql`, `,
  )}, NULL, NULL)`;
const journalCount = async () =>
  Number((await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM journals`))[0]?.n);

async function drained(): Promise<void> {
  const marker = `marker-${randomUUID()}`;
  await ctx.db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${marker})`);
  await vi.waitFor(() => expect(heard).toContain(marker), { timeout: 5_000 });
}

describe('bookBatch()', () => {
  it('books each booking as its own balanced journal, in order, with its history rows', async () => {
    const alice = (await fundedUser(ctx, 10_000)).id;
    const bob = (await fundedUser(ctx, 0)).id;
    const paid: BatchBooking = {
      ...move(alice, bob, 300),
      history: [
        {
          userId: bob,
          type: 'credit',
          mode: 'transfer',
          method: 'transfer',
          description: 'from Alice',
          amountCents: 300,
          status: 'success',
          wallet: 'balance',
        },
      ],
    };
    const booked = await inTx((tx) =>
      bookBatch(tx, [move(alice, bob, 100), paid, profit(bob, 7), move(bob, alice, 50)], new Date()),
    );
    expect(booked).toHaveLength(4);
    const ids = booked.map((b) => b.journalId);
    expect(new Set(ids).size).toBe(4);
    const journals = await rows<{ id: string | number; kind: string; total: string | number; n: number }>(
      ctx.db,
      sql`SELECT j.id, j.kind, SUM(e.amount_cents) AS total, count(*)::int AS n FROM journals j
          JOIN entries e ON e.journal_id = j.id WHERE j.id = ANY(${`{${ids.join(',')}}`}::bigint[])
          GROUP BY j.id, j.kind`,
    );
    const byId = new Map(journals.map((j) => [Number(j.id), j]));
    expect(ids.map((id) => [byId.get(id)?.kind, Number(byId.get(id)?.total), byId.get(id)?.n])).toEqual([
      ['test_move', 0, 2],
      ['test_move', 0, 2],
      ['profit_accrual', 0, 2],
      ['test_move', 0, 2],
    ]);
    expect(booked[1]?.history.map((h) => [h.userId, h.description, h.journalId])).toEqual([
      [bob, 'from Alice', booked[1]?.journalId],
    ]);
    const stored = await rows<{ journal_id: string | number }>(
      ctx.db,
      sql`SELECT journal_id FROM transactions WHERE id = ${booked[1]?.history[0]?.id ?? ''}`,
    );
    expect(stored.map((r) => Number(r.journal_id))).toEqual([booked[1]?.journalId]);
    expect(await walletOf(ctx.db, alice)).toMatchObject({ balanceCents: 10_000 - 400 + 50 });
    expect(await walletOf(ctx.db, bob)).toMatchObject({ balanceCents: 350, profitCents: 7 });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('settles a batch journal by journal, as one by one: a debit an earlier journal covers is booked, one only a later journal would cover is not', async () => {
    const carol = (await fundedUser(ctx, 0)).id;
    const dave = (await fundedUser(ctx, 1_000)).id;
    // Carol has nothing, but the batch brings her 500 before she pays 400 out.
    await inTx((tx) => bookBatch(tx, [move(dave, carol, 500), move(carol, dave, 400)], new Date()));
    expect((await walletOf(ctx.db, carol)).balanceCents).toBe(100);
    expect((await walletOf(ctx.db, dave)).balanceCents).toBe(900);

    // Her second 80 is not covered when its turn comes, though a later journal of the batch would have
    // brought her enough (over the whole batch she would end with 440): one by one it fails, so it does here.
    const before = await journalCount();
    const refused = inTx((tx) =>
      bookBatch(
        tx,
        [profit(carol, 5), move(carol, dave, 80), move(carol, dave, 80), move(dave, carol, 500)],
        new Date(),
      ),
    );
    await expect(refused).rejects.toBeInstanceOf(InsufficientFunds);
    const [account] = await rows<{ id: string | number }>(
      ctx.db,
      sql`SELECT id FROM accounts WHERE user_id = ${carol} AND kind = 'balance'`,
    );
    await expect(refused).rejects.toMatchObject({ accountId: Number(account?.id) });
    expect(await journalCount()).toBe(before);
    expect(await walletOf(ctx.db, carol)).toMatchObject({ balanceCents: 100, profitCents: 0 });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('refuses a malformed booking whole: unbalanced, one posting, fractional cents, an unknown system account or history user', async () => {
    const erin = (await fundedUser(ctx, 1_000)).id;
    const frank = (await fundedUser(ctx, 0)).id;
    const bad: BatchBooking[] = [
      { ...move(erin, frank, 10), postings: [{ account: { userId: erin, kind: 'balance' }, amountCents: -10 }] },
      {
        ...move(erin, frank, 10),
        postings: [
          { account: { userId: erin, kind: 'balance' }, amountCents: -10 },
          { account: { userId: frank, kind: 'balance' }, amountCents: 9 },
        ],
      },
      {
        ...move(erin, frank, 10),
        postings: [
          { account: { userId: erin, kind: 'balance' }, amountCents: -10.5 },
          { account: { userId: frank, kind: 'balance' }, amountCents: 10.5 },
        ],
      },
      {
        ...profit(frank, 3),
        postings: [
          { account: { system: 'no_such_account' as 'external' }, amountCents: -3 },
          { account: { userId: frank, kind: 'profit' }, amountCents: 3 },
        ],
      },
      {
        ...move(erin, frank, 10),
        history: [
          {
            userId: 'nobody-at-all',
            type: 'credit',
            mode: 'transfer',
            method: null,
            description: 'x',
            amountCents: 10,
            status: 'success',
            wallet: 'balance',
          },
        ],
      },
    ];
    const before = await journalCount();
    for (const b of bad) {
      await expect(inTx((tx) => bookBatch(tx, [move(erin, frank, 1), b], new Date()))).rejects.toMatchObject({
        cause: { code: '22023' },
      });
    }
    expect(await journalCount()).toBe(before);
    expect((await walletOf(ctx.db, frank)).balanceCents).toBe(0);
  });

  it('refuses arguments of unequal lengths as malformed, booking nothing', async () => {
    const erin = (await fundedUser(ctx, 1_000)).id;
    const frank = (await fundedUser(ctx, 0)).id;
    const good = bookingColumns([move(erin, frank, 10)]);
    // Each column in turn one value short (an empty group's columns made one row too long).
    const before = await journalCount();
    for (let c = 0; c < good.length; c++) {
      const columns = good.map((col, i) => (i !== c ? col : col.length > 0 ? col.slice(1) : [null]));
      const call = inTx((tx) => tx.execute(ledgerBook(columns)));
      await expect(call, `column ${c}`).rejects.toMatchObject({ cause: { code: '22023' } });
    }
    expect(await journalCount()).toBe(before);
    await inTx((tx) => tx.execute(ledgerBook(good)));
    expect(await journalCount()).toBe(before + 1);
    expect((await walletOf(ctx.db, frank)).balanceCents).toBe(10);
  });

  it('opens a missing account by its credit', async () => {
    const gina = (await fundedUser(ctx, 0)).id;
    await inTx(async (tx) => {
      await tx.execute(sql`SELECT set_config('meridian.booking', 'on', true)`);
      await tx.execute(sql`DELETE FROM accounts WHERE user_id = ${gina} AND kind = 'profit'`);
    });
    await inTx((tx) => bookBatch(tx, [profit(gina, 42)], new Date()));
    expect((await walletOf(ctx.db, gina)).profitCents).toBe(42);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('leaves the money tables closed to other writers after it, in the same transaction', async () => {
    const ivan = (await fundedUser(ctx, 0)).id;
    const err = await inTx(async (tx) => {
      await bookBatch(tx, [profit(ivan, 5)], new Date());
      await tx.execute(sql`UPDATE accounts SET balance_cents = balance_cents + 1 WHERE user_id = ${ivan}`);
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ cause: { code: 'ML002' } });
    expect((await walletOf(ctx.db, ivan)).profitCents).toBe(0);
  });

  it('sends its notifications once, at commit, split under the 8000-byte limit; none when it rolls back', async () => {
    const hank = (await fundedUser(ctx, 0)).id;
    const many = Array.from({ length: 400 }, (_, i) => `user-${i}-${randomUUID()}`);
    await drained();
    const before = heard.length;
    await inTx((tx) =>
      bookBatch(tx, [profit(hank, 1)], new Date(), [{ userIds: [hank, ...many], topics: ['wallet'] }]),
    );
    await drained();
    const mine = heard.slice(before).filter((p) => !p.startsWith('marker-'));
    expect(mine.length).toBeGreaterThan(1);
    for (const p of mine) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const named = mine.flatMap((p) => (JSON.parse(p) as { userIds: string[] }).userIds);
    expect(named.sort()).toEqual([hank, ...many].sort());

    const again = heard.length;
    await inTx(async (tx) => {
      await bookBatch(tx, [profit(hank, 1)], new Date(), [{ userIds: [hank], topics: ['wallet'] }]);
      throw new Error('rolled back');
    }).catch(() => {});
    await drained();
    expect(heard.slice(again).filter((p) => p.includes(hank))).toEqual([]);
  });

  it('never deadlocks with bookings that lock the same accounts in another order', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => fundedUser(ctx, 1_000_000)));
    const ids = people.map((p) => p.id);
    const pick = (i: number) => ids[i % ids.length] as string;
    // Batches over every account in scrambled order, racing single bookings in the opposite direction;
    // a deadlock would surface here (no retry wraps these transactions).
    const batches = Array.from({ length: 8 }, (_, n) =>
      inTx((tx) =>
        bookBatch(
          tx,
          Array.from({ length: 12 }, (_, i) => move(pick(n + i * 5), pick(n + i * 5 + 1 + (i % 4)), 1 + i)),
          new Date(),
        ),
      ),
    );
    const singles = Array.from({ length: 24 }, (_, i) =>
      book(ctx.db, { ...move(pick(i + 3), pick(i), 2), topics: null, at: new Date() }),
    );
    await Promise.all([...batches, ...singles]);
    const total = (await Promise.all(ids.map(async (id) => (await walletOf(ctx.db, id)).balanceCents))).reduce(
      (a, b) => a + b,
      0,
    );
    expect(total).toBe(6 * 1_000_000);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
