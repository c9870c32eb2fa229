import { adminMessages, messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../../core/users/users.queries.js';
import { rows } from '../../lib/sql.js';
import { newKey, type TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { anotherAdmin, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { runAdminCommand } from './admin-commands.js';

/*
 * The operators' roles (packages/shared roles.ts) as the console's API applies them: what each role
 * may change, who may change operators, and the last active owner. Who may call which route at all is
 * the authorization matrix's (http/authorization-matrix.test.ts); this file is about the rules behind it.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

const post = (client: TestClient, url: string, body: unknown = {}) =>
  client.request('POST', url, body, { 'idempotency-key': newKey() });

/** Journals and audit entries: a refused request adds neither. */
const written = async () =>
  (
    await rows<{ n: number }>(
      ctx.db,
      sql`SELECT ((SELECT count(*) FROM journals) + (SELECT count(*) FROM audit_log))::int AS n`,
    )
  )[0]?.n;

const expectForbidden = (res: { statusCode: number; json(): { error: unknown } }, what: string) => {
  expect(res.statusCode, what).toBe(403);
  expect(res.json().error, what).toMatchObject({ code: 'FORBIDDEN', message: messages.forbidden });
};

describe('a finance operator', () => {
  it('calling an owner route (roles, settings, plans) is refused 403 with the message, and nothing changes', async () => {
    const finance = await anotherAdmin(ctx, 'finance');
    const member = await fundedUser(ctx, 0);
    const settings = (await owner.client.request('GET', '/api/admin/settings')).json();
    const before = await written();

    expectForbidden(await post(finance.client, `/api/admin/users/${member.id}/role`, { role: 'owner' }), 'role');
    expectForbidden(await post(finance.client, `/api/admin/users/${finance.id}/role`, { role: 'owner' }), 'own role');
    expectForbidden(
      await finance.client.request('PUT', '/api/admin/settings', { ...settings, transferFeeBps: 0 }),
      'settings',
    );
    expectForbidden(await finance.client.request('GET', '/api/admin/settings'), 'settings read');
    expectForbidden(
      await post(finance.client, '/api/admin/plans', {
        name: 'Sneaky',
        minCents: 100,
        maxCents: 200,
        profitBps: 100,
        durationDays: 1,
      }),
      'plan',
    );

    expect(await written()).toBe(before);
    expect((await findUserById(ctx.db, member.id))?.role).toBe('user');
    expect((await findUserById(ctx.db, finance.id))?.role).toBe('finance');
    expect((await owner.client.request('GET', '/api/admin/settings')).json()).toEqual(settings);
  });

  it('adjusts a balance (a finance route) through the books', async () => {
    const finance = await anotherAdmin(ctx, 'finance');
    const member = await fundedUser(ctx, 0);
    const res = await post(finance.client, `/api/admin/users/${member.id}/adjust`, {
      amountCents: 2_500,
      reason: 'Goodwill',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await member.wallet()).balanceCents).toBe(2_500);
  });
});

describe('an auditor', () => {
  it('reads every section and changes nothing', async () => {
    const auditor = await anotherAdmin(ctx, 'auditor');
    const member = await fundedUser(ctx, 10_000);
    for (const url of [
      '/api/admin/overview',
      '/api/admin/users',
      `/api/admin/users/${member.id}`,
      '/api/admin/transactions',
      '/api/admin/deposits',
      '/api/admin/withdrawals',
      '/api/admin/plans',
      '/api/admin/deposit-methods',
      '/api/admin/settings',
      '/api/admin/mailbox',
      '/api/admin/audit',
    ]) {
      const res = await auditor.client.request('GET', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 120)}`).toBe(200);
    }
    const before = await written();
    expectForbidden(await post(auditor.client, `/api/admin/users/${member.id}/deactivate`), 'deactivate');
    expectForbidden(
      await post(auditor.client, `/api/admin/users/${member.id}/adjust`, { amountCents: 100, reason: 'x' }),
      'adjust',
    );
    expectForbidden(await post(auditor.client, `/api/admin/users/${member.id}/role`, { role: 'auditor' }), 'role');
    expect(await written()).toBe(before);
    expect(await findUserById(ctx.db, member.id)).toMatchObject({ role: 'user', isActive: true });
    expect((await member.wallet()).balanceCents).toBe(10_000);
  });
});

describe('the overview', () => {
  it('shows its newest audit entries only to the roles that may read the audit log', async () => {
    const finance = await anotherAdmin(ctx, 'finance');
    const auditor = await anotherAdmin(ctx, 'auditor');
    // Something in the log to show: the owner makes a member a support operator.
    const member = await fundedUser(ctx, 0);
    expect((await post(owner.client, `/api/admin/users/${member.id}/role`, { role: 'support' })).statusCode).toBe(200);
    const recent = async (client: TestClient) =>
      ((await client.request('GET', '/api/admin/overview')).json() as { recent: unknown[] }).recent.length;
    expect(await recent(owner.client)).toBeGreaterThan(0);
    expect(await recent(auditor.client)).toBeGreaterThan(0);
    expect(await recent(finance.client)).toBe(0);
  });
});

describe('a support operator', () => {
  it("activates and deactivates members, but never an operator's account", async () => {
    const support = await anotherAdmin(ctx, 'support');
    const finance = await anotherAdmin(ctx, 'finance');
    const member = await fundedUser(ctx, 0);

    expect((await post(support.client, `/api/admin/users/${member.id}/deactivate`)).statusCode).toBe(200);
    expect((await post(support.client, `/api/admin/users/${member.id}/activate`)).statusCode).toBe(200);

    const before = await written();
    expectForbidden(await post(support.client, `/api/admin/users/${finance.id}/deactivate`), 'operator');
    expectForbidden(await post(support.client, `/api/admin/users/${owner.id}/deactivate`), 'owner');
    expect(await written()).toBe(before);
    expect((await findUserById(ctx.db, finance.id))?.isActive).toBe(true);

    // Nor brings a deactivated operator back: only an owner does.
    expect((await post(owner.client, `/api/admin/users/${finance.id}/deactivate`)).statusCode).toBe(200);
    expectForbidden(await post(support.client, `/api/admin/users/${finance.id}/activate`), 'reactivate');
    expect((await findUserById(ctx.db, finance.id))?.isActive).toBe(false);
    expect((await post(owner.client, `/api/admin/users/${finance.id}/activate`)).statusCode).toBe(200);
  });
});

describe('signing an account out everywhere', () => {
  it("a support operator ends every session of a member, audited; never an operator's, and finance may not", async () => {
    const support = await anotherAdmin(ctx, 'support');
    const finance = await anotherAdmin(ctx, 'finance');
    const member = await fundedUser(ctx, 0);
    expect((await member.client.request('GET', '/api/me')).statusCode).toBe(200);

    const before = await written();
    expectForbidden(await post(finance.client, `/api/admin/users/${member.id}/sign-out`), 'finance');
    expectForbidden(await post(support.client, `/api/admin/users/${finance.id}/sign-out`), 'an operator');
    expect(await written()).toBe(before);
    expect((await finance.client.request('GET', '/api/me')).statusCode).toBe(200);
    expect((await member.client.request('GET', '/api/me')).statusCode).toBe(200);

    const res = await post(support.client, `/api/admin/users/${member.id}/sign-out`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ changed: true, user: { id: member.id, isActive: true } });
    expect((await member.client.request('GET', '/api/me')).statusCode).toBe(401);
    const audit = await rows<{ actor: string; details: unknown }>(
      ctx.db,
      sql`SELECT actor, details FROM audit_log WHERE target_user_id = ${member.id} AND action = 'user.sign-out'`,
    );
    expect(audit).toEqual([{ actor: `admin:${support.email}`, details: { sessions: 1 } }]);
    // Again: nobody is signed in, nothing more to end.
    expect((await post(support.client, `/api/admin/users/${member.id}/sign-out`)).json().changed).toBe(false);
    const own = await post(support.client, `/api/admin/users/${support.id}/sign-out`);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toMatchObject({ code: 'OWN_ACCOUNT', message: adminMessages.ownSignOut });
  });
});

describe('an owner', () => {
  it('gives every role, each change audited with before and after', async () => {
    const member = await fundedUser(ctx, 0);
    const path = ['finance', 'support', 'auditor', 'owner', 'user'] as const;
    for (const role of path) {
      const res = await post(owner.client, `/api/admin/users/${member.id}/role`, { role });
      expect(res.json(), role).toMatchObject({ changed: true, user: { role } });
    }
    const audit = await rows<{ details: unknown }>(
      ctx.db,
      sql`SELECT details FROM audit_log WHERE target_user_id = ${member.id} AND action = 'user.role' ORDER BY id`,
    );
    expect(audit.map((a) => a.details)).toEqual(
      ['user', ...path.slice(0, -1)].map((before, i) => ({ before: { role: before }, after: { role: path[i] } })),
    );
  });

  it('as the last active owner cannot be deactivated, though other operators are active (409 with the message)', async () => {
    const finance = await anotherAdmin(ctx, 'finance');
    const second = await anotherAdmin(ctx, 'owner');
    // The seeded owner alone among the active owners; the finance operator does not count.
    await ctx.db.execute(sql`UPDATE users SET role = 'support' WHERE role = 'owner' AND id <> ${owner.id}`);
    const refused = await runAdminCommand(ctx.db, ['deactivate', owner.email]).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'LAST_ADMIN', message: adminMessages.lastActiveAdmin });
    expect(await findUserById(ctx.db, owner.id)).toMatchObject({ role: 'owner', isActive: true });
    expect((await findUserById(ctx.db, finance.id))?.isActive).toBe(true);
    await ctx.db.execute(sql`UPDATE users SET role = 'owner' WHERE id = ${second.id}`);
  });
});
