import { DEFAULT_SETTINGS, moneyMessages, type Settings } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { rows } from '../../lib/sql.js';
import { newKey, TestClient } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { adoptEnvironmentSettings, readSettings, saveSettings } from './settings.queries.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SUPPORT_EMAIL: 'help@example.com', AUTO_ACTIVATE_AFTER_HOURS: '48' });
});
afterAll(() => ctx.close());

/** Saves as the console's route does: in a transaction, then this node reads them again at once. */
async function save(patch: Partial<Settings>): Promise<Settings> {
  const saved = await ctx.db.transaction((tx) =>
    saveSettings(tx, { ...ctx.app.deps.settings.current(), ...patch }, 'test'),
  );
  await ctx.app.deps.settings.refresh();
  return saved;
}

const publicConfig = async (app: App) => (await app.inject({ method: 'GET', url: '/api/public-config' })).json();

describe('settings', () => {
  it("start from the environment's values, the specification's constants for the rest", async () => {
    expect(await readSettings(ctx.db)).toEqual({
      ...DEFAULT_SETTINGS,
      supportEmail: 'help@example.com',
      operatorEmail: 'admin@meridian.test',
      autoActivateAfterHours: 48,
    });
  });

  it('are read by a second app node on the same database as soon as one node saves them', async () => {
    const nodeB = await buildApp({ config: ctx.config, db: ctx.db, webDist: null, listen: ctx.listen });
    try {
      expect((await publicConfig(nodeB)).transferFeeBps).toBe(200);
      await save({ transferFeeBps: 350, minDepositCents: 25_000 });
      await vi.waitFor(async () => {
        expect(await publicConfig(nodeB)).toMatchObject({ transferFeeBps: 350, minDepositCents: 25_000 });
      });
      expect(await publicConfig(ctx.app)).toMatchObject({ transferFeeBps: 350, minDepositCents: 25_000 });
    } finally {
      await save({ transferFeeBps: 200, minDepositCents: 10_000 });
      await nodeB.close();
    }
  });

  it('once saved by an operator, are no longer overwritten by the environment at start', async () => {
    await save({ supportEmail: 'desk@example.com' });
    await adoptEnvironmentSettings(ctx.db, { ...DEFAULT_SETTINGS, supportEmail: 'env@example.com' });
    expect((await readSettings(ctx.db)).supportEmail).toBe('desk@example.com');
  });

  it('audit a save with the changed values before and after, only those', async () => {
    await save({ referralBonusCents: 7_500 });
    const [entry] = await rows<{ actor: string; details: { before: unknown; after: unknown } }>(
      ctx.db,
      sql`SELECT actor, details FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({
      actor: 'test',
      details: { before: { referralBonusCents: 5_000 }, after: { referralBonusCents: 7_500 } },
    });
    await save({ referralBonusCents: 5_000 });
  });

  it('are refused by the database outside their bounds', async () => {
    await expect(save({ transferFeeBps: 5_001 })).rejects.toThrow();
    await expect(save({ minWithdrawalCents: 0 })).rejects.toThrow();
    expect((await readSettings(ctx.db)).transferFeeBps).toBe(200);
  });
});

describe('what the settings change', () => {
  it('a transfer pays the fee set now, and one whose shown fee is stale is refused and moves nothing', async () => {
    const alice = await fundedUser(ctx, 100_000);
    const bob = await fundedUser(ctx, 0);
    await save({ transferFeeBps: 500 });
    try {
      const stale = await alice.money('POST', '/api/transfers', {
        recipientEmail: bob.body.email,
        amountCents: 10_000,
        feeCents: 200,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'FEE_CHANGED', message: moneyMessages.feeChanged });
      expect((await alice.wallet()).balanceCents).toBe(100_000);

      const sent = await alice.money('POST', '/api/transfers', {
        recipientEmail: bob.body.email,
        amountCents: 10_000,
        feeCents: 500,
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ amountCents: 10_000, feeCents: 500 });
      expect((await alice.wallet()).balanceCents).toBe(89_500);
    } finally {
      await save({ transferFeeBps: 200 });
    }
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('a deposit and a withdrawal below the minimum set now are refused with its amount in the message', async () => {
    const carol = await fundedUser(ctx, 100_000);
    await save({ minWithdrawalCents: 20_000 });
    try {
      const res = await carol.client.request('POST', '/api/withdrawals/otp', {
        amountCents: 15_000,
        method: 'paypal',
        destination: { email: 'carol@example.com' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Amount must be greater than 200');
      const zero = await carol.client.request('POST', '/api/withdrawals/otp', {
        amountCents: 0,
        method: 'paypal',
        destination: { email: 'carol@example.com' },
      });
      expect(zero.json().error.message).toBe('Amount must be greater than 200');
    } finally {
      await save({ minWithdrawalCents: 10_000 });
    }
  });

  it('the referral bonus paid on activation is the one set then', async () => {
    const referrer = await fundedUser(ctx, 0);
    await save({ referralBonusCents: 12_345 });
    try {
      const referee = new TestClient(ctx.app);
      const body = await referee.register({ referrerId: referrer.referralId });
      const { setAccountActive } = await import('../users/activation.service.js');
      await setAccountActive(ctx.db, body.email, true, 'test');
      expect((await referrer.wallet()).referralBonusCents).toBe(12_345);
    } finally {
      await save({ referralBonusCents: 5_000 });
    }
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('auto-activation follows the setting: off means an operator activates', async () => {
    await save({ autoActivateAfterHours: null });
    const client = new TestClient(ctx.app);
    await client.register();
    expect((await client.request('GET', '/api/me')).json().isActive).toBe(false);
    await save({ autoActivateAfterHours: 48 });
  });

  it('a transfer replayed with its key after a fee change answers as the first time', async () => {
    const dan = await fundedUser(ctx, 50_000);
    const erin = await fundedUser(ctx, 0);
    const key = newKey();
    const body = { recipientEmail: erin.body.email, amountCents: 10_000 };
    const first = await dan.money('POST', '/api/transfers', body, key);
    await save({ transferFeeBps: 1_000 });
    try {
      const again = await dan.money('POST', '/api/transfers', body, key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect((await dan.wallet()).balanceCents).toBe(50_000 - 10_200);
    } finally {
      await save({ transferFeeBps: 200 });
    }
  });
});
