import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail, type UserRow } from '../../core/users/users.queries.js';
import { plans } from '../../db/schema/index.js';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import { rows } from '../../lib/sql.js';
import { booksInvariants, fundByEmail, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { accrueInvestment, runAccrual } from './accrual.service.js';
import { lockInvestment } from './investments.queries.js';
import { claimAllProfits, endInvestment, invest } from './investments.service.js';
import { DAY_MS, profitForDay } from './profit.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

async function member(): Promise<UserRow> {
  const u = await fundedUser(ctx, 0);
  const row = await findUserByEmail(ctx.db, u.body.email);
  if (!row) throw new Error('no user');
  return row;
}

interface Terms {
  amountCents: number;
  profitBps: number;
  durationDays: number;
}

/** A plan of its own for each investment (one active investment per plan per member), funded and made at `at`. */
async function investAt(user: UserRow, terms: Terms, at: Date): Promise<string> {
  const id = `p-${randomUUID()}`;
  await ctx.db.insert(plans).values({
    id,
    name: id,
    minCents: 1,
    maxCents: Number.MAX_SAFE_INTEGER,
    durationDays: terms.durationDays,
    profitBps: terms.profitBps,
    minRoiBps: terms.profitBps,
    maxRoiBps: terms.profitBps,
  });
  await fundByEmail(ctx, user.email, terms.amountCents);
  return (await moneyTransaction(ctx.db, (tx) => invest(tx, user, id, terms.amountCents, at))).id;
}

/** Each investment as it stands, with its accrual rows (day and the profit its journal paid, or null). */
async function standing(ids: readonly string[]) {
  return Promise.all(
    ids.map(async (id) => {
      const [inv] = await rows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT days_accrued, profit_cents, status, ended_at FROM investments WHERE id = ${id}`,
      );
      const days = await rows<{ day: number; paid: string | number | null }>(
        ctx.db,
        sql`SELECT a.day, (SELECT e.amount_cents FROM entries e WHERE e.journal_id = a.journal_id AND e.amount_cents > 0)
              AS paid
            FROM accruals a WHERE a.investment_id = ${id} ORDER BY a.day`,
      );
      const [capital] = await rows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM journals j JOIN entries e ON e.journal_id = j.id
            JOIN accounts a ON a.id = e.account_id
            WHERE j.kind = 'capital_return' AND a.kind = 'invested'
              AND j.user_id = (SELECT user_id FROM investments WHERE id = ${id})
              AND -e.amount_cents = (SELECT amount_cents FROM investments WHERE id = ${id})`,
      );
      return {
        daysAccrued: Number(inv?.days_accrued),
        profitCents: Number(inv?.profit_cents),
        status: inv?.status,
        endedAt: inv?.ended_at ? new Date(String(inv.ended_at)).getTime() : null,
        days: days.map((d) => [d.day, d.paid === null ? null : Number(d.paid)]),
        capitalReturns: Number(capital?.n),
      };
    }),
  );
}

/** A member's balances by kind, straight from the accounts. */
async function balances(userId: string) {
  const found = await rows<{ kind: string; balance_cents: string | number }>(
    ctx.db,
    sql`SELECT kind, balance_cents FROM accounts WHERE user_id = ${userId} ORDER BY kind`,
  );
  return Object.fromEntries(found.map((r) => [r.kind, Number(r.balance_cents)]));
}

const exactProfit = (t: Terms, days: number) => {
  let sum = 0;
  for (let d = 1; d <= days; d++) sum += profitForDay(t.amountCents, t.profitBps, t.durationDays, d);
  return sum;
};

