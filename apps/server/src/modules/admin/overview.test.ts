import { OVERVIEW_FLOW_DAYS } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { rows } from '../../lib/sql.js';
import { TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { filedDeposit, filedWithdrawal, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { booksSummary } from './overview.queries.js';

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

let ctx: TestContext;
let admin: TestClient;
const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
let bobEmail = '';

/**
 * A known scenario on a fresh database: the seeded admin; Alice funded $1,000 and Bob $500 (audited
 * adjustments against external); Carol inactive; Dave inactive and ten days old. Alice sends Bob $100
 * (fee $2), invests $200, files deposits of $150 (approved two days ago), $250 (pending) and $100
 * (rejected). Bob asks to withdraw $200 (pending) and $100 (paid out today).
 */
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAdmin(ctx)).client;
  const ops = ctx.app.deps.operations;
  const alice = await fundedUser(ctx, 100_000);
  const bob = await fundedUser(ctx, 50_000);
  bobEmail = bob.body.email;
  await new TestClient(ctx.app).register();
  const dave = await new TestClient(ctx.app).register();
  await ctx.db.execute(sql`UPDATE users SET created_at = now() - interval '10 days' WHERE email = ${dave.email}`);

  expect(
    (await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 10_000 })).statusCode,
  ).toBe(201);
  expect((await alice.money('POST', '/api/investments', { planId: 'starter', amountCents: 20_000 })).statusCode).toBe(
    201,
  );
  const approved = await filedDeposit(alice, 15_000);
  await filedDeposit(alice, 25_000);
  const rejected = await filedDeposit(alice, 10_000);
  await ops.deposits?.approve(ctx.db, approved, 'test', twoDaysAgo);
  await ops.deposits?.reject(ctx.db, rejected, 'No payment', 'test', new Date());
  await filedWithdrawal(ctx, bob, 20_000);
  const paid = await filedWithdrawal(ctx, bob, 10_000);
  await ops.withdrawals?.approve(ctx.db, paid, 'test', new Date());
});
afterAll(() => ctx.close());

const overview = async () => {
  const res = await admin.request('GET', '/api/admin/overview');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/admin/overview', () => {
  it('counts users by state, and those of the last seven days', async () => {
    expect((await overview()).users).toEqual({ total: 5, active: 3, inactive: 2, admins: 1, newThisWeek: 4 });
  });

  it('counts and sums the pending deposits and withdrawals', async () => {
    expect((await overview()).pending).toEqual({
      deposits: { count: 1, totalCents: 25_000 },
      withdrawals: { count: 1, totalCents: 20_000 },
    });
  });

  it('sums the books: what users hold by kind, fee revenue, money in less money out, and finds them balanced', async () => {
    const books = (await overview()).books;
    expect(books).toEqual({
      // Alice 100,000 - 10,200 - 20,000 + 15,000; Bob 50,000 + 10,000 - 20,000 - 10,000.
      balanceCents: 84_800 + 30_000,
      profitCents: 0,
      bonusCents: 0,
      referralBonusCents: 0,
      investedCents: 20_000,
      withdrawalHoldCents: 20_000,
      feeRevenueCents: 200,
      // 150,000 funded + 15,000 deposited - 10,000 paid out.
      externalNetCents: 155_000,
      balanced: true,
      problems: 0,
    });
    // What came in equals what users hold plus what the platform earned.
    expect(books.balanceCents + books.investedCents + books.withdrawalHoldCents + books.feeRevenueCents).toBe(
      books.externalNetCents,
    );
  });

  it('counts a cached balance off its entries and a journal that does not sum to zero as problems', async () => {
    const broken = await ctx.db
      .transaction(async (tx) => {
        const db = tx as unknown as Db;
        // Only possible by switching the ledger's guards off, in a transaction rolled back below.
        await db.execute(sql`SELECT set_config('meridian.booking', 'on', true)`);
        await db.execute(sql`
          UPDATE accounts SET balance_cents = balance_cents + 1
           WHERE id = (SELECT id FROM accounts WHERE user_id IS NOT NULL AND kind = 'balance' ORDER BY id LIMIT 1)`);
        await db.execute(sql`ALTER TABLE entries DISABLE TRIGGER USER`);
        await db.execute(sql`
          INSERT INTO entries (journal_id, account_id, amount_cents)
          SELECT (SELECT max(id) FROM journals), id, 5 FROM accounts WHERE user_id IS NULL AND kind = 'fee_revenue'`);
        const summary = await booksSummary(db);
        throw Object.assign(new Error('roll back'), { summary });
      })
      .catch((err: { summary?: unknown }) => err.summary);
    expect(broken).toMatchObject({ balanced: false, problems: 2, feeRevenueCents: 205 });
    expect((await overview()).books).toMatchObject({ balanced: true, problems: 0, feeRevenueCents: 200 });
  });

  it('gives 30 UTC days of money in and out, oldest first, today last, quiet days as zero', async () => {
    const today = utcDay(new Date());
    const flows = (await overview()).flows as { day: string; depositsCents: number; withdrawalsCents: number }[];
    expect(flows).toHaveLength(OVERVIEW_FLOW_DAYS);
    expect(flows[flows.length - 1]?.day).toBe(today);
    flows.forEach((f, i) => {
      if (i > 0) expect(Date.parse(f.day) - Date.parse(flows[i - 1]?.day ?? '')).toBe(DAY_MS);
    });
    const moving = flows.filter((f) => f.depositsCents !== 0 || f.withdrawalsCents !== 0);
    expect(moving).toEqual([
      { day: utcDay(twoDaysAgo), depositsCents: 15_000, withdrawalsCents: 0, netCents: 15_000 },
      { day: today, depositsCents: 0, withdrawalsCents: 10_000, netCents: -10_000 },
    ]);
  });

  it('lists the ten newest audit entries, newest first, with their target', async () => {
    const recent = (await overview()).recent as { id: number; action: string; targetEmail: string | null }[];
    const newest = await rows<{ id: number }>(
      ctx.db,
      sql`SELECT id::int AS id FROM audit_log ORDER BY id DESC LIMIT 10`,
    );
    expect(recent.map((e) => e.id)).toEqual(newest.map((r) => r.id));
    expect(recent[0]).toMatchObject({ action: 'withdrawal.approve', actor: 'test', targetEmail: bobEmail });
  });
});
