import { messages, moneyMessages } from '@meridian/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountActive } from '../../core/users/activation.service.js';
import { walletOf } from '../../ledger/index.js';
import { TestClient } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const LOOKUP_LIMIT = 4;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RECIPIENT_LOOKUP_LIMIT_PER_USER: String(LOOKUP_LIMIT) });
});
afterAll(() => ctx.close());

const lookup = (sender: Awaited<ReturnType<typeof fundedUser>>, email: string) =>
  sender.client.request('GET', `/api/transfers/recipient?email=${encodeURIComponent(email)}`);

describe('who can receive a transfer', () => {
  it('only an active account holder: inactive, deactivated and operator accounts answer like unknown ones', async () => {
    const alice = await fundedUser(ctx, 50_000);
    const inactive = new TestClient(ctx.app);
    const inactiveEmail = (await inactive.register()).email;
    const deactivated = await fundedUser(ctx, 0);
    await setAccountActive(ctx.db, deactivated.body.email, false, 'test');
    const operator = ctx.config.adminEmail ?? '';

    const notFound = { code: 'RECIPIENT_NOT_FOUND', message: moneyMessages.recipientNotFound };
    for (const email of ['ghost@example.com', inactiveEmail, deactivated.body.email, operator]) {
      const found = await lookup(alice, email);
      expect(found.statusCode, email).toBe(404);
      expect(found.json().error, email).toMatchObject(notFound);
      const sent = await alice.money('POST', '/api/transfers', { recipientEmail: email, amountCents: 1_000 });
      expect(sent.statusCode, email).toBe(404);
      expect(sent.json().error, email).toMatchObject(notFound);
    }
    expect((await alice.wallet()).balanceCents).toBe(50_000);
    expect((await walletOf(ctx.db, deactivated.id)).balanceCents).toBe(0);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('limits recipient lookups per signed-in user, found or not, and leaves other users their own allowance', async () => {
    const mallory = await fundedUser(ctx, 0);
    const bob = await fundedUser(ctx, 0, { name: 'Bob Vetted' });
    for (let i = 0; i < LOOKUP_LIMIT; i++) {
      const res = await lookup(mallory, i % 2 === 0 ? `guess-${i}@example.com` : bob.body.email);
      expect(res.statusCode).not.toBe(429);
    }
    const limited = await lookup(mallory, bob.body.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: messages.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const carol = await fundedUser(ctx, 0);
    const ok = await lookup(carol, bob.body.email);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: 'Bob Vetted', email: bob.body.email });
  });
});

describe('the transfer fee', () => {
  it('is at least 1 cent: a 10-cent transfer debits 11 cents and books 1 cent of fee revenue', async () => {
    const alice = await fundedUser(ctx, 1_000);
    const bob = await fundedUser(ctx, 0);
    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amountCents: 10, feeCents: 1, wallet: 'balance' });
    expect((await alice.wallet()).balanceCents).toBe(1_000 - 11);
    expect((await bob.wallet()).balanceCents).toBe(10);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
