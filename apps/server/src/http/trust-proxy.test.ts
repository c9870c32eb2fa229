import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../test/client.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../test/test-app.js';

/** Failed logins (unknown e-mails, each once) from one real client behind one proxy. */
async function failedLoginsFrom(ctx: TestContext, forwardedFor: (i: number) => string, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.0.0.2', // the proxy
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor(i) },
      payload: { email: newUser().email, password: 'a wrong password' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1', LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_EMAIL: '100' });
  });
  afterAll(() => ctx.close());

  it('counts the address the proxy saw, so a forged X-Forwarded-For cannot lift the per-address limit', async () => {
    // The client writes a new fake address each time; the proxy appends the real one last.
    const statuses = await failedLoginsFrom(ctx, (i) => `198.51.100.${i + 1}, 203.0.113.9`, 6);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it('still tells real clients apart', async () => {
    expect(await failedLoginsFrom(ctx, () => '203.0.113.10', 1)).toEqual([401]);
  });
});

describe('TRUST_PROXY unset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_EMAIL: '100' });
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For altogether and counts the connecting address', async () => {
    const statuses = await failedLoginsFrom(ctx, (i) => `198.51.100.${i + 1}`, 4);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
