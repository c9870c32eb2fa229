import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the platform', () => {
  it('answers health with the database checked', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves its OpenAPI document at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/me', '/api/profile', '/api/auth/sign-up/email']),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses oversized bodies with a 4xx, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('publishes the support contacts, the security deposit (10% by default), the fee, bonus and minimums', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json()).toEqual({
      supportEmail: ctx.config.initialSettings.supportEmail,
      supportChatUrl: ctx.config.initialSettings.supportChatUrl,
      securityDepositBps: 1_000,
      transferFeeBps: 200,
      referralBonusCents: 5_000,
      minDepositCents: 10_000,
      minWithdrawalCents: 10_000,
    });
  });
});
