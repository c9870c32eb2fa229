import { sessionListSchema, sessionMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDevice } from '../../core/auth/device-name.js';
import { rows } from '../../lib/sql.js';
import { TestClient } from '../../test/client.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_LIMIT_PER_EMAIL: '1000', LOGIN_LIMIT_PER_IP: '1000' });
});
afterAll(() => ctx.close());

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * A second device: signs in with its own address and browser (inject's remoteAddress is what
 * Fastify resolves as request.ip) and keeps its own cookie.
 */
async function signInElsewhere(
  email: string,
  password: string,
  device: { remoteAddress: string; userAgent: string; headers?: Record<string, string> },
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: device.remoteAddress,
    headers: { origin: TEST_ORIGIN, 'user-agent': device.userAgent, ...device.headers },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    request: (method: 'GET' | 'POST' | 'DELETE', url: string) =>
      ctx.app.inject({
        method,
        url,
        remoteAddress: device.remoteAddress,
        headers: { origin: TEST_ORIGIN, 'user-agent': device.userAgent, cookie },
      }),
  };
}

const tokensOf = async (userId: string) =>
  (await rows<{ token: string }>(ctx.db, sql`select token from sessions where user_id = ${userId}`)).map(
    (r) => r.token,
  );

async function registered() {
  const client = new TestClient(ctx.app);
  const body = await client.register();
  const me = (await client.request('GET', '/api/me')).json() as { id: string };
  return { client, body, userId: me.id };
}

describe('changing the password', () => {
  it.each([
    ['when the client asks to keep them', { revokeOtherSessions: false }],
    ['when the client says nothing', {}],
  ])('signs out every other session, %s; the changing one keeps working', async (_label, extra) => {
    const { client, body } = await registered();
    const other = await signInElsewhere(body.email, body.password, {
      remoteAddress: '198.51.100.20',
      userAgent: CHROME_LINUX,
    });
    expect((await other.request('GET', '/api/me')).statusCode).toBe(200);

    const res = await client.request('POST', '/api/auth/change-password', {
      currentPassword: body.password,
      newPassword: 'a brand new password',
      ...extra,
    });
    expect(res.statusCode).toBe(200);
    expect((await other.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await client.request('GET', '/api/me')).statusCode).toBe(200);
  });
});

describe('GET /api/sessions', () => {
  it('lists both sessions with address and device, the current one first and marked, never a token', async () => {
    const { client, body, userId } = await registered();
    await signInElsewhere(body.email, body.password, { remoteAddress: '203.0.113.9', userAgent: SAFARI_IPHONE });

    const res = await client.request('GET', '/api/sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = sessionListSchema.parse(res.json());
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, ipAddress: '127.0.0.1' });
    expect(sessions[1]).toMatchObject({ current: false, ipAddress: '203.0.113.9', device: 'Safari on iPhone' });
    for (const s of sessions) expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);

    const tokens = await tokensOf(userId);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect(res.body).not.toContain(token);
  });

  it('records the address Fastify resolved, not one the client wrote in a header', async () => {
    const { body } = await registered();
    const device = await signInElsewhere(body.email, body.password, {
      remoteAddress: '192.0.2.44',
      userAgent: CHROME_LINUX,
      headers: { 'x-meridian-client-ip': '6.6.6.6', 'x-forwarded-for': '7.7.7.7' },
    });
    const { sessions } = sessionListSchema.parse((await device.request('GET', '/api/sessions')).json());
    expect(sessions.find((s) => s.current)).toMatchObject({ ipAddress: '192.0.2.44', device: 'Chrome on Linux' });
  });

  it('answers a visitor with 401', async () => {
    const visitor = new TestClient(ctx.app);
    expect((await visitor.request('GET', '/api/sessions')).statusCode).toBe(401);
    expect((await visitor.request('POST', '/api/sessions/revoke-others')).statusCode).toBe(401);
    expect((await visitor.request('DELETE', '/api/sessions/abc')).statusCode).toBe(401);
  });
});

describe('DELETE /api/sessions/:id', () => {
  it("signs out the user's other session and leaves this one signed in", async () => {
    const { client, body } = await registered();
    const other = await signInElsewhere(body.email, body.password, {
      remoteAddress: '203.0.113.10',
      userAgent: CHROME_LINUX,
    });
    const { sessions } = sessionListSchema.parse((await client.request('GET', '/api/sessions')).json());
    const target = sessions.find((s) => !s.current);
    if (!target) throw new Error('no other session listed');

    const res = await client.request('DELETE', `/api/sessions/${target.id}`);
    expect(res.statusCode).toBe(204);
    expect((await other.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await client.request('GET', '/api/me')).statusCode).toBe(200);
    const after = sessionListSchema.parse((await client.request('GET', '/api/sessions')).json());
    expect(after.sessions.map((s) => s.id)).not.toContain(target.id);

    const again = await client.request('DELETE', `/api/sessions/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({ code: 'NOT_FOUND', message: sessionMessages.sessionNotFound });
  });

  it("cannot end another user's session: 404, and that session stays signed in", async () => {
    const victim = await registered();
    const attacker = await registered();
    const [victimSession] = sessionListSchema.parse(
      (await victim.client.request('GET', '/api/sessions')).json(),
    ).sessions;
    if (!victimSession) throw new Error('victim has no session');

    const res = await attacker.client.request('DELETE', `/api/sessions/${victimSession.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: sessionMessages.sessionNotFound });
    expect((await victim.client.request('GET', '/api/me')).statusCode).toBe(200);
  });

  it('answers an unknown id with 404 and a malformed one with 400, never a 500', async () => {
    const { client } = await registered();
    expect((await client.request('DELETE', '/api/sessions/doesNotExist123')).statusCode).toBe(404);
    for (const bad of ['%00', 'a%00b', 'semi%3Bcolon', 'dot.dot']) {
      const res = await client.request('DELETE', `/api/sessions/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('POST /api/sessions/revoke-others', () => {
  it('signs out every other session and keeps the current one', async () => {
    const { client, body, userId } = await registered();
    const phone = await signInElsewhere(body.email, body.password, {
      remoteAddress: '203.0.113.11',
      userAgent: SAFARI_IPHONE,
    });
    const laptop = await signInElsewhere(body.email, body.password, {
      remoteAddress: '203.0.113.12',
      userAgent: CHROME_LINUX,
    });
    const bystander = await registered();

    const res = await client.request('POST', '/api/sessions/revoke-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await phone.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await laptop.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await client.request('GET', '/api/me')).statusCode).toBe(200);
    expect(await tokensOf(userId)).toHaveLength(1);
    expect((await bystander.client.request('GET', '/api/me')).statusCode).toBe(200);
  });
});

describe('describeDevice', () => {
  it.each([
    [CHROME_LINUX, 'Chrome on Linux'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['something else entirely', null],
    ['', null],
    [null, null],
  ])('%s → %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});
