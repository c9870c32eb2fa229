import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import { TestClient } from '../../test/client.js';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app.js';
import { trustedOrigins } from './trusted-origins.js';

const DEV_SERVER = 'http://localhost:5173';

async function resetMails(ctx: TestContext, email: string) {
  return rows<{ html: string }>(
    ctx.db,
    sql`SELECT html FROM email_outbox WHERE to_address = ${email} AND template = 'password-reset' ORDER BY id`,
  );
}

describe('in production (NODE_ENV unset)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('trusts PUBLIC_URL alone', () => {
    expect(trustedOrigins(ctx.config)).toEqual([TEST_ORIGIN]);
  });

  it('refuses a reset request whose link would lead to the development server, and sends nothing', async () => {
    const user = await new TestClient(ctx.app).register();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, redirectTo: `${DEV_SERVER}/reset-password` },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toBeDefined();
    expect(await resetMails(ctx, user.email)).toEqual([]);
  });

  it('never redirects a reset link to the development server', async () => {
    const user = await new TestClient(ctx.app).register();
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await resetMails(ctx, user.email);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.html ?? '')?.[1];
    if (!token) throw new Error('no reset link in the e-mail');
    const follow = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(`${DEV_SERVER}/reset-password`)}`,
    });
    expect(follow.headers.location ?? '').not.toContain('localhost:5173');
    expect(follow.headers.location ?? '').not.toContain(token);
  });
});

describe('in development (npm run dev)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ NODE_ENV: 'development' });
  });
  afterAll(() => ctx.close());

  it('also trusts the Vite dev server, so its reset links work', async () => {
    expect(trustedOrigins(ctx.config)).toContain(DEV_SERVER);
    const user = await new TestClient(ctx.app).register();
    const res = await new TestClient(ctx.app).request('POST', '/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: `${DEV_SERVER}/reset-password`,
    });
    expect(res.statusCode).toBe(200);
    expect(await resetMails(ctx, user.email)).toHaveLength(1);
  });
});
