import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: TestClient;
let alice: Awaited<ReturnType<typeof fundedUser>>;
let bob: Awaited<ReturnType<typeof fundedUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAdmin(ctx)).client;
  alice = await fundedUser(ctx, 0);
  bob = await fundedUser(ctx, 0);
  // 30 entries about Alice by two operators, 5 about Bob, one about nobody.
  for (let i = 0; i < 30; i++) {
    await recordAudit(ctx.db, {
      actor: i % 2 ? 'admin:ops@example.com' : 'cli',
      action: i % 3 ? 'plan.update' : 'user.role',
      targetUserId: alice.id,
      details: { i },
    });
  }
  for (let i = 0; i < 5; i++) {
    await recordAudit(ctx.db, { actor: 'cli', action: 'balance.adjust', targetUserId: bob.id, details: { i } });
  }
  await recordAudit(ctx.db, { actor: 'system:settings', action: 'settings.update', details: {} });
});
afterAll(() => ctx.close());

type Entry = { id: number; actor: string; action: string; targetUserId: string | null; targetEmail: string | null };
const page = async (query: string) => {
  const res = await admin.request('GET', `/api/admin/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Entry[]; nextCursor: string | null };
};

describe('GET /api/admin/audit', () => {
  it('lists newest first and pages by id without repeats', async () => {
    const all = await rows<{ id: number }>(ctx.db, sql`SELECT id::int AS id FROM audit_log ORDER BY id DESC`);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const p: Awaited<ReturnType<typeof page>> = await page(`limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.items.map((e) => e.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((r) => r.id));
    const [first] = (await page('limit=1')).items;
    expect(first).toMatchObject({ action: 'settings.update', targetUserId: null, targetEmail: null, targetName: null });
  });

  it('filters by the exact actor, by action, and both together', async () => {
    const ops = (await page('actor=admin:ops@example.com&limit=100')).items;
    expect(ops).toHaveLength(15);
    expect(ops.every((e) => e.actor === 'admin:ops@example.com')).toBe(true);
    // Exact, not a substring.
    expect((await page('actor=ops@example.com')).items).toEqual([]);
    expect((await page('action=balance.adjust&limit=100')).items).toHaveLength(5);
    const both = (await page('actor=cli&action=user.role&limit=100')).items;
    expect(both).toHaveLength(5);
    expect(both.every((e) => e.actor === 'cli' && e.action === 'user.role')).toBe(true);
  });

  it('filters by the target user, named by id or by e-mail in any letter case, with their name and e-mail', async () => {
    const byId = (await page(`target=${bob.id}&limit=100`)).items;
    expect(byId).toHaveLength(5 + 1); // his five and his activation
    expect(byId.every((e) => e.targetUserId === bob.id && e.targetEmail === bob.body.email)).toBe(true);
    const byEmail = (await page(`target=${encodeURIComponent(alice.body.email.toUpperCase())}&limit=100`)).items;
    expect(byEmail.map((e) => e.targetUserId)).toEqual(Array(31).fill(alice.id));
    expect((await page('target=nobody@example.com')).items).toEqual([]);
    expect((await page('target=no-such-id')).items).toEqual([]);
  });

  it.each([
    ['an unknown action', 'action=user.delete'],
    ['an unknown field', 'who=cli'],
    ['a 10 kB actor', `actor=${'x'.repeat(10_000)}`],
    ['a cursor that is not an id', `cursor=${Buffer.from('abc').toString('base64url')}`],
    ['a negative cursor', `cursor=${Buffer.from('-5').toString('base64url')}`],
    ['a page of 1000', 'limit=1000'],
  ])('answers %s with a clear 400', async (_what, query) => {
    const res = await admin.request('GET', `/api/admin/audit?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even of one row or of none, and keeps every entry', async () => {
    const [before] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    for (const statement of [
      sql`UPDATE audit_log SET actor = 'someone else'`,
      sql`UPDATE audit_log SET details = '{}' WHERE id = (SELECT max(id) FROM audit_log)`,
      sql`DELETE FROM audit_log WHERE id = (SELECT min(id) FROM audit_log)`,
      sql`DELETE FROM audit_log WHERE false`,
      sql`TRUNCATE audit_log`,
    ]) {
      await expect(ctx.db.execute(statement)).rejects.toThrow();
    }
    const [after] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(after?.n).toBe(before?.n);
    expect((await page('actor=someone%20else')).items).toEqual([]);
  });
});
