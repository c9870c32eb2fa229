import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecalledSession } from '../core/auth/session-reader.js';
import { setAccountActive } from '../core/users/activation.service.js';
import type { UserRow } from '../core/users/users.queries.js';
import { markEmailVerified, newUser, TestClient } from '../test/client.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../test/test-app.js';
import { currentUser, requireActiveUser, requireActiveUserCheckedLater, transferSender } from './guards.js';

/*
 * A session recalled from this node's memory (requireActiveUserCheckedLater) is as it was up to a
 * minute ago: only a booking that checks it in its own transaction may take it (the transfer's). The
 * types carry that: the guard hands it on as a RecalledSession, which is no UserRow, and only through
 * transferSender; a route that asks for the user of such a request gets none.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A signed-up, activated user's session cookie, read once through GET /api/me (so this node remembers it). */
async function rememberedSession() {
  const client = new TestClient(ctx.app);
  const body = newUser();
  await client.request('POST', '/api/auth/sign-up/email', body);
  await markEmailVerified(ctx.app, body.email);
  const res = await client.login(body.email, body.password);
  const cookie = res.cookies.find((c) => c.name.endsWith('session_token'));
  if (!cookie) throw new Error('no session cookie');
  const header = `${cookie.name}=${cookie.value}`;
  // Activated: only active users' sessions are remembered.
  await setAccountActive(ctx.db, body.email, true, 'test');
  const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { origin: TEST_ORIGIN, cookie: header } });
  expect(me.statusCode).toBe(200);
  return { cookie: header, user: me.json() as { id: string; name: string; email: string } };
}

/** A request of this app carrying this cookie, as the guards see one. */
function requestWith(cookie: string): FastifyRequest {
  return { server: ctx.app, headers: { cookie }, user: null, sessionToken: null, recalled: null } as never;
}

describe('a session recalled from memory', () => {
  it('is no user: the route gets none from currentUser, and transferSender hands it on as a RecalledSession', async () => {
    const { cookie, user } = await rememberedSession();
    const req = requestWith(cookie);
    await requireActiveUserCheckedLater(req);
    expect(() => currentUser(req)).toThrow();
    const sender = transferSender(req);
    expect(sender).toEqual({ recalled: true, token: expect.any(String), id: user.id, name: user.name });
    // Nothing of the user's row but who they are: no e-mail, role or state to act on unchecked.
    expect(Object.keys(sender).sort()).toEqual(['id', 'name', 'recalled', 'token']);
  });

  it('read afresh (requireActiveUser), the same request has its user again', async () => {
    const { cookie, user } = await rememberedSession();
    const req = requestWith(cookie);
    await requireActiveUserCheckedLater(req);
    await requireActiveUser(req);
    expect(currentUser(req)).toMatchObject({ id: user.id, email: user.email });
    expect(transferSender(req)).toMatchObject({ id: user.id, email: user.email });
  });

  it('is not a UserRow to the type checker', () => {
    const recalled: RecalledSession = { recalled: true, token: 't', id: 'u', name: 'n' };
    // @ts-expect-error a recalled session lacks the user's row: it cannot stand for a user
    const asUser: UserRow = recalled;
    expect(asUser).toBe(recalled);
  });
});
