import {
  type AdminDepositMethod,
  adminMessages,
  DEPOSIT_METHODS_LIMIT,
  depositMessages,
  messages,
} from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { adminClient, expectAdminOnly, recordNotifications } from '../../test/console.js';
import { fundedUser } from '../../test/money.js';
import { depositParts, postDeposit } from '../../test/multipart.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminClient(ctx);
}, 60_000);
afterAll(() => ctx.close());

const bank = (label = 'Wire Transfer') => ({
  label,
  type: 'bank',
  details: { bankName: 'Harbour Bank', accountNumber: '987654321', accountName: 'Meridian Ltd', swiftCode: 'HRBRGB2L' },
});
const crypto = (label = 'Ether') => ({ label, type: 'crypto', details: { network: 'ERC20', address: '0xabc123' } });

async function createMethod(body: object = bank()): Promise<AdminDepositMethod> {
  const res = await admin.request('POST', '/api/admin/deposit-methods', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const adminMethods = async () =>
  (await admin.request('GET', '/api/admin/deposit-methods')).json() as AdminDepositMethod[];
const offered = async (member: TestClient) =>
  ((await member.request('GET', '/api/deposit-methods')).json() as { id: string }[]).map((m) => m.id);
const snapshot = async () =>
  rows(
    ctx.db,
    sql`SELECT (SELECT json_agg(m ORDER BY m.id) FROM deposit_methods m) AS methods,
               (SELECT count(*)::int FROM audit_log) AS audits`,
  );

describe('deposit methods in the console (/api/admin/deposit-methods)', () => {
  it('are for admins only: a visitor gets 401 and a member 403 on every route, and nothing changes', async () => {
    const member = await fundedUser(ctx, 0);
    const before = await snapshot();
    await expectAdminOnly(ctx, member.client, [
      ['GET', '/api/admin/deposit-methods'],
      ['POST', '/api/admin/deposit-methods', bank()],
      ['PUT', '/api/admin/deposit-methods/paypal', bank()],
      ['POST', '/api/admin/deposit-methods/paypal/activate', {}],
      ['POST', '/api/admin/deposit-methods/paypal/deactivate', {}],
      ['PUT', '/api/admin/deposit-methods/order', { ids: ['paypal'] }],
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('lists every method, active or not, in the order members see them', async () => {
    const methods = await adminMethods();
    expect(methods.map((m) => m.id)).toEqual(['bank-transfer', 'bitcoin', 'usdt-trc20', 'paypal']);
    expect(methods[0]).toMatchObject({ label: 'Bank Transfer', type: 'bank', active: true, position: 0 });
  });

  it('creates a method last in the order under a unique slug, offered at once, audited and announced', async () => {
    const member = await fundedUser(ctx, 0);
    const heard = await recordNotifications(ctx);
    try {
      const wire = await createMethod(bank('Wire Transfer'));
      expect(wire).toMatchObject({ id: 'wire-transfer', active: true });
      expect(wire.position).toBeGreaterThan(
        Math.max(...(await adminMethods()).filter((m) => m.id !== wire.id).map((m) => m.position)),
      );
      expect((await offered(member.client)).at(-1)).toBe('wire-transfer');
      await vi.waitFor(() => expect(heard.everyone().some((n) => n.topics.includes('catalogue'))).toBe(true));
      await vi.waitFor(() => expect(heard.admins().length).toBeGreaterThan(0));
    } finally {
      await heard.stop();
    }
    expect((await createMethod(bank('Wire transfer'))).id).toBe('wire-transfer-2');
    // 'order' is a path word of the API (PUT /order): no method takes it as its id.
    expect((await createMethod(crypto('Order'))).id).toBe('order-2');
    const deposit = await postDeposit((await fundedUser(ctx, 0)).client, depositParts(10_000, 'wire-transfer'));
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json().deposit.methodLabel).toBe('Wire Transfer');
    const [audit] = await rows<{ actor: string; details: unknown }>(
      ctx.db,
      sql`SELECT actor, details FROM audit_log WHERE action = 'deposit-method.create' AND details->>'methodId' = 'wire-transfer'`,
    );
    expect(audit).toEqual({
      actor: 'admin:admin@meridian.test',
      details: { methodId: 'wire-transfer', after: bank('Wire Transfer') },
    });
  });

  it.each([
    ['no type', { label: 'X', details: {} }, adminMessages.methods.typeRequired],
    ['an unknown type', { label: 'X', type: 'cash', details: {} }, adminMessages.methods.typeRequired],
    [
      'a bank without its swift code',
      { ...bank(), details: { ...bank().details, swiftCode: ' ' } },
      adminMessages.methods.swiftCodeRequired,
    ],
    [
      'crypto without an address',
      { ...crypto(), details: { network: 'ERC20' } },
      adminMessages.methods.addressRequired,
    ],
    [
      'a detail of another type',
      { ...crypto(), details: { ...crypto().details, bankName: 'B' } },
      messages.unknownField,
    ],
    [
      'PayPal with a bad e-mail',
      { label: 'PP', type: 'paypal', details: { email: 'not-an-email' } },
      messages.invalidEmail,
    ],
    ['a blank label', { ...bank(), label: '  ' }, adminMessages.methods.labelRequired],
    ['a 10 kB label', { ...bank(), label: 'l'.repeat(10_240) }, messages.fieldTooLong],
    ['a label as a number', { ...bank(), label: 7 }, adminMessages.methods.labelRequired],
    ['an unknown field', { ...bank(), active: false }, messages.unknownField],
  ])('refuses %s with a 400 and the message, writing nothing (create and edit)', async (_what, body, message) => {
    const before = await snapshot();
    for (const [method, url] of [
      ['POST', '/api/admin/deposit-methods'],
      ['PUT', '/api/admin/deposit-methods/paypal'],
    ] as const) {
      const res = await admin.request(method, url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('edits a method for the next deposits; deposits already filed keep what they copied', async () => {
    const member = await fundedUser(ctx, 0);
    const method = await createMethod(crypto('Litecoin'));
    const filed = (await postDeposit(member.client, depositParts(10_000, method.id))).json();
    const res = await admin.request('PUT', `/api/admin/deposit-methods/${method.id}`, crypto('Litecoin (LTC)'));
    expect(res.json()).toMatchObject({ id: method.id, label: 'Litecoin (LTC)', position: method.position });
    const [deposit] = await rows<{ method_label: string }>(
      ctx.db,
      sql`SELECT method_label FROM deposits WHERE id = ${filed.deposit.id}`,
    );
    expect(deposit?.method_label).toBe('Litecoin');
    const [audit] = await rows<{ details: { before: { label: string }; after: { label: string } } }>(
      ctx.db,
      sql`SELECT details FROM audit_log WHERE action = 'deposit-method.update' AND details->>'methodId' = ${method.id}`,
    );
    expect([audit?.details.before.label, audit?.details.after.label]).toEqual(['Litecoin', 'Litecoin (LTC)']);
    for (const [verb, url, body] of [
      ['PUT', '/api/admin/deposit-methods/no-such-method', bank()],
      ['POST', '/api/admin/deposit-methods/no-such-method/activate', {}],
      ['POST', '/api/admin/deposit-methods/no-such-method/deactivate', {}],
    ] as const) {
      const missing = await admin.request(verb, url, body);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({ code: 'METHOD_NOT_FOUND', message: adminMessages.methods.notFound });
    }
  });

  it('a deactivated method is not offered and deposits with it are refused; activated, it is back', async () => {
    const member = await fundedUser(ctx, 0);
    const method = await createMethod(crypto('Dogecoin'));
    expect((await admin.request('POST', `/api/admin/deposit-methods/${method.id}/deactivate`, {})).json().active).toBe(
      false,
    );
    expect(await offered(member.client)).not.toContain(method.id);
    expect((await adminMethods()).find((m) => m.id === method.id)?.active).toBe(false);
    const refused = await postDeposit(member.client, depositParts(10_000, method.id));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(depositMessages.methodNotFound);
    expect((await admin.request('POST', `/api/admin/deposit-methods/${method.id}/activate`, {})).json().active).toBe(
      true,
    );
    expect(await offered(member.client)).toContain(method.id);
    const actions = await rows<{ action: string }>(
      ctx.db,
      sql`SELECT action FROM audit_log WHERE details->>'methodId' = ${method.id} ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'deposit-method.create',
      'deposit-method.deactivate',
      'deposit-method.activate',
    ]);
  });

  it('reorders when given every method exactly once, audited; any other list is refused and changes nothing', async () => {
    const member = await fundedUser(ctx, 0);
    const ids = (await adminMethods()).map((m) => m.id);
    const before = await snapshot();
    for (const wrong of [
      ids.slice(1),
      [...ids, 'no-such-method'],
      [...ids.slice(1), 'no-such-method'],
      [...ids.slice(1), ids[1]],
    ]) {
      const res = await admin.request('PUT', '/api/admin/deposit-methods/order', { ids: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(adminMessages.methods.orderMismatch);
    }
    for (const bad of [{ ids: [] }, { ids: 'paypal' }, { ids: [1, 2] }, { order: ids }]) {
      expect((await admin.request('PUT', '/api/admin/deposit-methods/order', bad)).statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);

    const reversed = [...ids].reverse();
    const res = await admin.request('PUT', '/api/admin/deposit-methods/order', { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminDepositMethod[]).map((m) => [m.id, m.position])).toEqual(
      reversed.map((id, i) => [id, i]),
    );
    const active = new Set((await adminMethods()).filter((m) => m.active).map((m) => m.id));
    expect(await offered(member.client)).toEqual(reversed.filter((id) => active.has(id)));
    const [audit] = await rows<{ details: unknown }>(
      ctx.db,
      sql`SELECT details FROM audit_log WHERE action = 'deposit-method.reorder' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.details).toEqual({ before: ids, after: reversed });
  });

  it(`keeps at most ${DEPOSIT_METHODS_LIMIT} methods, even when many are created at once`, async () => {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM deposit_methods`);
    const room = 2;
    await ctx.db.execute(
      sql`INSERT INTO deposit_methods (id, label, type, details, position)
          SELECT 'bulk-' || g, 'Bulk ' || g, 'paypal', '{"email":"bulk@example.com"}'::jsonb, 1000 + g
            FROM generate_series(1, ${DEPOSIT_METHODS_LIMIT - n - room}) AS g`,
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => admin.request('POST', '/api/admin/deposit-methods', crypto(`Coin ${i}`))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(room);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toMatchObject({ code: 'TOO_MANY_METHODS', message: adminMessages.methods.tooMany });
    }
    expect(await adminMethods()).toHaveLength(DEPOSIT_METHODS_LIMIT);
  });
});
