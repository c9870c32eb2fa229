import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { TestClient } from '../../test/client.js';
import { anotherAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { enrolTotp, forgetUsedStep, totpCode } from '../../test/two-factor.js';
import { runAdminCommand, UsageError } from './admin-commands.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

const VERIFY = '/api/auth/two-factor/verify-totp';

async function pendingSignIn(email: string, password: string): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  const res = await client.login(email, password);
  expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  return client;
}

describe('npm run admin -- reset-2fa', () => {
  it('reset-2fa removes a lost second factor, audited: the operator signs in by password and is led to set up a new one', async () => {
    const admin = await anotherAdmin(ctx);
    const trusted = await pendingSignIn(admin.email, admin.body.password);
    await forgetUsedStep(ctx.db, admin.email);
    expect(
      (await trusted.request('POST', VERIFY, { code: await totpCode(admin.secret), trustDevice: true })).statusCode,
    ).toBe(200);

    expect(await runAdminCommand(ctx.db, ['reset-2fa', admin.email.toUpperCase()])).toBe(
      `${admin.email} has no second factor now: they sign in with their password and set up a new one`,
    );
    const [audit] = await rows<{ actor: string; action: string; details: unknown }>(
      ctx.db,
      sql`SELECT actor, action, details FROM audit_log WHERE target_user_id = ${admin.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({
      actor: 'cli',
      action: 'user.reset-2fa',
      details: { before: { twoFactorEnabled: true, enrolled: true } },
    });
    expect((await rows(ctx.db, sql`SELECT 1 FROM two_factors WHERE user_id = ${admin.id}`)).length).toBe(0);

    const client = new TestClient(ctx.app);
    const login = await client.login(admin.email, admin.body.password);
    expect(login.json().user.email).toBe(admin.email);
    expect((await client.request('GET', '/api/admin/overview')).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    // The device trusted before the reset is not trusted with the next second factor.
    const { secret } = await enrolTotp(client, admin.body.password);
    expect(secret).toBeDefined();
    await trusted.request('POST', '/api/auth/sign-out');
    expect((await trusted.login(admin.email, admin.body.password)).json()).toMatchObject({ twoFactorRedirect: true });

    await expect(runAdminCommand(ctx.db, ['reset-2fa', 'nobody@example.com'])).rejects.toThrow(messages.userNotFound);
    await expect(runAdminCommand(ctx.db, ['reset-2fa'])).rejects.toBeInstanceOf(UsageError);
  });
});
