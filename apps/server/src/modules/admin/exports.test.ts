import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { fundedUser } from '../../test/money.js';
import { adjust, parseCsv, seedUsers, signedInAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { transactionsCsv } from './exports.service.js';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAdmin(ctx)).client;
});
afterAll(() => ctx.close());

const get = (url: string) => admin.request('GET', url);
const auditCount = async () => (await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM audit_log`))[0]?.n;

describe('GET /api/admin/exports/users.csv', () => {
  it('is a CSV download of the list exactly as filtered, with a header row, quoted and formula-safe', async () => {
    await seedUsers(ctx.db, 'exp', 12);
    // Names a spreadsheet would otherwise run as formulas, or split into cells and lines.
    await ctx.db.execute(sql`
      UPDATE users SET name = CASE id
        WHEN 'exp-2' THEN '=HYPERLINK("http://evil.example","exp")' WHEN 'exp-4' THEN '+1 exp'
        WHEN 'exp-5' THEN '-2+3 exp' WHEN 'exp-7' THEN '@SUM(A1) exp' WHEN 'exp-8' THEN E'\\texp tab'
        WHEN 'exp-10' THEN E'Smith, "Jo"\\nexp' ELSE name END
      WHERE id LIKE 'exp-%'`);
    const before = await auditCount();
    const res = await get('/api/admin/exports/users.csv?q=exp&status=active');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="meridian-users-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(['id', 'name', 'email', 'role', 'status', 'referral_code', 'balance_usd', 'created_at']);
    const listed = (await get('/api/admin/users?q=exp&status=active&limit=100')).json().items as { id: string }[];
    expect(lines.map((l) => l[0])).toEqual(listed.map((u) => u.id));
    expect(lines.every((l) => l[4] === 'active' && l[6] === '0.00')).toBe(true);
    const nameOf = (id: string) => lines.find((l) => l[0] === id)?.[1];
    expect(nameOf('exp-2')).toBe(`'=HYPERLINK("http://evil.example","exp")`);
    expect(nameOf('exp-4')).toBe("'+1 exp");
    expect(nameOf('exp-5')).toBe("'-2+3 exp");
    expect(nameOf('exp-7')).toBe("'@SUM(A1) exp");
    expect(nameOf('exp-8')).toBe("'\texp tab");
    expect(nameOf('exp-10')).toBe('Smith, "Jo"\nexp');
    expect(res.body).toContain('"Smith, ""Jo""\nexp"');
    // The export itself is an operator action, audited once (below).
    expect(await auditCount()).toBe((before ?? 0) + 1);
  });

  it('writes balances from the books as decimal dollars', async () => {
    const rich = await fundedUser(ctx, 123_450);
    const res = await get(`/api/admin/exports/users.csv?q=${encodeURIComponent(rich.body.email)}`);
    const [, line] = parseCsv(res.body);
    expect(line?.[6]).toBe('1234.50');
  });

  it.each([
    ['a page cursor (exports take no page)', 'cursor=abc'],
    ['a page size', 'limit=10'],
    ['an unknown filter', 'status=rich'],
    ['a 10 kB search', `q=${'x'.repeat(10_000)}`],
  ])('answers %s with a 400', async (_what, query) => {
    const res = await get(`/api/admin/exports/users.csv?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/admin/exports/transactions.csv', () => {
  it('writes the filtered history with amounts in dollars and the text made safe', async () => {
    const member = await fundedUser(ctx, 0);
    await adjust(admin, member.id, { amountCents: 123_405, reason: '=SUM(A1:A9)' });
    await adjust(admin, member.id, { amountCents: -5, reason: 'Five cents, "back"' });
    const res = await get(`/api/admin/exports/transactions.csv?userId=${member.id}&type=debit`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="meridian-transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'created_at',
      'user_id',
      'user_name',
      'user_email',
      'type',
      'mode',
      'method',
      'description',
      'amount_usd',
      'fee_usd',
      'status',
      'wallet',
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.slice(2)).toEqual([
      member.id,
      member.body.name,
      member.body.email,
      'debit',
      'adjustment',
      'adjustment',
      'Five cents, "back"',
      '0.05',
      '0.00',
      'success',
      'balance',
    ]);
    const credits = parseCsv((await get(`/api/admin/exports/transactions.csv?userId=${member.id}&type=credit`)).body);
    expect(credits[1]?.slice(8, 10)).toEqual(["'=SUM(A1:A9)", '1234.05']);
  });

  it('reads in batches of 1,000 and streams 2,500 rows in order across the batch boundaries', async () => {
    const member = await fundedUser(ctx, 0);
    // Timestamps collide in fives, so a batch boundary falls inside a run of equal times.
    await ctx.db.execute(sql`
      INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, status, wallet, created_at)
      SELECT 'bulk-' || lpad(g::text, 4, '0'), ${member.id}, 'credit', 'deposit', 'paypal', 'bulk ' || g, g, 'success',
             'balance', timestamptz '2026-04-01' + (g / 5) * interval '1 second'
        FROM generate_series(1, 2500) AS g`);
    const expected = (
      await rows<{ id: string }>(
        ctx.db,
        sql`SELECT id FROM transactions WHERE user_id = ${member.id} ORDER BY created_at DESC, id DESC`,
      )
    ).map((r) => r.id);

    const chunks: string[] = [];
    for await (const chunk of transactionsCsv(ctx.db, { userId: member.id })) chunks.push(chunk);
    // The header, then one chunk per query of at most 1,000 rows.
    expect(chunks.map((c) => parseCsv(c).length)).toEqual([1, 1_000, 1_000, 500]);

    const res = await get(`/api/admin/exports/transactions.csv?userId=${member.id}`);
    const [, ...lines] = parseCsv(res.body);
    expect(lines.map((l) => l[0])).toEqual(expected);
    expect(new Set(lines.map((l) => l[0])).size).toBe(2_500);
    expect(lines[0]?.[9]).toBe('25.00');
  });

  it.each([
    ['an unknown category', 'category=gifts'],
    ['a filter the users export has', 'q=someone'],
    ['a page cursor', 'cursor=abc'],
    ['an unknown field', 'sort=amount'],
  ])('answers %s with a 400', async (_what, query) => {
    const res = await get(`/api/admin/exports/transactions.csv?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('exports in the audit log', () => {
  /** The audit log is append-only: each test reads the export entries written after this id. */
  const lastId = async () =>
    Number((await rows<{ id: number }>(ctx.db, sql`SELECT COALESCE(max(id), 0)::int AS id FROM audit_log`))[0]?.id);
  const exportEntries = (after: number) =>
    rows<{ actor: string; action: string; target_user_id: string | null; details: unknown; created_at: Date | string }>(
      ctx.db,
      sql`SELECT actor, action, target_user_id, details, created_at FROM audit_log
           WHERE action LIKE 'export.%' AND id > ${after} ORDER BY id`,
    );

  it('records who exported what, with the filters as on screen, and when', async () => {
    const { email } = await signedInAdmin(ctx);
    const member = await fundedUser(ctx, 0);
    const after = await lastId();
    const started = Date.now();
    expect((await get('/api/admin/exports/users.csv?q=%20exp%20&status=inactive')).statusCode).toBe(200);
    expect((await get(`/api/admin/exports/transactions.csv?userId=${member.id}&type=credit`)).statusCode).toBe(200);
    expect((await get('/api/admin/exports/transactions.csv')).statusCode).toBe(200);

    const entries = await exportEntries(after);
    expect(entries.map(({ created_at: _, ...e }) => e)).toEqual([
      {
        actor: `admin:${email}`,
        action: 'export.users',
        target_user_id: null,
        details: { filters: { q: 'exp', status: 'inactive' } },
      },
      {
        actor: `admin:${email}`,
        action: 'export.transactions',
        target_user_id: member.id,
        details: { filters: { userId: member.id, type: 'credit' } },
      },
      { actor: `admin:${email}`, action: 'export.transactions', target_user_id: null, details: { filters: {} } },
    ]);
    for (const e of entries) expect(new Date(e.created_at).getTime()).toBeGreaterThanOrEqual(started - 5_000);

    // The console's audit page finds them by their action, with the member named.
    const listed = (await get('/api/admin/audit?action=export.transactions')).json().items as {
      targetEmail: string | null;
    }[];
    expect(listed.slice(0, 2).map((e) => e.targetEmail)).toEqual([null, member.body.email]);
  });

  it('records nothing for an export refused for its filters, or asked by a member', async () => {
    const member = await fundedUser(ctx, 0);
    const after = await lastId();
    expect((await get('/api/admin/exports/users.csv?status=rich')).statusCode).toBe(400);
    expect((await member.client.request('GET', '/api/admin/exports/users.csv')).statusCode).toBe(403);
    expect(await exportEntries(after)).toEqual([]);
  });
});
