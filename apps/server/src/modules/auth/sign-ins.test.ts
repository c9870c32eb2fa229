import {
  apiErrorSchema,
  messages,
  SIGN_IN_HISTORY_LIMIT,
  STEP_UP_WINDOW_MINUTES,
  securityMessages,
  signInHistorySchema,
} from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { newKey, TestClient } from '../../test/client.js';
import { movableClock } from '../../test/clock.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';
import { enrolTotp, totpCode } from '../../test/two-factor.js';

const clock = movableClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_LIMIT_PER_IP: '1000' }, clock);
});
afterAll(() => ctx.close());

const MINUTE_IN_DAYS = 1 / 1440;
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

/** A browser of its own: its own address, user agent and cookie jar (TestClient keeps the cookies). */
class Browser extends TestClient {
  constructor(
    readonly ip: string,
    readonly userAgent = FIREFOX_MAC,
  ) {
    super(ctx.app);
  }
  send(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request(method, url, body, { 'user-agent': this.userAgent, ...headers });
  }
}

async function signIn(browser: Browser, email: string, password: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: browser.ip,
    headers: {
      origin: TEST_ORIGIN,
      'user-agent': browser.userAgent,
      ...(browser.cookieHeader() ? { cookie: browser.cookieHeader() as string } : {}),
    },
    payload: { email, password },
  });
  // Keep what the answer set, as the browser would.
  for (const c of res.cookies) (browser as unknown as { cookies: Map<string, string> }).cookies.set(c.name, c.value);
  return res;
}

async function registered() {
  const browser = new Browser('203.0.113.1');
  const body = await browser.register();
  const me = (await browser.request('GET', '/api/me')).json() as { id: string };
  // register() signs in through the API once its address is verified; each test counts from a clean history.
  await ctx.db.execute(sql`delete from sign_ins where user_id = ${me.id}`);
  return { browser, email: body.email, password: body.password, userId: me.id };
}

const alertsTo = (email: string) =>
  rows<{ text: string }>(
    ctx.db,
    sql`select text from email_outbox where to_address = ${email} and template = 'security-new-sign-in' order by id`,
  );

const linkToken = (text: string) => {
  const token = /\/secure-account#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error('no link in the alert');
  return token;
};

