import { messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newUser, TestClient } from '../../test/client.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';
import { loginLimitKeys } from './auth-limits.js';

const LIMITS = {
  SIGNUP_LIMIT_PER_IP: '3',
  RESET_LIMIT_PER_IP: '3',
  RESET_LIMIT_PER_EMAIL: '2',
  LOGIN_LIMIT_PER_EMAIL: '5',
  LOGIN_LIMIT_PER_IP: '1000',
};
const HOUR_SECONDS = 3600;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(LIMITS);
});
afterAll(() => ctx.close());

let addressCounter = 0;
/** A client address no other test uses, so each test starts with fresh per-address counters. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
};

/** An anonymous POST from a given client address (inject's remoteAddress is Fastify's request.ip). */
const postFrom = (remoteAddress: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, remoteAddress, headers: { origin: TEST_ORIGIN }, payload });

const requestReset = (remoteAddress: string, email: string) =>
  postFrom(remoteAddress, '/api/auth/request-password-reset', { email });

/** Signs a new user up from an address of its own (127.0.0.1's sign-up allowance is soon used up). */
async function registered() {
  const body = newUser();
  const res = await postFrom(freshAddress(), '/api/auth/sign-up/email', body);
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return body;
}

const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(ctx.db, query))[0]?.n ?? 0);

const resetMailsTo = (email: string) =>
  count(sql`select count(*)::int as n from email_outbox where to_address = ${email} and template = 'password-reset'`);

/** A 429 in Meridian's envelope whose Retry-After is whole seconds within the window. */
function expectLimited(res: LightMyRequestResponse, message: string, windowSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error).toMatchObject({ code: 'RATE_LIMITED', message });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  return retryAfter;
}

/** Moves a counter's window back in time, as if `seconds` had passed since it opened. */
const ageWindow = (key: string, seconds: number) =>
  ctx.db.execute(
    sql`update rate_limits set window_start = now() - make_interval(secs => ${seconds}) where key = ${key}`,
  );

describe('sign-up limit per address', () => {
  it('refuses the sign-up past the limit with a 429 and Retry-After, writes nothing, and frees with the window', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) {
      expect((await postFrom(address, '/api/auth/sign-up/email', newUser())).statusCode).toBe(200);
    }
    const users = await count(sql`select count(*)::int as n from users`);
    const flood = newUser();
    const limited = await postFrom(address, '/api/auth/sign-up/email', flood);
    expectLimited(limited, messages.tooManyRequests, HOUR_SECONDS);
    expect(await count(sql`select count(*)::int as n from users`)).toBe(users);

    // Another address is not affected.
    expect((await postFrom(freshAddress(), '/api/auth/sign-up/email', newUser())).statusCode).toBe(200);

    // Retry-After is the time left in the window: ten seconds before it ends, it says at most ten.
    await ageWindow(`signup:ip:${address}`, HOUR_SECONDS - 10);
    const nearlyFree = await postFrom(address, '/api/auth/sign-up/email', newUser());
    expect(expectLimited(nearlyFree, messages.tooManyRequests, 10)).toBeLessThanOrEqual(10);
    await ageWindow(`signup:ip:${address}`, HOUR_SECONDS + 1);
    expect((await postFrom(address, '/api/auth/sign-up/email', flood)).statusCode).toBe(200);
  });

  it('does not count a sign-up refused for a common password', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await postFrom(address, '/api/auth/sign-up/email', newUser({ password: 'password1' }));
      expect(res.json().error.message).toBe(messages.passwordTooCommon);
    }
    expect((await postFrom(address, '/api/auth/sign-up/email', newUser())).statusCode).toBe(200);
  });
});

