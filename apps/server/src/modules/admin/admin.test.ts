import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateIfDue } from '../../core/users/activation.service.js';
import { findUserByEmail, updateUser } from '../../core/users/users.queries.js';
import { rows } from '../../lib/sql.js';
import { seed } from '../../seed.js';
import { TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { depositParts, postDeposit } from '../../test/multipart.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { enrolTotp } from '../../test/two-factor.js';
import { ADMIN_USAGE, runAdminCommand, TEST_CLOCK_OFF, UsageError } from './admin-commands.js';

const run = promisify(execFile);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('activation', () => {
  it('activates and deactivates by e-mail, audits it, signs the deactivated out and gates the active-only routes', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    const gated = await client.request('GET', '/api/plans');
    expect(gated.statusCode).toBe(403);
    expect(gated.json().error).toMatchObject({ code: 'ACCOUNT_INACTIVE', message: messages.accountNotActive });

    expect(await runAdminCommand(ctx.db, ['activate', body.email.toUpperCase()])).toBe(`${body.email} is now active`);
    expect((await client.request('GET', '/api/me')).json().isActive).toBe(true);
    const plans = await client.request('GET', '/api/plans');
    expect(plans.statusCode).toBe(200);
    expect(plans.json()).toHaveLength(4);

    expect(await runAdminCommand(ctx.db, ['deactivate', body.email])).toBe(`${body.email} is now inactive`);
    expect((await client.request('GET', '/api/plans')).statusCode).toBe(401);
    expect((await client.login(body.email, body.password)).statusCode).toBe(200);
    expect((await client.request('GET', '/api/plans')).statusCode).toBe(403);
    // The same decision again changes nothing and is not audited again.
    expect(await runAdminCommand(ctx.db, ['deactivate', body.email])).toBe(`${body.email} is now inactive`);
    const audit = await rows<{ action: string; actor: string }>(
      ctx.db,
      sql`select a.action, a.actor from audit_log a join users u on u.id = a.target_user_id where u.email = ${body.email} order by a.id`,
    );
    expect(audit).toEqual([
      { action: 'user.activate', actor: 'cli' },
      { action: 'user.deactivate', actor: 'cli' },
    ]);
  });

  it('names an unknown user and explains its usage', async () => {
    await expect(runAdminCommand(ctx.db, ['activate', 'nobody@example.com'])).rejects.toThrow(messages.userNotFound);
    await expect(runAdminCommand(ctx.db, ['activate'])).rejects.toBeInstanceOf(UsageError);
    await expect(runAdminCommand(ctx.db, ['explode', 'x'])).rejects.toBeInstanceOf(UsageError);
  });

  it('auto-activates only after the configured hours', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    const [row] = await rows<{ id: string }>(ctx.db, sql`select id from users where email = ${body.email}`);
    const { findUserById } = await import('../../core/users/users.queries.js');
    const user = await findUserById(ctx.db, row?.id ?? '');
    if (!user) throw new Error('user missing');
    const soon = new Date(user.createdAt.getTime() + 3_600_000);
    const later = new Date(user.createdAt.getTime() + 25 * 3_600_000);
    expect((await activateIfDue(ctx.db, user, undefined, later)).isActive).toBe(false);
    expect((await activateIfDue(ctx.db, user, 24, soon)).isActive).toBe(false);
    expect((await activateIfDue(ctx.db, user, 24, later)).isActive).toBe(true);
  });
});