describe('sign-in history', () => {
  it('records a sign-in and a failed attempt with time, address, device and method, newest first', async () => {
    const { browser, email, password } = await registered();
    const elsewhere = new Browser('198.51.100.7');
    expect((await signIn(elsewhere, email, 'not the password')).statusCode).toBe(401);
    clock.advanceDays(MINUTE_IN_DAYS);
    expect((await signIn(elsewhere, email, password)).statusCode).toBe(200);

    const res = await browser.send('GET', '/api/sign-ins');
    expect(res.statusCode).toBe(200);
    const { signIns } = signInHistorySchema.parse(res.json());
    expect(signIns).toHaveLength(2);
    expect(signIns[0]).toMatchObject({
      succeeded: true,
      method: 'password',
      ipAddress: '198.51.100.7',
      device: 'Firefox on macOS',
    });
    expect(signIns[1]).toMatchObject({ succeeded: false, method: 'password', ipAddress: '198.51.100.7' });
    expect(Date.parse(signIns[0]?.at ?? '')).toBeGreaterThan(Date.parse(signIns[1]?.at ?? ''));
    // The history is kept by the app's clock, which tests move.
    expect(Math.abs(Date.parse(signIns[0]?.at ?? '') - clock.now().getTime())).toBeLessThan(5_000);
  });

  it(`lists the latest ${SIGN_IN_HISTORY_LIMIT}, newest first`, async () => {
    const { browser, userId } = await registered();
    const start = clock.now().getTime();
    await ctx.db.execute(sql`
      INSERT INTO sign_ins (user_id, at, succeeded, method, ip_address, user_agent)
      SELECT ${userId}, to_timestamp((${start}::bigint - (60 - i) * 1000) / 1000.0), i % 2 = 0, 'password',
             '192.0.2.' || i, ${FIREFOX_MAC}
        FROM generate_series(1, 60) AS i`);
    const { signIns } = signInHistorySchema.parse((await browser.send('GET', '/api/sign-ins')).json());
    expect(signIns).toHaveLength(SIGN_IN_HISTORY_LIMIT);
    expect(signIns.map((s) => s.ipAddress)).toEqual(
      Array.from({ length: SIGN_IN_HISTORY_LIMIT }, (_, k) => `192.0.2.${60 - k}`),
    );
  });

  it("never shows another user's history; a visitor gets 401", async () => {
    const victim = await registered();
    expect((await signIn(new Browser('198.51.100.8'), victim.email, victim.password)).statusCode).toBe(200);
    const other = await registered();
    const { signIns } = signInHistorySchema.parse((await other.browser.send('GET', '/api/sign-ins')).json());
    expect(signIns).toEqual([]);
    expect((await new Browser('198.51.100.9').send('GET', '/api/sign-ins')).statusCode).toBe(401);
  });

  it('records nothing for an e-mail with no account', async () => {
    const before = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from sign_ins`);
    const res = await signIn(new Browser('198.51.100.10'), 'nobody-here@example.com', 'whatever password');
    expect(res.statusCode).toBe(401);
    const after = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from sign_ins`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('new-device alert', () => {
  it('is sent once for a browser the account has not used, never for the one that signed up or a known one', async () => {
    const { browser, email, password } = await registered();
    expect((await signIn(browser, email, password)).statusCode).toBe(200);
    expect(await alertsTo(email)).toHaveLength(0);

    const laptop = new Browser('198.51.100.20');
    expect((await signIn(laptop, email, password)).statusCode).toBe(200);
    const alerts = await alertsTo(email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('Firefox on macOS');
    expect(alerts[0]?.text).toContain('198.51.100.20');

    // The same browser again (it kept its device cookie): no second alert.
    expect((await signIn(laptop, email, password)).statusCode).toBe(200);
    expect(await alertsTo(email)).toHaveLength(1);
    // A failed attempt from yet another browser sends nothing.
    expect((await signIn(new Browser('198.51.100.21'), email, 'wrong password!')).statusCode).toBe(401);
    expect(await alertsTo(email)).toHaveLength(1);
  });

  it('stores the device cookie only as a hash', async () => {
    const { email, password, userId } = await registered();
    const laptop = new Browser('198.51.100.22');
    await signIn(laptop, email, password);
    const cookie = /meridian_device=([^;]+)/.exec(laptop.cookieHeader() ?? '')?.[1];
    if (!cookie) throw new Error('no device cookie');
    const stored = await rows<{ device_hash: string }>(
      ctx.db,
      sql`select device_hash from known_devices where user_id = ${userId}`,
    );
    expect(stored).toHaveLength(2);
    for (const s of stored) expect(s.device_hash).not.toBe(cookie);
  });

  it("the alert's link signs every session out, sends a password reset, and works once", async () => {
    const { browser, email, password } = await registered();
    const laptop = new Browser('198.51.100.23');
    await signIn(laptop, email, password);
    const token = linkToken((await alertsTo(email))[0]?.text ?? '');

    const visitor = new Browser('198.51.100.24');
    const res = await visitor.send('POST', '/api/auth/secure-account', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: securityMessages.secureAccountDone });
    expect((await browser.send('GET', '/api/me')).statusCode).toBe(401);
    expect((await laptop.send('GET', '/api/me')).statusCode).toBe(401);
    const resets = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from email_outbox where to_address = ${email} and template = 'password-reset'`,
    );
    expect(resets[0]?.n).toBe(1);

    const again = await visitor.send('POST', '/api/auth/secure-account', { token });
    expect(again.statusCode).toBe(400);
    expect(apiErrorSchema.parse(again.json()).error.message).toBe(securityMessages.secureAccountInvalid);
  });

  it("the alert's link expires", async () => {
    const { email, password } = await registered();
    const laptop = new Browser('198.51.100.25');
    await signIn(laptop, email, password);
    const token = linkToken((await alertsTo(email))[0]?.text ?? '');
    clock.advanceDays(3 + MINUTE_IN_DAYS);
    const res = await new Browser('198.51.100.26').send('POST', '/api/auth/secure-account', { token });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.message).toBe(securityMessages.secureAccountInvalid);
    expect((await laptop.send('GET', '/api/me')).statusCode).toBe(200);
  });

  it('refuses an unknown token and a bad body with 400, never a 500', async () => {
    const visitor = new Browser('198.51.100.27');
    expect((await visitor.send('POST', '/api/auth/secure-account', { token: 'x'.repeat(43) })).statusCode).toBe(400);
    expect((await visitor.send('POST', '/api/auth/secure-account', { token: 'a\u0000b' })).statusCode).toBe(400);
    expect((await visitor.send('POST', '/api/auth/secure-account', {})).statusCode).toBe(400);
  });
});

describe('sign-ins with a second factor', () => {
  it('are recorded once, by their second step: a wrong code as a failure, the right one as the sign-in', async () => {
    const { browser, email, password } = await registered();
    const { secret } = await enrolTotp(browser, password);
    const laptop = new Browser('198.51.100.40');
    const first = await signIn(laptop, email, password);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const wrong = await laptop.send('POST', '/api/auth/two-factor/verify-totp', { code: await totpCode(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    const right = await laptop.send('POST', '/api/auth/two-factor/verify-totp', { code: await totpCode(secret, 1) });
    expect(right.statusCode).toBe(200);

    const { signIns } = signInHistorySchema.parse((await laptop.send('GET', '/api/sign-ins')).json());
    // The password step signed nobody in: it is not listed.
    expect(signIns.map((s) => [s.method, s.succeeded])).toEqual([
      ['totp', true],
      ['totp', false],
    ]);
  });
});

describe('step-up', () => {
  const STALE = (STEP_UP_WINDOW_MINUTES + 1) * MINUTE_IN_DAYS;
  const payout = {
    bank: { bankName: 'Bank', accountNumber: '12345678', accountName: 'Me', routingNumber: '', swiftCode: '' },
    crypto: { bitcoin: '', ethereum: '', litecoin: '' },
  };

  it('a sign-in is a fresh proof; older than 5 minutes it is refused with STEP_UP_REQUIRED, nothing changed', async () => {
    const { browser } = await registered();
    expect((await browser.send('PUT', '/api/payout-details', payout)).statusCode).toBe(200);

    clock.advanceDays(STALE);
    const changed = { ...payout, bank: { ...payout.bank, accountNumber: '99999999' } };
    const refused = await browser.send('PUT', '/api/payout-details', changed);
    expect(refused.statusCode).toBe(403);
    expect(apiErrorSchema.parse(refused.json()).error).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      message: securityMessages.stepUpRequired,
    });
    const saved = (await browser.send('GET', '/api/payout-details')).json();
    expect(saved.bank.accountNumber).toBe('12345678');
  });

  it('a fresh step-up with the password is accepted, and lasts 5 minutes', async () => {
    const { browser, password } = await registered();
    clock.advanceDays(STALE);
    const proved = await browser.send('POST', '/api/auth/step-up', { password });
    expect(proved.statusCode).toBe(200);
    expect((await browser.send('PUT', '/api/payout-details', payout)).statusCode).toBe(200);
    clock.advanceDays((STEP_UP_WINDOW_MINUTES - 1) * MINUTE_IN_DAYS);
    expect((await browser.send('PUT', '/api/payout-details', payout)).statusCode).toBe(200);
    clock.advanceDays(2 * MINUTE_IN_DAYS);
    expect((await browser.send('PUT', '/api/payout-details', payout)).statusCode).toBe(403);
  });

  it('the proof belongs to the session: stepping up in one browser leaves the other stale', async () => {
    const { browser, email, password } = await registered();
    const laptop = new Browser('198.51.100.30');
    await signIn(laptop, email, password);
    clock.advanceDays(STALE);
    expect((await browser.send('POST', '/api/auth/step-up', { password })).statusCode).toBe(200);
    expect((await laptop.send('PUT', '/api/payout-details', payout)).statusCode).toBe(403);
  });

  it('a wrong password is refused, proves nothing, and counts against the login limits', async () => {
    const { browser, password } = await registered();
    clock.advanceDays(STALE);
    const wrong = await browser.send('POST', '/api/auth/step-up', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrong.json()).error).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: messages.currentPasswordWrong,
    });
    expect((await browser.send('PUT', '/api/payout-details', payout)).statusCode).toBe(403);

    // LOGIN_LIMIT_PER_EMAIL (5) failures in the minute: the next wrong one is 429, and then even the
    // right one waits for the window.
    for (let i = 0; i < 4; i += 1) {
      expect((await browser.send('POST', '/api/auth/step-up', { password: 'not my password' })).statusCode).toBe(400);
    }
    expect((await browser.send('POST', '/api/auth/step-up', { password: 'not my password' })).statusCode).toBe(429);
    expect((await browser.send('POST', '/api/auth/step-up', { password })).statusCode).toBe(429);
  });

  it('guards the password change, the withdrawal code and the withdrawal itself', async () => {
    const { browser, password, userId } = await registered();
    clock.advanceDays(STALE);
    const change = await browser.send('POST', '/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'another long password',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.code).toBe('STEP_UP_REQUIRED');
    await ctx.db.execute(sql`update users set is_active = true where id = ${userId}`);
    const request = { amountCents: 10_000, method: 'bank', details: payout.bank };
    for (const [url, body, headers] of [
      ['/api/withdrawals/otp', request, {}],
      ['/api/withdrawals', { ...request, otp: '123456' }, { 'idempotency-key': newKey() }],
    ] as const) {
      const res = await browser.send('POST', url, body, headers);
      expect([url, res.statusCode, res.json().error?.code]).toEqual([url, 403, 'STEP_UP_REQUIRED']);
    }
    expect((await browser.send('POST', '/api/auth/step-up', { password })).statusCode).toBe(200);
    const changed = await browser.send('POST', '/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'another long password',
    });
    expect(changed.statusCode).toBe(200);
  });

  it('with an authenticator app the proof is its code, counted and used once; the password is refused', async () => {
    const { browser, password } = await registered();
    const { secret } = await enrolTotp(browser, password);
    clock.advanceDays(STALE);
    const refused = await browser.send('PUT', '/api/payout-details', payout);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      message: securityMessages.stepUpCodeRequired,
    });

    const byPassword = await browser.send('POST', '/api/auth/step-up', { password });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().error.message).toBe(securityMessages.stepUpCodeRequired);
    const wrong = await browser.send('POST', '/api/auth/step-up', { code: await totpCode(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_OTP');
    expect((await browser.send('PUT', '/api/payout-details', payout)).statusCode).toBe(403);

    const code = await totpCode(secret, 1);
    expect((await browser.send('POST', '/api/auth/step-up', { code })).statusCode).toBe(200);
    expect((await browser.send('PUT', '/api/payout-details', payout)).statusCode).toBe(200);
    // The same code again proves nothing: each code works once.
    clock.advanceDays(STALE);
    expect((await browser.send('POST', '/api/auth/step-up', { code })).statusCode).toBe(400);
    expect((await browser.send('PUT', '/api/payout-details', payout)).statusCode).toBe(403);
  });

  it('refuses a body with neither proof, and a code that is not six digits', async () => {
    const { browser } = await registered();
    for (const body of [{}, { code: '12345' }, { code: 'abcdef' }, { password: '' }, { code: 123456 }]) {
      const res = await browser.send('POST', '/api/auth/step-up', body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
  });

  it('a visitor cannot step up', async () => {
    const res = await new Browser('198.51.100.31').send('POST', '/api/auth/step-up', { password: 'anything at all' });
    expect(res.statusCode).toBe(401);
  });
});