describe('the batch accrual', () => {
  it('pays each investment-day exactly once and returns each capital once, with two runners at once', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => member()));
    const start = new Date(Date.now() - 40 * DAY_MS);
    const made: { id: string; user: UserRow; terms: Terms }[] = [];
    for (let i = 0; i < 30; i++) {
      const user = people[i % people.length] as UserRow;
      const terms = { amountCents: 10_000 + i * 7_919, profitBps: 300 + i * 97, durationDays: 3 + (i % 9) * 3 };
      made.push({ id: await investAt(user, terms, new Date(start.getTime() + i * 3_600_000)), user, terms });
    }
    const now = new Date(start.getTime() + 20 * DAY_MS);
    // On PostgreSQL the three runners (two shares and a third runner) work at once, each in its own
    // connection; PGlite interleaves their batches.
    const [a, b] = await Promise.all([
      runAccrual(ctx.db, now, { batchSize: 4, workers: 2 }),
      runAccrual(ctx.db, now, { batchSize: 3 }),
    ]);
    // One claim brings an investment fully up to date: each is advanced by exactly one runner.
    expect((a ?? 0) + (b ?? 0)).toBe(made.length);
    expect(await runAccrual(ctx.db, now, { batchSize: 4, workers: 2 })).toBe(0);

    const after = await standing(made.map((m) => m.id));
    made.forEach((m, i) => {
      const due = Math.min(m.terms.durationDays, 20 - Math.ceil((i * 3_600_000) / DAY_MS));
      const expected = Array.from({ length: due }, (_, d) => {
        const paid = profitForDay(m.terms.amountCents, m.terms.profitBps, m.terms.durationDays, d + 1);
        return [d + 1, paid > 0 ? paid : null];
      });
      expect(after[i]).toMatchObject({
        daysAccrued: due,
        profitCents: exactProfit(m.terms, due),
        status: due === m.terms.durationDays ? 'completed' : 'active',
        days: expected,
        capitalReturns: due === m.terms.durationDays ? 1 : 0,
      });
    });
    for (const p of people) {
      const mine = made.map((m, i) => ({ ...m, due: after[i]?.daysAccrued ?? 0 })).filter((m) => m.user.id === p.id);
      const matured = mine.filter((m) => m.due === m.terms.durationDays);
      expect(matured.length).toBeGreaterThan(0);
      expect(await balances(p.id)).toMatchObject({
        profit: mine.reduce((s, m) => s + exactProfit(m.terms, m.due), 0),
        balance: matured.reduce((s, m) => s + m.terms.amountCents, 0),
        invested: mine.filter((m) => !matured.includes(m)).reduce((s, m) => s + m.terms.amountCents, 0),
      });
    }
    expect(after.some((x) => x.status === 'active')).toBe(true);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  }, 120_000);

  it('races members ending investments and claiming profit: every day still paid once, every capital back once', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => member()));
    const start = new Date(Date.now() - 30 * DAY_MS);
    const made: { id: string; user: UserRow; terms: Terms }[] = [];
    for (let i = 0; i < 24; i++) {
      const user = people[i % people.length] as UserRow;
      const terms = { amountCents: 50_000 + i * 1_013, profitBps: 1_000 + i * 31, durationDays: 10 + (i % 25) };
      made.push({ id: await investAt(user, terms, new Date(start.getTime() - i * 60_000)), user, terms });
    }
    const now = new Date(start.getTime() + 20 * DAY_MS);
    const attempt = (fn: () => Promise<unknown>) => fn().catch((err: unknown) => err);
    // The job with small batches, against every third investment ended and every member claiming.
    const outcomes = await Promise.all([
      runAccrual(ctx.db, now, { batchSize: 2, workers: 2 }),
      ...made
        .filter((_, i) => i % 3 === 0)
        .map((m) => attempt(() => moneyTransaction(ctx.db, (tx) => endInvestment(tx, m.user, m.id, now)))),
      ...people.map((p) => attempt(() => moneyTransaction(ctx.db, (tx) => claimAllProfits(tx, p, now)))),
    ]);
    for (const o of outcomes.slice(1)) if (o instanceof Error) expect(o.message).not.toMatch(/deadlock|duplicate/i);
    await runAccrual(ctx.db, now, { batchSize: 5 });

    const after = await standing(made.map((m) => m.id));
    made.forEach((m, i) => {
      const due = Math.min(m.terms.durationDays, 20);
      expect(after[i]).toMatchObject({
        daysAccrued: due,
        profitCents: exactProfit(m.terms, due),
        status:
          i % 3 === 0 && due < m.terms.durationDays ? 'ended' : due === m.terms.durationDays ? 'completed' : 'active',
        capitalReturns: i % 3 === 0 || due === m.terms.durationDays ? 1 : 0,
      });
      expect(after[i]?.days.map(([d]) => d)).toEqual(Array.from({ length: due }, (_, d) => d + 1));
    });
    // What was earned is in profit or was claimed into balance, once: nothing made or lost.
    for (const p of people) {
      const mine = made.map((m, i) => ({ ...m, s: after[i] })).filter((m) => m.user.id === p.id);
      const b = await balances(p.id);
      const earned = mine.reduce((sum, m) => sum + (m.s?.profitCents ?? 0), 0);
      const back = mine.filter((m) => m.s?.capitalReturns === 1).reduce((sum, m) => sum + m.terms.amountCents, 0);
      const still = mine.filter((m) => m.s?.status === 'active').reduce((sum, m) => sum + m.terms.amountCents, 0);
      expect((b.profit ?? 0) + (b.balance ?? 0)).toBe(earned + back);
      expect(b.invested).toBe(still);
    }
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  }, 120_000);

  it('books exactly what the one-by-one accrual books, over any batch boundaries', async () => {
    // Two worlds of members with the same investments: the reference brings world B up to each
    // moment one investment at a time (accrueInvestment, as ending an investment does), then the
    // batch job brings world A there; every balance, investment and accrual row must agree.
    const worldA = await Promise.all(Array.from({ length: 3 }, () => member()));
    const worldB = await Promise.all(Array.from({ length: 3 }, () => member()));
    let base = Date.now() + DAY_MS;
    const terms = fc.record({
      user: fc.integer({ min: 0, max: 2 }),
      amountCents: fc.oneof(fc.integer({ min: 1, max: 2_000_000_000 }), fc.integer({ min: 1, max: 500 })),
      profitBps: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1, 9_999)),
      durationDays: fc.integer({ min: 1, max: 20 }),
      startMs: fc.integer({ min: 0, max: 4 * DAY_MS }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(terms, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 9 * DAY_MS }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        async (investments, steps, batchSize, workers) => {
          const t0 = base;
          const made: { a: string; b: string }[] = [];
          for (const t of investments) {
            const at = new Date(t0 + t.startMs);
            const a = await investAt(worldA[t.user] as UserRow, t, at);
            const b = await investAt(worldB[t.user] as UserRow, t, at);
            made.push({ a, b });
          }
          // The moments the job runs at, the last one past every maturity (nothing left for the next run).
          const moments: number[] = [];
          let at = t0;
          for (const s of steps) {
            at += s;
            moments.push(at);
          }
          moments.push(t0 + 4 * DAY_MS + 21 * DAY_MS);
          for (const m of moments) {
            const now = new Date(m);
            for (const { b } of made) {
              await moneyTransaction(ctx.db, async (tx) => {
                const inv = await lockInvestment(tx, b);
                if (inv) await accrueInvestment(tx, inv, now);
              });
            }
            await runAccrual(ctx.db, now, { batchSize, workers });
            expect(await standing(made.map((x) => x.a))).toEqual(await standing(made.map((x) => x.b)));
            for (let u = 0; u < worldA.length; u++)
              expect(await balances((worldA[u] as UserRow).id)).toEqual(await balances((worldB[u] as UserRow).id));
          }
          base = moments.at(-1) as number;
        },
      ),
      { numRuns: 15 },
    );
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  }, 600_000);
});
