import { adminMessages, messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../../core/users/users.queries.js';
import { type Notification, parseNotification, REALTIME_CHANNEL } from '../../lib/realtime-payloads.js';
import { rows } from '../../lib/sql.js';
import { TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { anotherAdmin, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { enrolTotp } from '../../test/two-factor.js';
import { setRole } from './admin-users.service.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

const post = (client: TestClient, url: string, body: unknown = {}) => client.request('POST', url, body);
const auditOf = (userId: string) =>
  rows<{ actor: string; action: string; details: Record<string, unknown> }>(
    ctx.db,
    sql`SELECT actor, action, details FROM audit_log WHERE target_user_id = ${userId} ORDER BY id`,
  );

describe('POST /api/admin/users/:id/activate and /deactivate', () => {
  it('activates once (audited before/after, e-mailed), and the same decision again changes nothing', async () => {
    const member = new TestClient(ctx.app);
    const body = await member.register();
    const id = (await member.request('GET', '/api/me')).json().id as string;

    const first = await post(admin.client, `/api/admin/users/${id}/activate`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ changed: true, user: { id, isActive: true, email: body.email } });
    const again = await post(admin.client, `/api/admin/users/${id}/activate`);
    expect(again.json()).toMatchObject({ changed: false, user: { isActive: true } });

    expect(await auditOf(id)).toEqual([
      {
        actor: `admin:${admin.email}`,
        action: 'user.activate',
        details: { before: { isActive: false }, after: { isActive: true } },
      },
    ]);
    const mails = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = ${body.email} AND template = 'account-activated'`,
    );
    expect(mails[0]?.n).toBe(1);
    expect((await member.request('GET', '/api/plans')).statusCode).toBe(200);
  });

  it('deactivation signs the member out everywhere in the same transaction and tells open consoles', async () => {
    const member = await fundedUser(ctx, 0);
    const otherDevice = new TestClient(ctx.app);
    await otherDevice.login(member.body.email, member.body.password);
    const heard: Notification[] = [];
    const unlisten = await ctx.listen(REALTIME_CHANNEL, (p) => {
      const n = parseNotification(p);
      if (n) heard.push(n);
    });
    try {
      const res = await post(admin.client, `/api/admin/users/${member.id}/deactivate`);
      expect(res.json()).toMatchObject({ changed: true, user: { id: member.id, isActive: false } });
      const sessions = await rows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${member.id}`,
      );
      expect(sessions[0]?.n).toBe(0);
      expect((await member.client.request('GET', '/api/me')).statusCode).toBe(401);
      expect((await otherDevice.request('GET', '/api/me')).statusCode).toBe(401);
      await expect
        .poll(() => heard)
        .toEqual(
          expect.arrayContaining([
            { userIds: [member.id], topics: [], disconnect: 'deactivated' },
            { userIds: [], topics: ['admin'], audience: 'admins' },
          ]),
        );
    } finally {
      await unlisten();
    }
    const audit = await auditOf(member.id);
    expect(audit[audit.length - 1]).toEqual({
      actor: `admin:${admin.email}`,
      action: 'user.deactivate',
      details: { before: { isActive: true }, after: { isActive: false } },
    });
  });

  it("refuses to deactivate the operator's own account (409 OWN_ACCOUNT) and writes nothing", async () => {
    const res = await post(admin.client, `/api/admin/users/${admin.id}/deactivate`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'OWN_ACCOUNT', message: adminMessages.ownAccount });
    expect(await auditOf(admin.id)).toEqual([]);
    expect((await admin.client.request('GET', '/api/me')).json()).toMatchObject({ isActive: true });
  });

  it('answers a body with fields with a 400 and changes nothing', async () => {
    const member = await fundedUser(ctx, 0);
    const res = await post(admin.client, `/api/admin/users/${member.id}/deactivate`, { isActive: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.unknownField });
    expect((await findUserById(ctx.db, member.id))?.isActive).toBe(true);
    const bare = await admin.client.request('POST', `/api/admin/users/${member.id}/activate`);
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('answers an unknown id with 404 USER_NOT_FOUND', async () => {
    for (const action of ['activate', 'deactivate']) {
      const res = await post(admin.client, `/api/admin/users/nobody/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'USER_NOT_FOUND', message: messages.userNotFound });
    }
  });
});

describe('POST /api/admin/users/:id/role', () => {
  it('makes a member an owner and back, audited with before/after; the same role again changes nothing', async () => {
    const member = await fundedUser(ctx, 0);
    const made = await post(admin.client, `/api/admin/users/${member.id}/role`, { role: 'owner' });
    expect(made.json()).toMatchObject({ changed: true, user: { role: 'owner' } });
    // A new operator sets up a second factor before the console opens to them.
    expect((await member.client.request('GET', '/api/admin/users')).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    await enrolTotp(member.client, member.body.password);
    expect((await member.client.request('GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await post(admin.client, `/api/admin/users/${member.id}/role`, { role: 'owner' })).json().changed).toBe(
      false,
    );
    const revoked = await post(admin.client, `/api/admin/users/${member.id}/role`, { role: 'user' });
    expect(revoked.json()).toMatchObject({ changed: true, user: { role: 'user' } });
    expect((await member.client.request('GET', '/api/admin/users')).statusCode).toBe(403);
    expect((await auditOf(member.id)).filter((a) => a.action === 'user.role')).toEqual([
      {
        actor: `admin:${admin.email}`,
        action: 'user.role',
        details: { before: { role: 'user' }, after: { role: 'owner' } },
      },
      {
        actor: `admin:${admin.email}`,
        action: 'user.role',
        details: { before: { role: 'owner' }, after: { role: 'user' } },
      },
    ]);
  });

  it("refuses to change the operator's own role (409 OWN_ACCOUNT)", async () => {
    const res = await post(admin.client, `/api/admin/users/${admin.id}/role`, { role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'OWN_ACCOUNT', message: adminMessages.ownRole });
    expect((await findUserById(ctx.db, admin.id))?.role).toBe('owner');
  });

  it('never leaves zero owners when two owners revoke each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const other = await anotherAdmin(ctx);
      const [a, b] = await Promise.all([
        post(admin.client, `/api/admin/users/${other.id}/role`, { role: 'user' }),
        post(other.client, `/api/admin/users/${admin.id}/role`, { role: 'user' }),
      ]);
      const codes = [a, b].map((r) => (r.statusCode === 200 ? 'ok' : r.json().error.code)).sort();
      // Whoever locked the admin rows first wins; the other finds itself, or its target, the last admin
      // (its own guard may refuse it first when the winner committed before its request began).
      expect(codes[0], `round ${round}`).toMatch(/^(FORBIDDEN|LAST_ADMIN)$/);
      expect(codes[1]).toBe('ok');
      const [left] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM users WHERE role = 'owner'`);
      expect(left?.n).toBe(1);
      // The seeded operator alone in charge again for the next round.
      await ctx.db.execute(sql`UPDATE users SET role = CASE WHEN id = ${admin.id} THEN 'owner' ELSE 'user' END`);
    }
  });

  it('refuses an operator demoted after their request began (checked under the lock)', async () => {
    const b = await anotherAdmin(ctx);
    const c = await anotherAdmin(ctx);
    const staleB = await findUserById(ctx.db, b.id);
    if (!staleB) throw new Error('b missing');
    await post(admin.client, `/api/admin/users/${b.id}/role`, { role: 'user' });
    await expect(setRole(ctx.db, c.id, 'user', staleB)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await findUserById(ctx.db, c.id))?.role).toBe('owner');
  });

  it.each([[{ role: 'root' }], [{ role: 'admin' }], [{}], [{ role: 'owner', extra: 1 }], [{ role: 42 }]])(
    'answers the body %j with a 400 and changes nothing',
    async (body) => {
      const member = await fundedUser(ctx, 0);
      const res = await post(admin.client, `/api/admin/users/${member.id}/role`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect((await findUserById(ctx.db, member.id))?.role).toBe('user');
    },
  );

  it('answers an unknown id with 404', async () => {
    const res = await post(admin.client, '/api/admin/users/nobody/role', { role: 'owner' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('USER_NOT_FOUND');
  });
});
