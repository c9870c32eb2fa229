import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newKey, TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let target: Awaited<ReturnType<typeof fundedUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  target = await fundedUser(ctx, 10_000);
});
afterAll(() => ctx.close());

/** Every route of this feature's console API, with a body it would accept from an admin. */
const routes = (id: string): [string, string, unknown?][] => [
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users?q=member&status=active'],
  ['GET', `/api/admin/users/${id}`],
  ['GET', `/api/admin/users/${id}/transactions`],
  ['POST', `/api/admin/users/${id}/activate`, {}],
  ['POST', `/api/admin/users/${id}/deactivate`, {}],
  ['POST', `/api/admin/users/${id}/role`, { role: 'owner' }],
  ['POST', `/api/admin/users/${id}/adjust`, { amountCents: 100, reason: 'Goodwill' }],
  ['GET', '/api/admin/transactions'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/exports/users.csv'],
  ['GET', '/api/admin/exports/transactions.csv'],
];

const moved = async () =>
  (
    await rows<{ n: number }>(
      ctx.db,
      sql`SELECT ((SELECT count(*) FROM journals) + (SELECT count(*) FROM audit_log))::int AS n`,
    )
  )[0]?.n;

describe('the console API is for admins only, checked on the server', () => {
  it('answers a visitor 401 and a member 403 on every route, and changes nothing', async () => {
    const member = await fundedUser(ctx, 0);
    const before = await moved();
    for (const [method, url, body] of routes(target.id)) {
      const anonymous = await new TestClient(ctx.app).request(method as 'GET', url, body, {
        'idempotency-key': newKey(),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: messages.notSignedIn });
      const refused = await member.client.request(method as 'GET', url, body, { 'idempotency-key': newKey() });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: messages.forbidden });
    }
    expect(await moved()).toBe(before);
    expect((await target.wallet()).balanceCents).toBe(10_000);
  });

  it('answers an admin on every route', async () => {
    const admin = await signedInAdmin(ctx);
    for (const [method, url, body] of routes(target.id)) {
      const res = await admin.client.request(method as 'GET', url, body, { 'idempotency-key': newKey() });
      expect(res.statusCode, `${method} ${url} ${res.body.slice(0, 200)}`).toBeLessThan(300);
    }
  });

  it('lists the console in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/api/admin/users',
      '/api/admin/users/{id}/adjust',
      '/api/admin/overview',
      '/api/admin/audit',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