describe('the seeded operator', () => {
  it('is an active admin who can log in', async () => {
    const client = new TestClient(ctx.app);
    expect((await client.login('admin@meridian.test', 'operator password')).statusCode).toBe(200);
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({ role: 'owner', isActive: true });
  });

  it('keeps a revocation made in the console at the next start, while another active admin exists', async () => {
    const other = await new TestClient(ctx.app).register();
    const otherUser = await findUserByEmail(ctx.db, other.email);
    const seeded = await findUserByEmail(ctx.db, 'admin@meridian.test');
    if (!otherUser || !seeded) throw new Error('users missing');
    await updateUser(ctx.db, otherUser.id, { role: 'owner', isActive: true });
    await updateUser(ctx.db, seeded.id, { role: 'user' });
    await seed(ctx.db, ctx.app.deps.auth, ctx.config);
    expect((await findUserByEmail(ctx.db, 'admin@meridian.test'))?.role).toBe('user');

    // With no active admin left, the next start makes ADMIN_EMAIL's account an admin again: the way back in.
    await updateUser(ctx.db, otherUser.id, { isActive: false });
    await seed(ctx.db, ctx.app.deps.auth, ctx.config);
    expect(await findUserByEmail(ctx.db, 'admin@meridian.test')).toMatchObject({ role: 'owner', isActive: true });
    await updateUser(ctx.db, otherUser.id, { role: 'user' });
  });

  it('is created once when several nodes start at once, and every node starts', async () => {
    const config = { ...ctx.config, adminEmail: 'ops@meridian.test', adminPassword: 'operator password' };
    const starts = await Promise.allSettled([1, 2, 3].map(() => seed(ctx.db, ctx.app.deps.auth, config)));
    expect(starts.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const accounts = await rows<{ role: string; is_active: boolean }>(
      ctx.db,
      sql`select role, is_active from users where email = 'ops@meridian.test'`,
    );
    expect(accounts).toEqual([{ role: 'owner', is_active: true }]);
    const client = new TestClient(ctx.app);
    expect((await client.login('ops@meridian.test', 'operator password')).statusCode).toBe(200);
  });

  it('loses the console when deactivated, though still signed in', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    const user = await findUserByEmail(ctx.db, body.email);
    if (!user) throw new Error('user missing');
    await updateUser(ctx.db, user.id, { role: 'owner', isActive: true });
    // The console needs a second factor before anything else (TWO_FACTOR_REQUIRED until it is set up).
    expect((await client.request('GET', '/api/admin/overview')).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    await enrolTotp(client, body.password);
    expect((await client.request('GET', '/api/admin/overview')).statusCode).toBe(200);
    await updateUser(ctx.db, user.id, { isActive: false });
    expect((await client.request('GET', '/api/admin/overview')).statusCode).toBe(403);
    await updateUser(ctx.db, user.id, { role: 'user' });
  });
});

describe('the internal hand-off endpoint', () => {
  const call = (token: string | undefined, remoteAddress: string, args: string[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/internal/admin',
      remoteAddress,
      headers: token ? { 'x-admin-token': token } : {},
      payload: { args },
    });

  it('runs a command for a loopback caller with the token', async () => {
    const body = await new TestClient(ctx.app).register();
    const res = await call('test-internal-token', '127.0.0.1', ['activate', body.email]);
    expect(res.statusCode).toBe(200);
    expect(res.json().output).toBe(`${body.email} is now active`);
    // The member is told once, with a link to their dashboard; activating again sends nothing more.
    await call('test-internal-token', '127.0.0.1', ['activate', body.email]);
    const mails = await rows<{ subject: string; text: string }>(
      ctx.db,
      sql`select subject, text from email_outbox where to_address = ${body.email} and template = 'account-activated'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Meridian account is active');
    expect(mails[0]?.text).toContain(`${ctx.config.publicUrl}/dashboard`);
  });

  it('answers a usage error with a 400 carrying the usage text, not a 500', async () => {
    for (const args of [['explode'], ['activate'], ['adjust', 'a@b.co', '1.555', 'x']]) {
      const res = await call('test-internal-token', '127.0.0.1', args);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_COMMAND', message: ADMIN_USAGE });
    }
  });

  it('says how to turn the test clock on when it is off', async () => {
    const res = await call('test-internal-token', '127.0.0.1', ['clock', 'advance', '1']);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_COMMAND', message: TEST_CLOCK_OFF });
    expect(TEST_CLOCK_OFF).toContain('TEST_CLOCK=true');
  });

  it('refuses a wrong token, no token, or a remote caller', async () => {
    const body = await new TestClient(ctx.app).register();
    for (const res of [
      await call('wrong-token-wrong-token-wrong-token', '127.0.0.1', ['activate', body.email]),
      await call(undefined, '127.0.0.1', ['activate', body.email]),
      await call('test-internal-token', '10.0.0.8', ['activate', body.email]),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const [row] = await rows<{ is_active: boolean }>(
      ctx.db,
      sql`select is_active from users where email = ${body.email}`,
    );
    expect(row?.is_active).toBe(false);
  });
});

describe('deposit commands (through the internal endpoint, as the CLI sends them to a running server)', () => {
  const command = async (args: string[]) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/admin',
      remoteAddress: '127.0.0.1',
      headers: { 'x-admin-token': 'test-internal-token' },
      payload: { args },
    });
    return { status: res.statusCode, output: res.json().output as string, error: res.json().error };
  };

  it('lists pending deposits, approves one into the balance and rejects another with its reason', async () => {
    const u = await fundedUser(ctx, 0);
    const a = (await postDeposit(u.client, depositParts(20_000))).json().deposit.id as string;
    const b = (await postDeposit(u.client, depositParts(30_000))).json().deposit.id as string;
    const listed = await command(['deposits']);
    expect(listed.output).toContain(a);
    expect(listed.output).toContain('$300.00');

    expect((await command(['approve-deposit', a])).output).toBe(`deposit ${a} approved`);
    expect((await command(['approve-deposit', a])).output).toBe(`deposit ${a} was already approved`);
    expect((await command(['reject-deposit', b, 'No payment received'])).output).toBe(`deposit ${b} rejected`);
    expect(await u.wallet()).toMatchObject({ balanceCents: 20_000, totalDepositCents: 20_000 });
    expect((await command(['deposits'])).output).not.toContain(a);

    const late = await command(['approve-deposit', b]);
    expect(late.status).toBe(409);
    const unknown = await command(['approve-deposit', 'no-such-deposit']);
    expect(unknown.status).toBe(404);
    const noReason = await command(['reject-deposit', a]);
    expect(noReason.error).toMatchObject({ code: 'INVALID_COMMAND', message: ADMIN_USAGE });
    const audited = await rows<{ actor: string; action: string }>(
      ctx.db,
      sql`SELECT actor, action FROM audit_log WHERE details->>'depositId' IN (${a}, ${b}) ORDER BY id`,
    );
    expect(audited).toEqual([
      { actor: 'cli', action: 'deposit.approve' },
      { actor: 'cli', action: 'deposit.reject' },
    ]);
  });
});

describe('withdrawal commands', () => {
  it('list pending withdrawals, pay one out and reject another back into the balance', async () => {
    const u = await fundedUser(ctx, 100_000);
    const body = { amountCents: 20_000, method: 'paypal', destination: { email: 'me@paypal.test' } };
    const fileOne = async () => {
      await ctx.db.execute(sql`UPDATE withdrawal_codes SET created_at = created_at - interval '2 minutes'`);
      expect((await u.client.request('POST', '/api/withdrawals/otp', body)).statusCode).toBe(201);
      const [mail] = await rows<{ text: string }>(
        ctx.db,
        sql`SELECT text FROM email_outbox WHERE to_address = ${u.body.email} AND template = 'withdrawal-otp' ORDER BY id DESC LIMIT 1`,
      );
      const otp = /is: (\d{6})/.exec(mail?.text ?? '')?.[1];
      return (await u.money('POST', '/api/withdrawals', { ...body, otp })).json().withdrawal.id as string;
    };
    const a = await fileOne();
    const b = await fileOne();
    const run = (args: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/internal/admin',
        remoteAddress: '127.0.0.1',
        headers: { 'x-admin-token': 'test-internal-token' },
        payload: { args },
      });
    expect((await run(['withdrawals'])).json().output).toContain(a);
    expect((await run(['approve-withdrawal', a])).json().output).toBe(`withdrawal ${a} paid out`);
    expect((await run(['reject-withdrawal', b, 'Wrong account'])).json().output).toBe(`withdrawal ${b} rejected`);
    expect(await u.wallet()).toMatchObject({ balanceCents: 80_000, totalWithdrawalCents: 20_000 });
  });
});

describe('the audit log', () => {
  it('cannot be rewritten or erased', async () => {
    const { body } = await fundedUser(ctx, 0);
    await runAdminCommand(ctx.db, ['deactivate', body.email]);
    await expect(ctx.db.execute(sql`update audit_log set actor = 'someone else'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [row] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log where actor = 'cli'`);
    expect(row?.n).toBeGreaterThan(0);
  });
});

describe('balance adjustments', () => {
  it('takes dollars as every screen does, credits and debits through the books, audited, never below zero', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register();
    await runAdminCommand(ctx.db, ['activate', body.email]);
    expect(await runAdminCommand(ctx.db, ['adjust', body.email, '250.00', 'Opening balance'])).toBe(
      `${body.email} adjusted by $250.00`,
    );
    expect(await runAdminCommand(ctx.db, ['adjust', body.email, '-50', 'Correction'])).toBe(
      `${body.email} adjusted by -$50.00`,
    );
    expect(await runAdminCommand(ctx.db, ['adjust', body.email, '$1,000.05', 'Thousands'])).toBe(
      `${body.email} adjusted by $1,000.05`,
    );
    await expect(runAdminCommand(ctx.db, ['adjust', body.email, '-1200.06', 'Too much'])).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    await expect(runAdminCommand(ctx.db, ['adjust', body.email, '1.00', '  '])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await client.request('GET', '/api/wallet')).json().balanceCents).toBe(120_005);
    const audit = await rows<{ details: { amountCents: number; reason: string } }>(
      ctx.db,
      sql`select a.details from audit_log a join users u on u.id = a.target_user_id
          where u.email = ${body.email} and a.action = 'balance.adjust' order by a.id`,
    );
    expect(audit.map((a) => [a.details.amountCents, a.details.reason])).toEqual([
      [25_000, 'Opening balance'],
      [-5_000, 'Correction'],
      [100_005, 'Thousands'],
    ]);
  });

  it.each(['1.005', '0', '-0.00', 'ten', '1e3', '--5', '5-'])(
    'refuses the amount %j as a usage error, before any database is touched',
    async (amount) => {
      await expect(runAdminCommand(ctx.db, ['adjust', 'a@b.co', amount, 'x'])).rejects.toBeInstanceOf(UsageError);
    },
  );

  it('names the unit in its usage text', () => {
    expect(ADMIN_USAGE).toContain('adjust <email> <dollars>');
  });
});

describe('the test clock command', () => {
  it('moves a test clock forward and is refused when the test clock is off', async () => {
    const { testClock } = await import('../../lib/clock.js');
    const clock = testClock();
    const before = clock.now().getTime();
    const out = await runAdminCommand(ctx.db, ['clock', 'advance', '3'], clock);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(out).toMatch(/^clock is now /);
    await expect(runAdminCommand(ctx.db, ['clock', 'advance', '3'])).rejects.toThrow('TEST_CLOCK=true');
    await expect(runAdminCommand(ctx.db, ['clock', 'back', '3'], clock)).rejects.toBeInstanceOf(UsageError);
  });
});

describe('npm run admin', () => {
  const serverDir = path.resolve(import.meta.dirname, '../../..');
  const admin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: '/nonexistent-meridian-cli-test', DATABASE_URL: '' },
    });

  it.each([[[]], [['explode']], [['adjust', 'a@b.co', 'ten', 'x']]])(
    'prints the usage text and exits 2 for %j, touching no database',
    async (args) => {
      const failed = await admin(...args).then(
        () => null,
        (err: { code?: number; stderr?: string }) => err,
      );
      expect(failed?.code).toBe(2);
      expect(failed?.stderr).toContain(ADMIN_USAGE);
    },
    180_000,
  );
});
