import { adminMessages, moneyMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newKey } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { adjust, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
});
afterAll(async () => {
  expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  await ctx.close();
});

/** What an adjustment could have written: journals, history rows and audit entries. */
const written = async () =>
  (
    await rows<{ n: number }>(
      ctx.db,
      sql`SELECT ((SELECT count(*) FROM journals) + (SELECT count(*) FROM transactions)
                 + (SELECT count(*) FROM audit_log))::int AS n`,
    )
  )[0]?.n;

describe('POST /api/admin/users/:id/adjust', () => {
  it('credits and debits the balance against external through the books, answering the history row', async () => {
    const member = await fundedUser(ctx, 0);
    const credit = await adjust(admin.client, member.id, { amountCents: 25_000, reason: '  Opening balance ' });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json().transaction).toMatchObject({
      type: 'credit',
      mode: 'adjustment',
      description: 'Opening balance',
      amountCents: 25_000,
      status: 'success',
      wallet: 'balance',
    });
    const debit = await adjust(admin.client, member.id, { amountCents: -5_000, reason: 'Correction' });
    expect(debit.json().transaction).toMatchObject({ type: 'debit', amountCents: 5_000 });
    expect((await member.wallet()).balanceCents).toBe(20_000);
    const history = (await member.client.request('GET', '/api/transactions')).json().items;
    expect(history.map((t: { id: string }) => t.id)).toEqual([
      debit.json().transaction.id,
      credit.json().transaction.id,
    ]);

    const audit = await rows<{ actor: string; details: Record<string, unknown> }>(
      ctx.db,
      sql`SELECT actor, details FROM audit_log WHERE target_user_id = ${member.id} AND action = 'balance.adjust' ORDER BY id`,
    );
    expect(audit).toEqual([
      {
        actor: `admin:${admin.email}`,
        details: expect.objectContaining({
          amountCents: 25_000,
          reason: 'Opening balance',
          before: { balanceCents: 0 },
          after: { balanceCents: 25_000 },
        }),
      },
      {
        actor: `admin:${admin.email}`,
        details: expect.objectContaining({
          amountCents: -5_000,
          reason: 'Correction',
          before: { balanceCents: 25_000 },
          after: { balanceCents: 20_000 },
        }),
      },
    ]);
  });

  it('never takes the balance below zero: 400 INSUFFICIENT_BALANCE, nothing written, the key left free', async () => {
    const member = await fundedUser(ctx, 1_000);
    const before = await written();
    const key = newKey();
    const res = await adjust(admin.client, member.id, { amountCents: -1_001, reason: 'Too much' }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: moneyMessages.insufficientBalance,
    });
    expect(await written()).toBe(before);
    const exact = await adjust(admin.client, member.id, { amountCents: -1_000, reason: 'All of it' }, key);
    expect(exact.statusCode).toBe(201);
    expect((await member.wallet()).balanceCents).toBe(0);
  });

  it('requires an Idempotency-Key; a retry answers the first result and moves nothing; another body is a 409', async () => {
    const member = await fundedUser(ctx, 0);
    const keyless = await adjust(admin.client, member.id, { amountCents: 100, reason: 'x' }, null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const key = newKey();
    const body = { amountCents: 700, reason: 'Goodwill' };
    const [first, second] = await Promise.all([
      adjust(admin.client, member.id, body, key),
      adjust(admin.client, member.id, body, key),
    ]);
    const third = await adjust(admin.client, member.id, body, key);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect((await member.wallet()).balanceCents).toBe(700);
    const other = await adjust(admin.client, member.id, { ...body, amountCents: 800 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await member.wallet()).balanceCents).toBe(700);
  });

  it.each([
    ['a fraction of a cent', { amountCents: 10.5, reason: 'x' }, adminMessages.adjustAmountInvalid],
    ['zero', { amountCents: 0, reason: 'x' }, adminMessages.adjustAmountInvalid],
    ['an amount past $10 billion', { amountCents: 1_000_000_000_001, reason: 'x' }, adminMessages.adjustAmountInvalid],
    ['1e308', { amountCents: 1e308, reason: 'x' }, adminMessages.adjustAmountInvalid],
    ['a string amount', { amountCents: '100', reason: 'x' }, adminMessages.adjustAmountInvalid],
    ['no reason', { amountCents: 100 }, adminMessages.reasonRequired],
    ['a blank reason', { amountCents: 100, reason: '   ' }, adminMessages.reasonRequired],
    ['a 10 kB reason', { amountCents: 100, reason: 'x'.repeat(10_000) }, undefined],
    ['an unknown field', { amountCents: 100, reason: 'x', userId: 'someone' }, undefined],
  ])('refuses %s with a 400 and writes nothing', async (_what, body, message) => {
    const member = await fundedUser(ctx, 0);
    const before = await written();
    const res = await adjust(admin.client, member.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    if (message) expect(res.json().error.message).toBe(message);
    expect(await written()).toBe(before);
  });

  it('answers an unknown user with 404 USER_NOT_FOUND and writes nothing', async () => {
    const before = await written();
    const res = await adjust(admin.client, 'no-such-user', { amountCents: 100, reason: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('USER_NOT_FOUND');
    expect(await written()).toBe(before);
  });
});
