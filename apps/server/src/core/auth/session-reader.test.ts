import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { rows } from '../../lib/sql.js';
import { newUser, TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';
import { setAccountActive } from '../users/activation.service.js';
import { liveSessionTokens, parseCookies, verifySignedValue } from './session-reader.js';

const sign = (value: string, secret: string) =>
  `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;

describe('verifySignedValue', () => {
  it('accepts a value signed with the secret and nothing else', () => {
    expect(verifySignedValue(sign('token-1', 's3cret'), 's3cret')).toBe('token-1');
    expect(verifySignedValue(sign('token-1', 'other'), 's3cret')).toBeNull();
    expect(verifySignedValue(sign('token-1', 's3cret').replace('token-1', 'token-2'), 's3cret')).toBeNull();
    expect(verifySignedValue('token-1', 's3cret')).toBeNull();
    expect(verifySignedValue('token-1.short=', 's3cret')).toBeNull();
    expect(verifySignedValue(`.${sign('x', 's3cret').split('.')[1]}`, 's3cret')).toBeNull();
  });
});

describe('parseCookies', () => {
  it('decodes values, keeps the first of a repeated name, and skips what it cannot read', () => {
    const c = parseCookies('a=1; b=%2Fx%3D; a=2; "q"; bad=%E0%A4%A; c="quoted"');
    expect(c.get('a')).toBe('1');
    expect(c.get('b')).toBe('/x=');
    expect(c.get('c')).toBe('quoted');
    expect(c.has('bad')).toBe(false);
    expect(parseCookies(undefined).size).toBe(0);
  });
});

describe('who is asking', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** A fresh user's session cookie, as `name=value`, and its token. */
  async function signedUp() {
    const client = new TestClient(ctx.app);
    const body = newUser();
    expect((await client.request('POST', '/api/auth/sign-up/email', body)).statusCode).toBe(200);
    // A sign-up does not sign in (it answers alike for a taken address): the password does.
    const res = await client.login(body.email, body.password);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name.endsWith('session_token'));
    if (!cookie) throw new Error('no session cookie');
    const token = decodeURIComponent(cookie.value).split('.')[0] ?? '';
    return { cookie: `${cookie.name}=${cookie.value}`, name: cookie.name, token, email: body.email };
  }

  const me = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/me', headers: { origin: TEST_ORIGIN, cookie } });

  it('knows a signed-in user and refuses a cookie whose signature was tampered with', async () => {
    const s = await signedUp();
    const ok = await me(s.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: s.email });

    const forged = `${s.name}=${encodeURIComponent(sign(s.token, 'not-the-secret'))}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(`${s.name}=${encodeURIComponent(s.token)}`)).statusCode).toBe(401);
    expect((await me('')).statusCode).toBe(401);
  });

  it('refuses an expired session and lets Better Auth remove it', async () => {
    const s = await signedUp();
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.token, s.token));
    expect((await me(s.cookie)).statusCode).toBe(401);
    const left = await rows(ctx.db, sql`SELECT 1 FROM sessions WHERE token = ${s.token}`);
    expect(left).toHaveLength(0);
  });

  it('extends a session that is due for it, as Better Auth does', async () => {
    const s = await signedUp();
    const soon = new Date(Date.now() + 60 * 60_000);
    await ctx.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.token, s.token));
    expect((await me(s.cookie)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.token, s.token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
  });

  it('forgets a session once its user signs out', async () => {
    const s = await signedUp();
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: s.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(s.cookie)).statusCode).toBe(401);
  });

  it('answers each of many requests at once with its own user, a signed-out one among them', async () => {
    // More requests than lookups run at once, so most are read together in one query.
    const users = await Promise.all(Array.from({ length: 12 }, () => signedUp()));
    const [gone] = users;
    if (!gone) throw new Error('no users');
    await ctx.db.delete(sessions).where(eq(sessions.token, gone.token));
    const answers = await Promise.all([...users, ...users].map((u) => me(u.cookie)));
    answers.forEach((res, i) => {
      const u = users[i % users.length];
      if (u === gone) expect(res.statusCode).toBe(401);
      else expect(res.json()).toMatchObject({ email: u?.email });
    });
  });

  it('tells which sessions are still live for realtime sockets: not after sign-out or deactivation', async () => {
    const tokenOf = async (userId: string) =>
      (await rows<{ token: string }>(ctx.db, sql`SELECT token FROM sessions WHERE user_id = ${userId}`))[0]?.token ??
      '';
    const stays = await fundedUser(ctx, 0);
    const leaves = await fundedUser(ctx, 0);
    const deactivated = await fundedUser(ctx, 0);
    const tokens = [await tokenOf(stays.id), await tokenOf(leaves.id), await tokenOf(deactivated.id), 'no-such-token'];
    expect(await liveSessionTokens(ctx.db, tokens)).toEqual(new Set(tokens.slice(0, 3)));

    expect((await leaves.client.request('POST', '/api/auth/sign-out', {})).statusCode).toBe(200);
    await setAccountActive(ctx.db, deactivated.body.email, false, 'test');
    expect(await liveSessionTokens(ctx.db, tokens)).toEqual(new Set(tokens.slice(0, 1)));
    expect(await liveSessionTokens(ctx.db, [])).toEqual(new Set());
  });
});