describe('password-reset limits', () => {
  it('limits reset requests per address, across e-mails, with Retry-After', async () => {
    const address = freshAddress();
    const known = await registered();
    const emails = [known.email, 'nobody-a@example.com', 'nobody-b@example.com'];
    for (const email of emails) expect((await requestReset(address, email)).statusCode).toBe(200);
    expectLimited(await requestReset(address, 'nobody-c@example.com'), messages.tooManyRequests, HOUR_SECONDS);
    expectLimited(await requestReset(address, known.email), messages.tooManyRequests, HOUR_SECONDS);
    expect(await resetMailsTo(known.email)).toBe(1);
  });

  it('limits reset requests per e-mail from any address, and answers alike for known and unknown e-mails', async () => {
    const known = await registered();
    const unknown = newUser().email;
    const answers: Record<string, LightMyRequestResponse[]> = { [known.email]: [], [unknown]: [] };
    for (const email of [known.email, unknown]) {
      for (let i = 0; i < 4; i++) answers[email]?.push(await requestReset(freshAddress(), email));
    }
    // Everything a client can see — status, body (less the request id), Retry-After — is the same.
    const visible = (res: LightMyRequestResponse) => ({
      status: res.statusCode,
      body: { ...res.json(), error: res.json().error ? { ...res.json().error, requestId: undefined } : undefined },
      limited: res.headers['retry-after'] !== undefined,
      type: res.headers['content-type'],
    });
    expect(answers[known.email]?.map(visible)).toEqual(answers[unknown]?.map(visible));
    expect(answers[known.email]?.map((r) => r.statusCode)).toEqual([200, 200, 429, 429]);
    for (const res of answers[known.email]?.slice(2) ?? []) {
      expectLimited(res, messages.tooManyRequests, HOUR_SECONDS);
    }
    // A flood queues no more e-mails than the limit.
    expect(await resetMailsTo(known.email)).toBe(2);
  });

  it('counts the e-mail in any letter case as one', async () => {
    const email = newUser().email;
    await requestReset(freshAddress(), email);
    await requestReset(freshAddress(), email.toUpperCase());
    expectLimited(
      await requestReset(freshAddress(), email.replace('user', 'USER')),
      messages.tooManyRequests,
      HOUR_SECONDS,
    );
  });
});

describe('login failures per e-mail', () => {
  const wrong = (client: TestClient, email: string) => client.login(email, 'not the password at all');

  it('lets the owner in with the right password after five wrong attempts', async () => {
    const body = await registered();
    const attacker = new TestClient(ctx.app);
    for (let i = 0; i < 5; i++) expect((await wrong(attacker, body.email)).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(200);
  });

  it('answers the sixth wrong attempt after five with a 429 and Retry-After, then waits for the window', async () => {
    const body = await registered();
    const attacker = new TestClient(ctx.app);
    for (let i = 0; i < 5; i++) expect((await wrong(attacker, body.email)).statusCode).toBe(401);
    expectLimited(await wrong(attacker, body.email), messages.tooManyAttempts, 60);
    // Past the limit the password is no longer checked, even the right one, until the window ends.
    expectLimited(await new TestClient(ctx.app).login(body.email, body.password), messages.tooManyAttempts, 60);
    await ageWindow(loginLimitKeys(ctx.config, body.email, '127.0.0.1').perAddress, 61);
    expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(200);
  });

  it('never counts successful logins, and a success clears earlier failures', async () => {
    const body = await registered();
    for (let i = 0; i < 8; i++) {
      expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(200);
    }
    const attacker = new TestClient(ctx.app);
    for (let i = 0; i < 4; i++) expect((await wrong(attacker, body.email)).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(200);
    // Cleared: five more wrong attempts are still answered 401, not 429.
    for (let i = 0; i < 5; i++) expect((await wrong(attacker, body.email)).statusCode).toBe(401);
  });

  it('checks no more than the limit plus one of a burst of parallel guesses', async () => {
    const body = await registered();
    const burst = await Promise.all(Array.from({ length: 10 }, () => wrong(new TestClient(ctx.app), body.email)));
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    for (const res of burst.filter((r) => r.statusCode === 429)) expectLimited(res, messages.tooManyAttempts, 60);
  });
});

describe('login failures across addresses', () => {
  const wrongFrom = (address: string, email: string) =>
    postFrom(address, '/api/auth/sign-in/email', { email, password: 'not the password at all' });
  const rightFrom = (address: string, body: { email: string; password: string }) =>
    postFrom(address, '/api/auth/sign-in/email', { email: body.email, password: body.password });

  it('lets the owner sign in from their own address while another address fails 20 times', async () => {
    const body = await registered();
    const attacker = freshAddress();
    const owner = freshAddress();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await wrongFrom(attacker, body.email)).statusCode);
    // The attacker's own address is locked for the minute after five failures (and one more check)...
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(6)).toEqual(Array(14).fill(429));
    expectLimited(await wrongFrom(attacker, body.email), messages.tooManyAttempts, 60);
    // ... the owner's is not: the right password signs in, and a typo of theirs is a plain 401.
    expect((await wrongFrom(owner, body.email)).statusCode).toBe(401);
    expect((await rightFrom(owner, body)).statusCode).toBe(200);
  });

  it('holds a ceiling of 50 failures an hour per e-mail across addresses, then waits for the hour', async () => {
    const body = await registered();
    for (let i = 0; i < 50; i++) {
      // Ten addresses, five failures each: none of them reaches its own per-minute lock.
      expect((await wrongFrom(`203.0.113.${Math.floor(i / 5) + 1}`, body.email)).statusCode).toBe(401);
    }
    const hour = HOUR_SECONDS;
    expectLimited(await wrongFrom(freshAddress(), body.email), messages.tooManyAttempts, hour);
    expectLimited(await rightFrom(freshAddress(), body), messages.tooManyAttempts, hour);
    await ageWindow(loginLimitKeys(ctx.config, body.email, '').perEmail, hour + 1);
    expect((await rightFrom(freshAddress(), body)).statusCode).toBe(200);
  });

  it('keeps no e-mail in clear in its counters', async () => {
    const body = await registered();
    await wrongFrom(freshAddress(), body.email);
    await requestReset(freshAddress(), body.email);
    const keys = await rows<{ key: string }>(ctx.db, sql`select key from rate_limits`);
    expect(keys.length).toBeGreaterThan(0);
    const local = body.email.split('@')[0] ?? body.email;
    expect(keys.filter((k) => k.key.toLowerCase().includes(local.toLowerCase()))).toEqual([]);
  });
});

