import { passkeyMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPasskey } from '../../core/auth/passkeys.js';
import { updateUser } from '../../core/users/users.queries.js';
import { rows } from '../../lib/sql.js';
import { TestClient } from '../../test/client.js';
import { SoftPasskey } from '../../test/soft-passkey.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * Passkeys through Better Auth's plugin behind Meridian's routes, with a software authenticator
 * (test/soft-passkey.ts) answering the real ceremonies.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Member {
  client: TestClient;
  id: string;
  email: string;
}

async function member(): Promise<Member> {
  const client = new TestClient(ctx.app);
  const { email } = await client.register();
  const me = await client.request('GET', '/api/me');
  return { client, id: me.json().id, email };
}

/** Adds a passkey to the member's account the way the browser does: options, then the answer. */
async function enrol(who: Member, name = 'My laptop', key = new SoftPasskey()) {
  const options = await who.client.request('GET', '/api/auth/passkey/generate-register-options');
  expect(options.statusCode).toBe(200);
  const res = await who.client.request('POST', '/api/auth/passkey/verify-registration', {
    response: key.register(options.json()),
    name,
  });
  return { key, res };
}

/** Signs `client` in with `key` alone; `tamper` changes the assertion before it is sent. */
async function passkeySignIn(
  client: TestClient,
  key: SoftPasskey,
  tamper: (a: ReturnType<SoftPasskey['assert']>) => unknown = (a) => a,
) {
  const options = await client.request('GET', '/api/auth/passkey/generate-authenticate-options');
  expect(options.statusCode).toBe(200);
  return client.request('POST', '/api/auth/passkey/verify-authentication', {
    response: tamper(key.assert(options.json())),
  });
}

const stored = (userId: string) =>
  rows<{ counter: number; used: boolean; name: string | null }>(
    ctx.db,
    sql`select counter, last_used_at is not null as used, name from passkeys where user_id = ${userId} order by created_at`,
  );
