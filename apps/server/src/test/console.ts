import { expect } from 'vitest';
import { type Notification, parseNotification, REALTIME_CHANNEL } from '../lib/realtime-payloads.js';
import { TestClient } from './client.js';
import { signedInAdmin } from './operator.js';
import type { TestContext } from './test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The seeded operator (test-app.ts), signed in with password and authenticator code. */
export async function adminClient(ctx: TestContext): Promise<TestClient> {
  return (await signedInAdmin(ctx)).client;
}

/** Each route answers a visitor 401 and a signed-in member 403, whatever it is sent. */
export async function expectAdminOnly(
  ctx: TestContext,
  member: TestClient,
  routes: [Method, string, unknown?][],
): Promise<void> {
  const visitor = new TestClient(ctx.app);
  for (const [method, url, body] of routes) {
    const anonymous = await visitor.request(method, url, body);
    expect(anonymous.statusCode, `${method} ${url} for a visitor`).toBe(401);
    const forbidden = await member.request(method, url, body);
    expect(forbidden.statusCode, `${method} ${url} for a member`).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
  }
}

/**
 * Records the realtime notifications of this database (what every app node's hub hears) from now on:
 * `admins()` are those for the operators' consoles, `everyone()` those for every open page.
 */
export async function recordNotifications(ctx: TestContext) {
  const heard: Notification[] = [];
  const unlisten = await ctx.listen(REALTIME_CHANNEL, (payload) => {
    const n = parseNotification(payload);
    if (n) heard.push(n);
  });
  return {
    heard,
    admins: () => heard.filter((n) => n.audience === 'admins'),
    everyone: () => heard.filter((n) => n.audience === 'everyone'),
    clear: () => {
      heard.length = 0;
    },
    stop: unlisten,
  };
}
