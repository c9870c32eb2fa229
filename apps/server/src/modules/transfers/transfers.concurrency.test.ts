import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newKey } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// The full load on PostgreSQL (the second pass of `npm test`); PGlite is one connection, so there
// the same test runs a smaller load through the same code.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const USERS = 20;
const TRANSFERS = onPostgres ? 2_000 : 300;
const CLIENTS = 50;
const START_CENTS = 100_000;

let ctx: TestContext;
let people: Awaited<ReturnType<typeof fundedUser>>[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  people = [];
  for (let i = 0; i < USERS; i++) people.push(await fundedUser(ctx, START_CENTS));
}, 120_000);
afterAll(() => ctx.close());

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

describe(`${TRANSFERS} concurrent transfers among ${USERS} users from ${CLIENTS} clients`, () => {
  it('conserve money to the cent, never overdraw, apply each key once, and never surface a deadlock', async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const tasks: (() => Promise<{ status: number; key: string; code?: string }>)[] = [];
    for (let i = 0; i < TRANSFERS; i++) {
      const from = Math.floor(random() * USERS);
      const to = (from + 1 + Math.floor(random() * (USERS - 1))) % USERS;
      // Some amounts exceed any balance; most fit.
      const amountCents = random() < 0.1 ? 150_000 + Math.floor(random() * 50_000) : 1 + Math.floor(random() * 20_000);
      const key = newKey();
      const sender = people[from];
      const recipient = people[to];
      if (!sender || !recipient) throw new Error('missing user');
      const send = async () => {
        const res = await sender.money(
          'POST',
          '/api/transfers',
          { recipientEmail: recipient.body.email, amountCents },
          key,
        );
        return { status: res.statusCode, key, code: res.statusCode === 201 ? undefined : res.json().error?.code };
      };
      tasks.push(send);
      if (i % 5 === 0) tasks.push(send); // a fifth are retried with the same key, concurrently
    }
    const results = await pool(tasks, CLIENTS);

    const unexpected = results.filter((r) => r.status !== 201 && r.code !== 'INSUFFICIENT_BALANCE');
    expect(unexpected).toEqual([]);

    const succeededKeys = new Set(results.filter((r) => r.status === 201).map((r) => r.key));
    const [journals] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM journals WHERE kind = 'transfer'`,
    );
    expect(journals?.n).toBe(succeededKeys.size);

    const [money] = await rows<{ users: string | number; fees: string | number }>(
      ctx.db,
      sql`SELECT
        (SELECT COALESCE(SUM(balance_cents), 0) FROM accounts WHERE user_id IS NOT NULL AND kind = 'balance') AS users,
        (SELECT COALESCE(SUM(e.amount_cents), 0) FROM entries e JOIN accounts a ON a.id = e.account_id
           WHERE a.user_id IS NULL AND a.kind = 'fee_revenue') AS fees`,
    );
    expect(Number(money?.users) + Number(money?.fees)).toBe(USERS * START_CENTS);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  }, 300_000);
});
