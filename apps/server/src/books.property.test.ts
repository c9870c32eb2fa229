import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail, type UserRow } from './core/users/users.queries.js';
import { walletOf } from './ledger/balances.js';
import { moneyTransaction } from './ledger/money-transaction.js';
import { TransferCommitter } from './ledger/transfer-committer.js';
import { AppError } from './lib/app-error.js';
import { runAccrual } from './modules/investments/accrual.service.js';
import { listVisibleInvestments } from './modules/investments/investments.queries.js';
import { claimAllProfits, endInvestment, invest } from './modules/investments/investments.service.js';
import { transfer } from './modules/transfers/transfers.service.js';
import { movableClock } from './test/clock.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from './test/money.js';
import { createTestApp, type TestContext } from './test/test-app.js';

const clock = movableClock();
let ctx: TestContext;
/** Each transfer alone in its own transaction, by the test's clock. */
let transfers: TransferCommitter;
const people: UserRow[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, clock);
  transfers = new TransferCommitter(ctx.db, { maxBatch: 1, clock });
  for (let i = 0; i < 4; i++) {
    const u = await fundedUser(ctx, 3_000_000, i > 0 && people[0] ? { referrerId: people[0].referralId } : {});
    const row = await findUserByEmail(ctx.db, u.body.email);
    if (row) people.push(row);
  }
}, 120_000);
afterAll(() => ctx.close());

const who = fc.integer({ min: 0, max: 3 });
const amount = fc.oneof(fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom(10_000, 99_999, 100_000, 2_000_000));
const op = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), referrer: who }),
  fc.record({
    kind: fc.constant('invest' as const),
    user: who,
    plan: fc.constantFrom('starter', 'silver', 'gold', 'platinum'),
    amount,
  }),
  fc.record({ kind: fc.constant('accrue' as const), days: fc.integer({ min: 0, max: 12 }) }),
  fc.record({ kind: fc.constant('claim' as const), user: who }),
  fc.record({ kind: fc.constant('end' as const), user: who, pick: fc.nat() }),
  fc.record({ kind: fc.constant('transfer' as const), from: who, to: who, amount }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Applies one operation; a refusal with a clear AppError is a legitimate outcome, anything else is a bug. */
async function apply(o: Op): Promise<void> {
  const person = (i: number) => people[i % people.length] as UserRow;
  const attempt = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    }
  };
  switch (o.kind) {
    case 'register': {
      await fundedUser(ctx, 0, { referrerId: person(o.referrer).referralId });
      return;
    }
    case 'invest':
      return attempt(() => moneyTransaction(ctx.db, (tx) => invest(tx, person(o.user), o.plan, o.amount, clock.now())));
    case 'accrue':
      clock.advanceDays(o.days);
      await runAccrual(ctx.db, clock.now());
      return;
    case 'claim':
      return attempt(() => moneyTransaction(ctx.db, (tx) => claimAllProfits(tx, person(o.user), clock.now())));
    case 'end': {
      const mine = (await listVisibleInvestments(ctx.db, person(o.user).id)).filter((i) => i.status === 'active');
      const target = mine[o.pick % Math.max(1, mine.length)];
      if (!target) return;
      return attempt(() => moneyTransaction(ctx.db, (tx) => endInvestment(tx, person(o.user), target.id, clock.now())));
    }
    case 'transfer':
      return attempt(() =>
        transfer(
          transfers,
          { recipientEmail: person(o.to).email, amountCents: o.amount },
          {
            sender: person(o.from),
            idempotencyKey: randomUUID(),
            requestHash: 'property-test',
            feeBps: 200,
            readSenderAgain: () => Promise.reject(new Error('a sender read afresh is never read again')),
          },
        ),
      );
  }
}

describe('the books under random operations', () => {
  it('stay balanced: every journal sums to zero, no user account goes negative, wallets equal their entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          await apply(o);
          expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
        }
        for (const p of people) {
          const w = await walletOf(ctx.db, p.id);
          for (const v of Object.values(w)) expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
