import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { transactions } from '../db/schema/index.js';
import { REALTIME_CHANNEL } from '../lib/realtime-payloads.js';
import { rows } from '../lib/sql.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../test/money.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { walletOf } from './balances.js';
import { type Booking, book, bookIn, bookOnce } from './book.js';
import { IdempotencyKeyReused, InsufficientFunds } from './errors.js';

let ctx: TestContext;
let alice: string;
let bob: string;
const heard: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  alice = (await fundedUser(ctx, 10_000)).id;
  bob = (await fundedUser(ctx, 0)).id;
  await ctx.listen(REALTIME_CHANNEL, (payload) => heard.push(payload));
}, 60_000);
afterAll(() => ctx.close());

/** Alice pays Bob `cents`, with a fee of 1 cent to fee revenue; both get a history row. */
function payment(cents: number, key?: string, hash = 'request-a'): Booking {
  return {
    kind: 'transfer',
    at: new Date(),
    userId: alice,
    postings: [
      { account: { userId: alice, kind: 'balance' }, amountCents: -(cents + 1) },
      { account: { userId: bob, kind: 'balance' }, amountCents: cents },
      { account: { system: 'fee_revenue' }, amountCents: 1 },
    ],
    history: [
      {
        userId: alice,
        type: 'debit',
        mode: 'transfer',
        method: 'transfer',
        description: 'to Bob',
        amountCents: cents,
        feeCents: 1,
        status: 'success',
        wallet: 'balance',
      },
      {
        userId: bob,
        type: 'credit',
        mode: 'transfer',
        method: 'transfer',
        description: 'from Alice',
        amountCents: cents,
        status: 'success',
        wallet: 'balance',
      },
    ],
    topics: { userIds: [alice, bob], topics: ['wallet', 'transactions'] },
    ...(key ? { idempotency: { userId: alice, key, requestHash: hash } } : {}),
  };
}

const balance = async (userId: string) => (await walletOf(ctx.db, userId)).balanceCents;

async function keyRow(key: string) {
  return rows<{ response: unknown }>(
    ctx.db,
    sql`SELECT response FROM idempotency_keys WHERE user_id = ${alice} AND key = ${key}`,
  );
}

/** Notifications naming `userId` heard so far. */
const naming = (userId: string) => heard.filter((p) => p.includes(userId));

