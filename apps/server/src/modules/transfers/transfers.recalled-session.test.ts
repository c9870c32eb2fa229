import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newKey } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * POST /api/transfers does not read a session this node read a moment ago (the guard recalls it); the
 * booking checks it instead, in the transaction that would move the money. Whatever happened to the
 * session or its user in between, the request gets the answer a fresh read would have given it.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const recalled = () => ctx.app.deps.rememberedSessions.stats.recalled;

/** A funded sender whose session this node has just read, and a recipient. */
async function pair() {
  const alice = await fundedUser(ctx, 100_000, { name: 'Alice Smith' });
  const bob = await fundedUser(ctx, 0);
  // Read, and so remembered: GET /api/me goes through the reader.
  expect((await alice.client.request('GET', '/api/me')).statusCode).toBe(200);
  return { alice, bob };
}

const balanceOf = async (userId: string) =>
  Number(
    (
      await rows<{ c: string }>(
        ctx.db,
        sql`SELECT balance_cents::text AS c FROM accounts WHERE user_id = ${userId} AND kind = 'balance'`,
      )
    )[0]?.c,
  );

type Pair = Awaited<ReturnType<typeof pair>>;

/** $10 from Alice to Bob under a new key: the answer, whether the session was recalled, what moved. */
async function attempt({ alice, bob }: Pair) {
  const key = newKey();
  const before = recalled();
  const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 1_000 }, key);
  const [claimed] = await rows<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = ${alice.id} AND key = ${key}`,
  );
  return {
    res,
    facts: {
      recalled: recalled() - before,
      claimed: claimed?.n === 1,
      senderCents: await balanceOf(alice.id),
      recipientCents: await balanceOf(bob.id),
    },
  };
}

describe('a transfer on a session this node read a moment ago', () => {
  it('is not read again, and books', async () => {
    const { alice, bob } = await pair();
    const before = recalled();
    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 1_000 });
    expect(res.statusCode).toBe(201);
    expect(recalled()).toBe(before + 1);
    expect((await bob.wallet()).balanceCents).toBe(1_000);
  });

  it('signed out since (its session gone): 401, and nothing is moved or claimed', async () => {
    const people = await pair();
    // As if signed out on another node: this node still remembers the session.
    await ctx.db.execute(sql`DELETE FROM sessions WHERE user_id = ${people.alice.id}`);
    const { res, facts } = await attempt(people);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: messages.notSignedIn });
    expect(facts).toEqual({ recalled: 1, claimed: false, senderCents: 100_000, recipientCents: 0 });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('its user deactivated since: 403, and nothing is moved or claimed', async () => {
    const people = await pair();
    // Straight in the table, as another node's transaction would leave it (without signing out).
    await ctx.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${people.alice.id}`);
    const { res, facts } = await attempt(people);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_INACTIVE', message: messages.accountNotActive });
    expect(facts).toEqual({ recalled: 1, claimed: false, senderCents: 100_000, recipientCents: 0 });
  });

  it('its user renamed since: books under the new name, in the recipient’s history too', async () => {
    const { alice, bob } = await pair();
    await ctx.db.execute(sql`UPDATE users SET name = 'Alice Jones' WHERE id = ${alice.id}`);
    const before = recalled();
    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 500 });
    expect(res.statusCode).toBe(201);
    expect(recalled()).toBe(before + 1);
    const history = (await bob.client.request('GET', '/api/transactions')).json();
    expect(history.items[0]).toMatchObject({
      type: 'credit',
      amountCents: 500,
      description: 'Transfer from Alice Jones',
    });
    expect((await bob.wallet()).balanceCents).toBe(500);
    expect((await alice.wallet()).balanceCents).toBe(100_000 - 500 - 10);
  });

  it('its session now another user’s: checked by token and sender together, then read afresh as that user', async () => {
    const { alice, bob } = await pair();
    const other = await fundedUser(ctx, 0);
    // Alice's token now names another user: the check matches token and sender together.
    await ctx.db.execute(sql`UPDATE sessions SET user_id = ${other.id} WHERE user_id = ${alice.id}`);
    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 700 });
    // Read afresh, the cookie now names the other user, who has no money to send.
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect((await bob.wallet()).balanceCents).toBe(0);
  });
});
