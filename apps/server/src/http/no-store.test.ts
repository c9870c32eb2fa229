import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, TestClient } from '../test/client.js';
import { fundedUser } from '../test/money.js';
import { signedInAdmin } from '../test/operator.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/*
 * A shared cache, or the browser's back button, must never show one member's balances, history or
 * session to the next person: every /api answer is `Cache-Control: no-store`, errors included. The
 * walk covers the server's whole route table (as the authorization matrix does), so a new route
 * cannot ship without it. The API document is the same for everyone and is left out.
 */

const routes: RouteOptions[] = [];
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { onRoute: (r) => routes.push(r) });
});
afterAll(() => ctx.close());

/** Routes that end the caller's sessions run last, so each identity keeps its session to the end. */
const SIGNS_OUT = ['POST /api/sessions/revoke-others', 'POST /api/auth/sign-out'];

function apiRoutes(): string[] {
  const keys = routes.flatMap((r) => [r.method].flat().map((method) => `${method} ${r.url}`));
  return [...new Set(keys)]
    .filter((k) => k.includes(' /api/') && !k.startsWith('HEAD ') && !k.includes(' /api/docs'))
    .filter((k) => k !== 'GET /api/realtime')
    .sort((a, b) => SIGNS_OUT.indexOf(a) - SIGNS_OUT.indexOf(b));
}

const noStore = (header: unknown) => typeof header === 'string' && /(^|,\s*)no-store(\s*,|$)/.test(header);

describe('Cache-Control: no-store', () => {
  it('is on every /api answer of every route, signed in or not, successes and errors alike', async () => {
    const member = await fundedUser(ctx, 10_000);
    const admin = await signedInAdmin(ctx);
    const who = { anonymous: new TestClient(ctx.app), member: member.client, admin: admin.client };
    const table = apiRoutes();
    expect(table.length).toBeGreaterThan(60);
    const missing: string[] = [];
    const statuses = new Set<number>();
    for (const [name, client] of Object.entries(who)) {
      for (const key of [...table, 'GET /api/no-such-route']) {
        const [method, url] = key.split(' ') as [string, string];
        // The member's own id where a route takes one, so some answers are successes with data.
        const concrete = url.replace(/:id\b/g, name === 'admin' ? member.id : 'no-such-id').replace(/:\w+/g, 'x');
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const res = await client.request(method as 'GET', concrete, body, { 'idempotency-key': newKey() });
        statuses.add(res.statusCode);
        if (!noStore(res.headers['cache-control']))
          missing.push(`${name} ${key}: ${res.statusCode} cache-control=${String(res.headers['cache-control'])}`);
      }
    }
    expect(missing).toEqual([]);
    // The walk met successes, refusals and errors of each kind.
    for (const status of [200, 400, 401, 403, 404]) expect(statuses).toContain(status);
  });

  it("is on the signed-in reads that carry a member's money and session", async () => {
    const member = await fundedUser(ctx, 25_000);
    for (const url of ['/api/me', '/api/wallet', '/api/transactions', '/api/auth/get-session', '/api/sessions']) {
      const res = await member.client.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const signIn = await new TestClient(ctx.app).login(member.body.email, member.body.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});
