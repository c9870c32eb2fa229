import { adminMessages, messages, type Settings, UNATTENDED_HEADER } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { adminClient } from '../../test/console.js';
import { fundedUser } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const MINUTE = 60_000;
/** The app's clock, moved by the test: idleness is measured by it, as investments are. */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
const wait = (minutes: number) => {
  offsetMs += minutes * MINUTE;
};

let ctx: TestContext;
let initial: Settings;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
  const admin = await adminClient(ctx);
  initial = (await admin.request('GET', '/api/admin/settings')).json();
}, 60_000);
afterAll(() => ctx.close());

const overview = (client: TestClient) => client.request('GET', '/api/admin/settings');

describe("an operator's console session ends after the setting's minutes without a request", () => {
  it('is 30 minutes by default; a request within them keeps it alive, one after them signs the operator out', async () => {
    expect(initial.consoleIdleMinutes).toBe(30);
    const admin = await adminClient(ctx);
    expect((await overview(admin)).statusCode).toBe(200);
    wait(29);
    expect((await overview(admin)).statusCode).toBe(200);
    wait(29);
    expect((await overview(admin)).statusCode).toBe(200);
    wait(31);
    const expired = await overview(admin);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      error: { code: 'CONSOLE_SESSION_EXPIRED', message: adminMessages.consoleSessionExpired(30) },
    });
    // The session is gone, not only refused once: the next request is signed out.
    const after = await overview(admin);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: messages.notSignedIn } });
  });

  it('two requests at once after the limit are both refused: neither revives the session', async () => {
    const admin = await adminClient(ctx);
    expect((await overview(admin)).statusCode).toBe(200);
    wait(31);
    const answers = await Promise.all([overview(admin), overview(admin)]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401]);
    expect((await overview(admin)).statusCode).toBe(401);
  });

  it('requests the web app marks unattended (live updates) are answered but do not keep the console signed in', async () => {
    const admin = await adminClient(ctx);
    const unattended = () => admin.request('GET', '/api/admin/settings', undefined, { [UNATTENDED_HEADER]: '1' });
    expect((await overview(admin)).statusCode).toBe(200);
    wait(20);
    expect((await unattended()).statusCode).toBe(200);
    wait(20);
    // 40 minutes since the operator's last own request: a live refetch 20 minutes ago did not count.
    const expired = await unattended();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: { code: 'CONSOLE_SESSION_EXPIRED' } });
    expect((await overview(admin)).statusCode).toBe(401);
  });

  it("leaves members' sessions alone", async () => {
    const member = await fundedUser(ctx, 1_000);
    expect((await member.client.request('GET', '/api/wallet')).statusCode).toBe(200);
    wait(120);
    expect((await member.client.request('GET', '/api/wallet')).statusCode).toBe(200);
  });

  it('follows the setting an operator saves (audited), and refuses a value outside 5 to 480 minutes', async () => {
    const admin = await adminClient(ctx);
    const current: Settings = (await overview(admin)).json();
    const saved = await admin.request('PUT', '/api/admin/settings', { ...current, consoleIdleMinutes: 10 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ consoleIdleMinutes: 10 });
    const [audit] = await rows<{ details: { after: Record<string, unknown> } }>(
      ctx.db,
      sql`SELECT details FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.details.after).toEqual({ consoleIdleMinutes: 10 });

    for (const bad of [4, 481, 7.5, '15', null]) {
      const refused = await admin.request('PUT', '/api/admin/settings', { ...current, consoleIdleMinutes: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.body).toContain(adminMessages.settings.consoleIdleInvalid);
    }
    expect((await overview(admin)).json()).toMatchObject({ consoleIdleMinutes: 10 });

    wait(11);
    const expired = await overview(admin);
    expect(expired.json()).toMatchObject({ error: { message: adminMessages.consoleSessionExpired(10) } });

    const again = await adminClient(ctx);
    expect((await again.request('PUT', '/api/admin/settings', current)).statusCode).toBe(200);
  });

  it('a save that leaves the setting out keeps it as it is', async () => {
    const admin = await adminClient(ctx);
    const current: Settings = (await overview(admin)).json();
    const { consoleIdleMinutes, ...withoutIt } = current;
    const saved = await admin.request('PUT', '/api/admin/settings', { ...withoutIt, transferFeeBps: 250 });
    expect(saved.json()).toMatchObject({ consoleIdleMinutes, transferFeeBps: 250 });
    await admin.request('PUT', '/api/admin/settings', current);
  });
});