describe('common passwords', () => {
  const COMMON = ['12345678', 'password', 'aaaaaaaa', 'Password123', 'qwertyuiop', ' iloveyou '];

  it.each(COMMON)('refuses %j on sign-up and creates no account', async (password) => {
    const body = newUser({ password });
    const res = await postFrom(freshAddress(), '/api/auth/sign-up/email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: messages.passwordTooCommon,
      fields: { password: messages.passwordTooCommon },
    });
    expect(await count(sql`select count(*)::int as n from users where email = ${body.email}`)).toBe(0);
  });

  it('refuses a common new password on change-password and keeps the old one', async () => {
    const body = await registered();
    const client = new TestClient(ctx.app);
    expect((await client.login(body.email, body.password)).statusCode).toBe(200);
    for (const newPassword of COMMON) {
      const res = await client.request('POST', '/api/auth/change-password', {
        currentPassword: body.password,
        newPassword,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: messages.passwordTooCommon,
        fields: { newPassword: messages.passwordTooCommon },
      });
    }
    expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(200);
  });

  it('refuses a common new password on reset and leaves the link usable for a good one', async () => {
    const body = await registered();
    expect((await requestReset(freshAddress(), body.email)).statusCode).toBe(200);
    const [mail] = await rows<{ html: string }>(
      ctx.db,
      sql`select html from email_outbox where to_address = ${body.email} and template = 'password-reset'`,
    );
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.html ?? '')?.[1];
    expect(token).toBeTruthy();

    const reset = (newPassword: string) =>
      new TestClient(ctx.app).request('POST', '/api/auth/reset-password', { token, newPassword });
    for (const newPassword of COMMON) {
      const res = await reset(newPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ message: messages.passwordTooCommon });
    }
    expect((await new TestClient(ctx.app).login(body.email, body.password)).statusCode).toBe(200);
    expect((await reset('an uncommon reset phrase')).statusCode).toBe(200);
    expect((await new TestClient(ctx.app).login(body.email, 'an uncommon reset phrase')).statusCode).toBe(200);
  });

  it('accepts a password that is not on the list', async () => {
    const res = await postFrom(
      freshAddress(),
      '/api/auth/sign-up/email',
      newUser({ password: 'tulip ledger 42 orbit' }),
    );
    expect(res.statusCode).toBe(200);
  });
});
