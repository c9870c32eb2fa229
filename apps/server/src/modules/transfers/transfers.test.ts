import { messages, moneyMessages } from '@meridian/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOf } from '../../ledger/index.js';
import { newKey, TestClient } from '../../test/client.js';
import { booksInvariants, fundByEmail, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('transfers', () => {
  it('debits amount + 2% from the sender, credits the amount, and writes both history rows', async () => {
    const alice = await fundedUser(ctx, 100_000);
    const bob = await fundedUser(ctx, 0, { name: 'Bob Builder' });
    const recipient = await alice.client.request(
      'GET',
      `/api/transfers/recipient?email=${encodeURIComponent(bob.body.email)}`,
    );
    expect(recipient.json()).toEqual({ name: 'Bob Builder', email: bob.body.email });

    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 12_345 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'debit',
      mode: 'transfer',
      amountCents: 12_345,
      feeCents: 247,
      status: 'success',
    });
    expect((await alice.wallet()).balanceCents).toBe(100_000 - 12_345 - 247);
    expect((await bob.wallet()).balanceCents).toBe(12_345);
    const bobHistory = (await bob.client.request('GET', '/api/transactions')).json();
    expect(bobHistory.items[0]).toMatchObject({ type: 'credit', mode: 'transfer', amountCents: 12_345 });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('names the recipient with their e-mail as stored, not as the sender typed it', async () => {
    const alice = await fundedUser(ctx, 0);
    const bob = await fundedUser(ctx, 0, { name: 'Bob Stored', email: `Bob.Stored-${Date.now()}@Example.COM` });
    const stored = (await bob.client.request('GET', '/api/me')).json().email;
    const typed = `  ${bob.body.email.toUpperCase()} `;
    const res = await alice.client.request('GET', `/api/transfers/recipient?email=${encodeURIComponent(typed)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Bob Stored', email: stored });
    expect(stored).not.toBe(typed);
  });

  it('refuses a transfer the balance cannot cover including the fee, and moves nothing', async () => {
    const alice = await fundedUser(ctx, 10_000);
    const bob = await fundedUser(ctx, 0);
    // 10,000 + 2% fee = 10,200 > 10,000
    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 10_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: moneyMessages.insufficientBalance,
    });
    expect((await alice.wallet()).balanceCents).toBe(10_000);
    expect((await bob.wallet()).balanceCents).toBe(0);
    const ok = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 9_803 });
    expect(ok.statusCode).toBe(201);
    expect((await alice.wallet()).balanceCents).toBe(10_000 - 9_803 - 196);
  });

  it('replays a retried request with the same key and moves nothing twice; a different body is a 409', async () => {
    const alice = await fundedUser(ctx, 50_000);
    const bob = await fundedUser(ctx, 0);
    const key = newKey();
    const body = { recipientEmail: bob.body.email, amountCents: 1_000 };
    const first = await alice.money('POST', '/api/transfers', body, key);
    const again = await alice.money('POST', '/api/transfers', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await bob.wallet()).balanceCents).toBe(1_000);
    const changed = await alice.money('POST', '/api/transfers', { ...body, amountCents: 2_000 }, key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await bob.wallet()).balanceCents).toBe(1_000);
  });

  it('keeps a key free when its request was refused, so a corrected retry runs', async () => {
    const alice = await fundedUser(ctx, 10_000);
    const bob = await fundedUser(ctx, 0);
    const key = newKey();
    const ghost = await alice.money(
      'POST',
      '/api/transfers',
      { recipientEmail: 'nobody@example.com', amountCents: 100 },
      key,
    );
    expect(ghost.statusCode).toBe(404);
    const tooMuch = await alice.money(
      'POST',
      '/api/transfers',
      { recipientEmail: bob.body.email, amountCents: 10_000 },
      key,
    );
    expect(tooMuch.json().error.code).toBe('INSUFFICIENT_BALANCE');
    const ok = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 5_000 }, key);
    expect(ok.statusCode).toBe(201);
    expect((await bob.wallet()).balanceCents).toBe(5_000);
    expect((await alice.wallet()).balanceCents).toBe(10_000 - 5_000 - 100);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('books a burst of the same request once and answers every copy with the first transfer', async () => {
    const alice = await fundedUser(ctx, 10_000);
    const bob = await fundedUser(ctx, 0);
    const key = newKey();
    const body = { recipientEmail: bob.body.email, amountCents: 700 };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => alice.money('POST', '/api/transfers', body, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect((await bob.wallet()).balanceCents).toBe(700);
    const history = (await alice.client.request('GET', '/api/transactions')).json();
    expect(history.items.filter((t: { mode: string }) => t.mode === 'transfer')).toHaveLength(1);
  });

  it('requires an Idempotency-Key', async () => {
    const alice = await fundedUser(ctx, 50_000);
    const bob = await fundedUser(ctx, 0);
    const res = await alice.client.request('POST', '/api/transfers', {
      recipientEmail: bob.body.email,
      amountCents: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: moneyMessages.idempotencyKeyRequired,
    });
    expect((await bob.wallet()).balanceCents).toBe(0);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'k'.repeat(201)],
    ['with characters outside the accepted set', 'key with spaces!'],
  ])('refuses an Idempotency-Key %s with its own message that states the accepted form', async (_, key) => {
    const alice = await fundedUser(ctx, 50_000);
    const bob = await fundedUser(ctx, 0);
    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 100 }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_INVALID',
      message: moneyMessages.idempotencyKeyInvalid,
    });
    expect(res.json().error.message).toContain('8 to 200 characters');
    expect((await bob.wallet()).balanceCents).toBe(0);
  });

  it('refuses unknown recipients and oneself', async () => {
    const alice = await fundedUser(ctx, 50_000);
    const unknown = await alice.money('POST', '/api/transfers', {
      recipientEmail: 'ghost@example.com',
      amountCents: 100,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(moneyMessages.recipientNotFound);
    const self = await alice.money('POST', '/api/transfers', {
      recipientEmail: alice.body.email.toUpperCase(),
      amountCents: 100,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('SELF_TRANSFER');
    const lookup = await alice.client.request('GET', '/api/transfers/recipient?email=ghost%40example.com');
    expect(lookup.statusCode).toBe(404);
    expect((await alice.wallet()).balanceCents).toBe(50_000);
  });

  it.each([
    [{ amountCents: -100 }, moneyMessages.invalidAmount],
    [{ amountCents: 0 }, moneyMessages.invalidAmount],
    [{ amountCents: 10.5 }, moneyMessages.invalidAmount],
    [{ amountCents: '100' }, moneyMessages.amountNotNumber],
    [{ amountCents: null }, moneyMessages.amountRequired],
    [{ amountCents: 1e308 }, moneyMessages.amountTooLarge],
    [{ amountCents: undefined }, moneyMessages.amountRequired],
    [{ recipientEmail: '' }, moneyMessages.emailRequired],
    [{ recipientEmail: 'not-an-email' }, messages.invalidEmail],
    [{ fee: 0 }, messages.unknownField],
  ])('refuses %j with "%s" and moves nothing', async (override, message) => {
    const alice = await fundedUser(ctx, 50_000);
    const bob = await fundedUser(ctx, 0);
    const res = await alice.money('POST', '/api/transfers', {
      recipientEmail: bob.body.email,
      amountCents: 100,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await alice.wallet()).balanceCents).toBe(50_000);
  });

  it('is closed to visitors and to inactive accounts', async () => {
    const visitor = await new TestClient(ctx.app).request(
      'POST',
      '/api/transfers',
      {},
      { 'idempotency-key': newKey() },
    );
    expect(visitor.statusCode).toBe(401);
    // Funded, with a real recipient and a fresh key: only the account's inactivity can refuse it.
    const inactive = new TestClient(ctx.app);
    const { email } = await inactive.register();
    await fundByEmail(ctx, email, 10_000);
    const bob = await fundedUser(ctx, 0);
    const inactiveId = (await inactive.request('GET', '/api/me')).json().id;
    const res = await inactive.request(
      'POST',
      '/api/transfers',
      { recipientEmail: bob.body.email, amountCents: 1_000 },
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_INACTIVE', message: messages.accountNotActive });
    expect((await walletOf(ctx.db, inactiveId)).balanceCents).toBe(10_000);
    expect((await bob.wallet()).balanceCents).toBe(0);
  });
});