/** Waits until a marker NOTIFY sent now arrives: everything committed before it has been heard. */
async function drained(): Promise<void> {
  const marker = `marker-${randomUUID()}`;
  await ctx.db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${marker})`);
  await vi.waitFor(() => expect(heard).toContain(marker), { timeout: 5_000 });
}

describe('book()', () => {
  it('books one journal summing to zero, its history rows and one notification per commit', async () => {
    await drained();
    const before = naming(bob).length;
    const out = await book(ctx.db, payment(500));
    expect(out.outcome).toBe('booked');
    if (out.outcome !== 'booked') return;
    const entries = await rows<{ account_id: string | number; amount_cents: string | number }>(
      ctx.db,
      sql`SELECT account_id, amount_cents FROM entries WHERE journal_id = ${out.journalId}`,
    );
    expect(entries).toHaveLength(3);
    expect(entries.reduce((s, e) => s + Number(e.amount_cents), 0)).toBe(0);
    expect(out.history.map((h) => [h.userId, h.type, h.description, h.journalId])).toEqual([
      [alice, 'debit', 'to Bob', out.journalId],
      [bob, 'credit', 'from Alice', out.journalId],
    ]);
    const stored = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM transactions WHERE journal_id = ${out.journalId}`,
    );
    expect(Number(stored[0]?.n)).toBe(2);
    expect(await balance(bob)).toBe(500);
    await drained();
    expect(naming(bob).length - before).toBe(1);
    expect(JSON.parse(naming(bob).at(-1) ?? '{}')).toEqual({
      userIds: expect.arrayContaining([alice, bob]),
      topics: ['wallet', 'transactions'],
    });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('replays a booked key with its first rows and moves nothing twice; another body under the key is refused', async () => {
    const key = randomUUID();
    const first = await book(ctx.db, payment(100, key));
    const bobBefore = await balance(bob);
    const again = await book(ctx.db, payment(100, key));
    expect(first.outcome).toBe('booked');
    expect(again.outcome).toBe('replay');
    if (first.outcome !== 'booked' || again.outcome !== 'replay') return;
    expect(again.history.map((h) => h.id)).toEqual(first.history.map((h) => h.id));
    expect(again.response).toEqual({ journalId: first.journalId, transactionIds: first.history.map((h) => h.id) });
    expect(await balance(bob)).toBe(bobBefore);
    expect(await book(ctx.db, payment(100, key, 'request-b'))).toEqual({ outcome: 'key_reused' });
    expect(await balance(bob)).toBe(bobBefore);
  });

  it('refuses a debit the balance cannot cover with the account as data, moves nothing and leaves the key free', async () => {
    const key = randomUUID();
    const aliceBefore = await balance(alice);
    const err = await book(ctx.db, payment(aliceBefore, key)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFunds);
    const [account] = await rows<{ id: string | number }>(
      ctx.db,
      sql`SELECT id FROM accounts WHERE user_id = ${alice} AND kind = 'balance'`,
    );
    expect((err as InsufficientFunds).accountId).toBe(Number(account?.id));
    expect(await balance(alice)).toBe(aliceBefore);
    expect(await keyRow(key)).toHaveLength(0);
    expect((await book(ctx.db, payment(10, key))).outcome).toBe('booked');
  });

  it('answers a refusal decided by the caller after the key check, claiming nothing', async () => {
    const key = randomUUID();
    const bobBefore = await balance(bob);
    expect(await book(ctx.db, { ...payment(5, key), refusal: 'no_one' })).toEqual({
      outcome: 'refused',
      reason: 'no_one',
    });
    expect(await keyRow(key)).toHaveLength(0);
    expect(await balance(bob)).toBe(bobBefore);
    // Its key stayed free; once taken, the key is answered before any refusal: a retry replays.
    expect((await book(ctx.db, payment(5, key))).outcome).toBe('booked');
    expect((await book(ctx.db, { ...payment(5, key), refusal: 'no_one' })).outcome).toBe('replay');
    expect(await balance(bob)).toBe(bobBefore + 5);
  });

  it('refuses a journal that does not sum to zero', async () => {
    const bad = payment(10);
    bad.postings = bad.postings.slice(0, 2);
    await expect(book(ctx.db, bad)).rejects.toMatchObject({ cause: { code: '22023' } });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('refuses a history row for a user who does not exist, moving nothing', async () => {
    const before = [await balance(alice), await balance(bob)];
    const bad = payment(10);
    bad.history = bad.history.map((line, i) => (i === 1 ? { ...line, userId: 'no-such-user' } : line));
    await expect(book(ctx.db, bad)).rejects.toMatchObject({ cause: { code: '22023' } });
    expect([await balance(alice), await balance(bob)]).toEqual(before);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('books concurrent duplicates of one request once and answers every copy with the first booking', async () => {
    const key = randomUUID();
    const bobBefore = await balance(bob);
    const outs = await Promise.all(Array.from({ length: 8 }, () => book(ctx.db, payment(7, key))));
    expect(outs.filter((o) => o.outcome === 'booked')).toHaveLength(1);
    expect(outs.filter((o) => o.outcome === 'replay')).toHaveLength(7);
    const ids = new Set(outs.map((o) => (o.outcome === 'booked' || o.outcome === 'replay' ? o.history[0]?.id : null)));
    expect(ids.size).toBe(1);
    expect(await balance(bob)).toBe(bobBefore + 7);
  });
});

describe('bookOnce() and bookIn(): an operation that does more in its own transaction', () => {
  it('runs once per key, replays the stored answer, refuses another request and frees the key of a failure', async () => {
    const key = randomUUID();
    const claim = { userId: alice, key, requestHash: 'op-1' };
    let runs = 0;
    const op = () =>
      ctx.db.transaction((tx) =>
        bookOnce(tx as never, claim, async (t) => {
          runs += 1;
          const booked = await bookIn(t, { ...payment(3), topics: null });
          return { journalId: booked.journalId };
        }),
      );
    const first = await op();
    expect(await op()).toEqual(first);
    expect(runs).toBe(1);
    expect(await keyRow(key)).toEqual([{ response: { answer: first } }]);
    await expect(
      ctx.db.transaction((tx) => bookOnce(tx as never, { ...claim, requestHash: 'op-2' }, async () => 1)),
    ).rejects.toBeInstanceOf(IdempotencyKeyReused);

    const failing = { userId: alice, key: randomUUID(), requestHash: 'op-3' };
    await expect(
      ctx.db.transaction((tx) =>
        bookOnce(tx as never, failing, async (t) => bookIn(t, { ...payment(10_000_000), topics: null })),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await keyRow(failing.key)).toHaveLength(0);
  });
});

describe('the money tables', () => {
  it.each([
    ['a raw journal', sql`INSERT INTO journals (kind) VALUES ('raw')`],
    ['a raw balance change', sql`UPDATE accounts SET balance_cents = balance_cents + 100 WHERE kind = 'balance'`],
    ['a raw account', sql`INSERT INTO accounts (user_id, kind) VALUES (NULL, 'raw')`],
    ['a raw account removal', sql`DELETE FROM accounts WHERE kind = 'raw'`],
    ['a raw entry', sql`INSERT INTO entries (journal_id, account_id, amount_cents) VALUES (1, 1, 1)`],
  ])('refuse %s written without book()', async (_, statement) => {
    await expect(ctx.db.execute(statement)).rejects.toMatchObject({ cause: { code: 'ML002' } });
  });

  it('refuse a raw write after a booking in the same transaction (the flag lives only inside ledger_book)', async () => {
    const err = await ctx.db
      .transaction(async (tx) => {
        await bookIn(tx as never, { ...payment(1), topics: null });
        await tx.execute(sql`UPDATE accounts SET balance_cents = balance_cents + 1 WHERE user_id = ${bob}`);
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ cause: { code: 'ML002' } });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('refuse a journal whose entries do not sum to zero, even written with the ledger flag on', async () => {
    const err = await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('meridian.booking', 'on', true)`);
        const [journal] = await rows<{ id: string | number }>(
          tx as never,
          sql`INSERT INTO journals (kind) VALUES ('lopsided') RETURNING id`,
        );
        const [account] = await rows<{ id: string | number }>(
          tx as never,
          sql`SELECT id FROM accounts WHERE user_id = ${bob} AND kind = 'balance'`,
        );
        await tx.execute(
          sql`INSERT INTO entries (journal_id, account_id, amount_cents) VALUES (${journal?.id}, ${account?.id}, 5)`,
        );
      })
      .catch((e: unknown) => e);
    expect(String((err as { cause?: { message?: string } }).cause?.message)).toMatch(/does not sum to zero/);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it.each([
    ['an entry', [5]],
    ['entries that do not add up to zero', [5, 5, -7]],
  ])('refuse %s added to a booked journal by a later statement: each statement must add zero', async (_, amounts) => {
    const booked = await book(ctx.db, payment(3));
    if (booked.outcome !== 'booked') throw new Error('expected a booking');
    const err = await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('meridian.booking', 'on', true)`);
        const [account] = await rows<{ id: string | number }>(
          tx as never,
          sql`SELECT id FROM accounts WHERE user_id = ${bob} AND kind = 'balance'`,
        );
        const values = amounts.map((a) => sql`(${booked.journalId}, ${account?.id}, ${a})`);
        await tx.execute(
          sql`INSERT INTO entries (journal_id, account_id, amount_cents) VALUES ${sql.join(values, sql`, `)}`,
        );
      })
      .catch((e: unknown) => e);
    expect(String((err as { cause?: { message?: string } }).cause?.message)).toMatch(/does not sum to zero/);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it.each([
    ['an account', 'journal', 'missing'],
    ['a journal', 'missing', 'account'],
  ])(
    'refuse a balanced journal whose entry names %s that does not exist, even with the ledger flag on',
    async (_, journalRef, accountRef) => {
      const err = await ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('meridian.booking', 'on', true)`);
          const [journal] = await rows<{ id: string | number }>(
            tx as never,
            sql`INSERT INTO journals (kind) VALUES ('orphan') RETURNING id`,
          );
          const [account] = await rows<{ id: string | number }>(
            tx as never,
            sql`SELECT id FROM accounts WHERE user_id = ${bob} AND kind = 'balance'`,
          );
          const journalId = journalRef === 'journal' ? journal?.id : -1;
          const accountId = accountRef === 'account' ? account?.id : -1;
          await tx.execute(
            sql`INSERT INTO entries (journal_id, account_id, amount_cents)
              VALUES (${journalId}, ${account?.id}, 5), (${journalId}, ${accountId}, -5)`,
          );
        })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ cause: { code: 'ML003' } });
      expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
    },
  );
});

describe('a booked journal’s answer', () => {
  it('answers a booked journal’s history rows exactly as they are stored, though it reads none back', async () => {
    const out = await book(ctx.db, payment(125));
    if (out.outcome !== 'booked') throw new Error(`not booked: ${out.outcome}`);
    const stored = await ctx.db.select().from(transactions).where(eq(transactions.journalId, out.journalId));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(out.history).toHaveLength(2);
    expect([...out.history].sort(byId)).toEqual([...stored].sort(byId));
  });
});