const sessionCount = async (userId: string) =>
  (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from sessions where user_id = ${userId}`))[0]?.n;

describe('adding a passkey', () => {
  it('registers a named passkey for the signed-in member, listed with its dates and no key material', async () => {
    const who = await member();
    expect(await hasPasskey(ctx.db, who.id)).toBe(false);
    const options = await who.client.request('GET', '/api/auth/passkey/generate-register-options');
    expect(options.json()).toMatchObject({ rp: { id: 'localhost', name: 'Meridian' }, user: { name: who.email } });

    const { res } = await enrol(who, '  Work phone  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Work phone', userId: who.id });
    expect(await hasPasskey(ctx.db, who.id)).toBe(true);

    const list = await who.client.request('GET', '/api/auth/passkey/list-user-passkeys');
    expect(list.statusCode).toBe(200);
    const [only, ...rest] = list.json();
    expect(rest).toEqual([]);
    expect(only).toEqual({
      id: expect.any(String),
      name: 'Work phone',
      createdAt: expect.any(String),
      lastUsedAt: null,
      deviceType: 'singleDevice',
      backedUp: false,
    });
  });

  it('needs a session: a visitor can neither start nor finish adding one', async () => {
    const visitor = new TestClient(ctx.app);
    expect((await visitor.request('GET', '/api/auth/passkey/generate-register-options')).statusCode).toBe(401);
    const res = await visitor.request('POST', '/api/auth/passkey/verify-registration', {
      response: new SoftPasskey().register({ challenge: 'AAAA' }),
      name: 'Mine',
    });
    expect(res.statusCode).toBe(401);
    expect((await rows(ctx.db, sql`select 1 from passkeys where name = 'Mine'`)).length).toBe(0);
  });

  it.each([
    ['', passkeyMessages.nameRequired],
    ['   ', passkeyMessages.nameRequired],
    ['x'.repeat(51), passkeyMessages.nameTooLong],
  ])('refuses the name %j with its message, storing nothing', async (name, message) => {
    const who = await member();
    const { res } = await enrol(who, name);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await stored(who.id)).toEqual([]);
  });

  it('refuses an answer to a challenge it was not given (or one already used), storing nothing', async () => {
    const who = await member();
    await who.client.request('GET', '/api/auth/passkey/generate-register-options');
    const forged = await who.client.request('POST', '/api/auth/passkey/verify-registration', {
      response: new SoftPasskey().register({ challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' }),
      name: 'Forged',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: passkeyMessages.registrationFailed,
    });
    // The failed attempt used the challenge up: answering it correctly now is too late.
    const again = await who.client.request('POST', '/api/auth/passkey/verify-registration', {
      response: new SoftPasskey().register({ challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' }),
      name: 'Forged',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(passkeyMessages.expired);
    expect(await stored(who.id)).toEqual([]);
  });

  it('refuses a passkey made for another site (another relying party)', async () => {
    const who = await member();
    const options = await who.client.request('GET', '/api/auth/passkey/generate-register-options');
    const res = await who.client.request('POST', '/api/auth/passkey/verify-registration', {
      response: new SoftPasskey('evil.example', 'https://evil.example').register(options.json()),
      name: 'Elsewhere',
    });
    expect(res.statusCode).toBe(400);
    expect(await stored(who.id)).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone, stamps its last use and hands no session token to the page', async () => {
    const who = await member();
    const { key } = await enrol(who);
    const browser = new TestClient(ctx.app);
    const res = await passkeySignIn(browser, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: who.id, email: who.email }, session: { userId: who.id } });
    expect(res.json().session.token).toBeUndefined();
    const me = await browser.request('GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(who.id);
    expect(await stored(who.id)).toEqual([{ counter: 1, used: true, name: 'My laptop' }]);
    const list = await browser.request('GET', '/api/auth/passkey/list-user-passkeys');
    expect(Date.parse(list.json()[0].lastUsedAt)).toBeGreaterThanOrEqual(
      Date.parse(res.json().session.createdAt) - 1000,
    );
  });

  it('lists a passkey sign-in in the sign-in history, with its method', async () => {
    const who = await member();
    const { key } = await enrol(who);
    const browser = new TestClient(ctx.app);
    expect((await passkeySignIn(browser, key)).statusCode).toBe(200);
    const history = await browser.request('GET', '/api/sign-ins');
    expect(history.json().signIns[0]).toMatchObject({ method: 'passkey', succeeded: true });
  });

  it('refuses the same assertion twice: each challenge answers once', async () => {
    const who = await member();
    const { key } = await enrol(who);
    const browser = new TestClient(ctx.app);
    const options = await browser.request('GET', '/api/auth/passkey/generate-authenticate-options');
    const assertion = key.assert(options.json());
    const first = await browser.request('POST', '/api/auth/passkey/verify-authentication', { response: assertion });
    expect(first.statusCode).toBe(200);
    const sessions = await sessionCount(who.id);
    const replay = await new TestClient(ctx.app).request('POST', '/api/auth/passkey/verify-authentication', {
      response: assertion,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: passkeyMessages.expired });
    expect(await sessionCount(who.id)).toBe(sessions);
  });

  it('refuses an unknown passkey, signing no one in', async () => {
    const browser = new TestClient(ctx.app);
    const res = await passkeySignIn(browser, new SoftPasskey());
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: passkeyMessages.signInFailed });
    expect((await browser.request('GET', '/api/me')).statusCode).toBe(401);
  });

  it('refuses one member’s passkey asserted as another member’s credential: nobody signed in, nothing changed', async () => {
    const alice = await member();
    const bob = await member();
    const { key: aliceKey } = await enrol(alice);
    const { key: bobKey } = await enrol(bob);
    const bobSessions = await sessionCount(bob.id);
    const browser = new TestClient(ctx.app);
    // Alice's authenticator signs; the answer names Bob's credential.
    const res = await passkeySignIn(browser, aliceKey, (a) => ({ ...a, id: bobKey.id, rawId: bobKey.id }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: passkeyMessages.signInFailed });
    expect((await browser.request('GET', '/api/me')).statusCode).toBe(401);
    expect(await sessionCount(bob.id)).toBe(bobSessions);
    expect(await stored(bob.id)).toEqual([{ counter: 0, used: false, name: 'My laptop' }]);
  });

  it('refuses another member’s passkey answering a signed-in member’s challenge: no switch of account, nothing changed', async () => {
    const alice = await member();
    const bob = await member();
    const { key: aliceKey } = await enrol(alice);
    const aliceSessions = await sessionCount(alice.id);
    // Bob, signed in, asks for a challenge; Alice's passkey answers it.
    const res = await passkeySignIn(bob.client, aliceKey);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: passkeyMessages.notYours });
    expect((await bob.client.request('GET', '/api/me')).json().id).toBe(bob.id);
    expect(await sessionCount(alice.id)).toBe(aliceSessions);
    expect(await stored(alice.id)).toEqual([{ counter: 0, used: false, name: 'My laptop' }]);
  });
});

describe('managing passkeys', () => {
  it('renames and removes the member’s own passkey', async () => {
    const who = await member();
    await enrol(who, 'Old name');
    const [pk] = (await who.client.request('GET', '/api/auth/passkey/list-user-passkeys')).json();
    const renamed = await who.client.request('POST', '/api/auth/passkey/update-passkey', {
      id: pk.id,
      name: ' New name ',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await stored(who.id))[0]?.name).toBe('New name');
    const removed = await who.client.request('POST', '/api/auth/passkey/delete-passkey', { id: pk.id });
    expect(removed.statusCode).toBe(200);
    expect(await stored(who.id)).toEqual([]);
    expect(await hasPasskey(ctx.db, who.id)).toBe(false);
  });

  it('refuses to remove or rename another member’s passkey, answering as for one that does not exist', async () => {
    const alice = await member();
    const mallory = await member();
    await enrol(alice, 'Alice’s key');
    const [pk] = (await alice.client.request('GET', '/api/auth/passkey/list-user-passkeys')).json();
    const del = await mallory.client.request('POST', '/api/auth/passkey/delete-passkey', { id: pk.id });
    expect(del.statusCode).toBe(404);
    expect(del.json().error).toMatchObject({ code: 'NOT_FOUND', message: passkeyMessages.notFound });
    const ren = await mallory.client.request('POST', '/api/auth/passkey/update-passkey', { id: pk.id, name: 'Mine' });
    expect(ren.statusCode).toBe(404);
    const missing = await mallory.client.request('POST', '/api/auth/passkey/delete-passkey', { id: 'no-such-id' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: passkeyMessages.notFound });
    expect(await stored(alice.id)).toEqual([{ counter: 0, used: false, name: 'Alice’s key' }]);
    expect((await mallory.client.request('GET', '/api/auth/passkey/list-user-passkeys')).json()).toEqual([]);
  });
});

describe('the address’s login limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_LIMIT_PER_IP: '2' });
  });
  afterAll(() => limited.close());

  it('counts passkey sign-ins: past the limit the address waits, whatever the passkey', async () => {
    const browser = new TestClient(limited.app);
    const key = new SoftPasskey();
    const attempt = async () => {
      const options = await browser.request('GET', '/api/auth/passkey/generate-authenticate-options');
      return browser.request('POST', '/api/auth/passkey/verify-authentication', {
        response: key.assert(options.json()),
      });
    };
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('a passkey as the console’s second factor', () => {
  it('lets an operator without an authenticator app into the console once they have a passkey', async () => {
    const operator = await member();
    await updateUser(ctx.db, operator.id, { role: 'finance', isActive: true });
    const before = await operator.client.request('GET', '/api/admin/withdrawals');
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ error: { code: 'TWO_FACTOR_REQUIRED' } });
    expect((await operator.client.request('GET', '/api/me')).json()).toMatchObject({ secondFactor: false });

    expect((await enrol(operator)).res.statusCode).toBe(200);
    expect((await operator.client.request('GET', '/api/me')).json()).toMatchObject({
      secondFactor: true,
      twoFactorEnabled: false,
    });
    expect((await operator.client.request('GET', '/api/admin/withdrawals')).statusCode).toBe(200);
  });
});
