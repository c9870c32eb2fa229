import { adminMessages, messages, type Settings } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { adminClient, expectAdminOnly, recordNotifications } from '../../test/console.js';
import { fundedUser } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: TestClient;
let initial: Settings;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminClient(ctx);
  initial = (await admin.request('GET', '/api/admin/settings')).json();
}, 60_000);
afterAll(() => ctx.close());

const put = (body: unknown) => admin.request('PUT', '/api/admin/settings', body);
const publicConfig = async (app: App) => (await app.inject({ method: 'GET', url: '/api/public-config' })).json();
/** The stored settings and the audit log: what a refused save must leave as it was. */
const stored = async () =>
  rows(
    ctx.db,
    sql`SELECT (SELECT row_to_json(s) FROM settings s) AS settings, (SELECT count(*)::int FROM audit_log) AS audits`,
  );

describe('settings in the console (/api/admin/settings)', () => {
  it('are for admins only: a visitor gets 401 and a member 403, and nothing is saved', async () => {
    const member = await fundedUser(ctx, 0);
    const before = await stored();
    await expectAdminOnly(ctx, member.client, [
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings', { ...initial, transferFeeBps: 300 }],
    ]);
    expect(await stored()).toEqual(before);
  });

  it("read as stored: the environment's values until an operator saves", async () => {
    expect(initial).toMatchObject({ transferFeeBps: 200, operatorEmail: ctx.config.adminEmail });
  });

  it('a save is answered with the new values, served by this node at once and by a second node soon after', async () => {
    const nodeB = await buildApp({ config: ctx.config, db: ctx.db, webDist: null, listen: ctx.listen });
    const heard = await recordNotifications(ctx);
    try {
      const next: Settings = {
        ...initial,
        transferFeeBps: 350,
        minDepositCents: 25_000,
        supportEmail: 'desk@example.com',
        supportChatUrl: 'https://chat.example.com/meridian',
        autoActivateAfterHours: 24,
      };
      const res = await put({ ...next, supportEmail: '  desk@example.com ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(next);
      // No wait: the node that saved read the settings again before it answered.
      expect(await publicConfig(ctx.app)).toMatchObject({ transferFeeBps: 350, minDepositCents: 25_000 });
      expect((await admin.request('GET', '/api/admin/settings')).json()).toEqual(next);
      // Every open page refetches the public settings, and every operator's console its own view.
      await vi.waitFor(() => {
        expect(heard.everyone().some((n) => n.topics.includes('config'))).toBe(true);
        expect(heard.admins().length).toBeGreaterThan(0);
      });
      await vi.waitFor(async () => {
        expect(await publicConfig(nodeB)).toMatchObject({
          transferFeeBps: 350,
          minDepositCents: 25_000,
          supportEmail: 'desk@example.com',
          supportChatUrl: 'https://chat.example.com/meridian',
        });
      });
      const [audit] = await rows<{ actor: string; details: unknown }>(
        ctx.db,
        sql`SELECT actor, details FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit).toEqual({
        actor: 'admin:admin@meridian.test',
        details: {
          before: {
            transferFeeBps: 200,
            minDepositCents: initial.minDepositCents,
            supportEmail: initial.supportEmail,
            supportChatUrl: initial.supportChatUrl,
            autoActivateAfterHours: initial.autoActivateAfterHours,
          },
          after: {
            transferFeeBps: 350,
            minDepositCents: 25_000,
            supportEmail: 'desk@example.com',
            supportChatUrl: 'https://chat.example.com/meridian',
            autoActivateAfterHours: 24,
          },
        },
      });
    } finally {
      await heard.stop();
      expect((await put(initial)).statusCode).toBe(200);
      await nodeB.close();
    }
  });

  it.each([
    ['a negative fee', { transferFeeBps: -1 }, adminMessages.settings.transferFeeInvalid],
    ['a fractional fee', { transferFeeBps: 2.5 }, adminMessages.settings.transferFeeInvalid],
    ['a fee above 50%', { transferFeeBps: 5_001 }, adminMessages.settings.transferFeeInvalid],
    ['a fee as text', { transferFeeBps: '200' }, adminMessages.settings.transferFeeInvalid],
    ['a fee of null', { transferFeeBps: null }, adminMessages.settings.transferFeeInvalid],
    ['a minimum deposit of 0', { minDepositCents: 0 }, adminMessages.settings.minimumInvalid],
    ['a negative minimum withdrawal', { minWithdrawalCents: -100 }, adminMessages.settings.minimumInvalid],
    ['a bonus above $10,000', { referralBonusCents: 1_000_001 }, adminMessages.settings.referralBonusInvalid],
    ['a security deposit above 100%', { securityDepositBps: 10_001 }, adminMessages.settings.securityDepositInvalid],
    ['a support e-mail that is not one', { supportEmail: 'support at example' }, messages.invalidEmail],
    ['an empty operator e-mail', { operatorEmail: '' }, messages.invalidEmail],
    ['a javascript: chat link', { supportChatUrl: 'javascript:alert(1)' }, adminMessages.settings.chatUrlInvalid],
    [
      'a chat link that is not a web address',
      { supportChatUrl: 'ftp://example.com' },
      adminMessages.settings.chatUrlInvalid,
    ],
    ['auto-activation after 0 hours', { autoActivateAfterHours: 0 }, adminMessages.settings.autoActivateInvalid],
    ['auto-activation after 1.5 hours', { autoActivateAfterHours: 1.5 }, adminMessages.settings.autoActivateInvalid],
    ['an unknown field', { maintenance: true }, messages.unknownField],
  ])('refuses %s with a 400 and the message, saving nothing and auditing nothing', async (_what, patch, message) => {
    const before = await stored();
    const res = await put({ ...initial, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await stored()).toEqual(before);
    expect(await publicConfig(ctx.app)).toMatchObject({ transferFeeBps: initial.transferFeeBps });
  });

  it('refuses a body missing a setting, or no object at all, and saves nothing', async () => {
    const before = await stored();
    const { minWithdrawalCents: _left, ...missing } = initial;
    for (const body of [missing, [], 42]) expect((await put(body)).statusCode).toBe(400);
    // Not JSON at all: refused before validation, still a client error.
    expect((await put('transferFeeBps=0')).statusCode).toBe(415);
    expect(await stored()).toEqual(before);
  });
});
