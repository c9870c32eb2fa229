import { readdirSync } from 'node:fs';
import { depositMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../core/users/users.queries.js';
import { rows } from '../../lib/sql.js';
import { newKey, TestClient } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { fileOf, type Part, PNG_SIGNATURE, postDeposit } from '../../test/multipart.js';
import { anotherAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { approveDeposit, listPendingDeposits, rejectDeposit } from './deposits.service.js';

const MB5 = 5 * 1024 * 1024;
const PNG = PNG_SIGNATURE;
const file = fileOf;
const links = { publicUrl: 'http://localhost:3000', operatorEmail: 'ops@meridian.test' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

async function user() {
  return fundedUser(ctx, 0);
}

const deposit = postDeposit;

const receipt = (data = file(PNG, 2_000), filename = 'receipt.png', type = 'image/png'): Part => ({
  name: 'receipt',
  filename,
  type,
  data,
});
const fields = (amountCents: string, methodId = 'paypal'): Part[] => [
  { name: 'amountCents', value: amountCents },
  { name: 'methodId', value: methodId },
];

/** Files stored for receipts, anywhere under the test app's folder. */
function storedFiles(): string[] {
  const list = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(`${d}/${e.name}`) : [e.name]));
  return list(ctx.receiptsDir);
}

async function counts() {
  const [r] = await rows<{ deposits: number; receipts: number; pending: number }>(
    ctx.db,
    sql`SELECT (SELECT count(*)::int FROM deposits) AS deposits, (SELECT count(*)::int FROM receipts) AS receipts,
               (SELECT count(*)::int FROM transactions WHERE status = 'pending') AS pending`,
  );
  return { ...r, files: storedFiles().length };
}

describe('filing a deposit', () => {
  it('files a pending credit with its private receipt, moves no money, and queues both e-mails', async () => {
    const u = await user();
    const res = await deposit(u.client, [...fields('25000'), receipt()]);
    expect(res.statusCode).toBe(201);
    const out = res.json();
    expect(out.transaction).toMatchObject({
      type: 'credit',
      mode: 'deposit',
      method: 'PayPal',
      amountCents: 25_000,
      status: 'pending',
      wallet: 'balance',
    });
    expect(out.deposit).toMatchObject({ id: out.transaction.id, status: 'pending', methodType: 'paypal' });
    expect(await u.wallet()).toMatchObject({ balanceCents: 0, totalDepositCents: 0 });

    const mail = await rows<{ to_address: string; subject: string }>(
      ctx.db,
      sql`SELECT to_address, subject FROM email_outbox WHERE template LIKE 'deposit-%' ORDER BY id`,
    );
    expect(mail.map((m) => m.subject)).toEqual(['Deposit Processing', 'Deposit Notification']);
    expect(mail[0]?.to_address).toBe(u.body.email);

    // The owner reads the receipt back, typed by its bytes; another user and a stranger get 404.
    const own = await u.client.request('GET', `/api/receipts/${out.deposit.receiptId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toMatch(/^inline; filename="receipt-/);
    expect(own.rawPayload.subarray(0, 8).equals(PNG)).toBe(true);
    const other = await user();
    expect((await other.client.request('GET', `/api/receipts/${out.deposit.receiptId}`)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).request('GET', `/api/receipts/${out.deposit.receiptId}`)).statusCode).toBe(
      401,
    );
    // An operator reviews it; an unknown id is a 404 for everyone.
    const admin = new TestClient(ctx.app);
    expect((await admin.login('admin@meridian.test', 'operator password')).statusCode).toBe(200);
    const reviewed = await admin.request('GET', `/api/receipts/${out.deposit.receiptId}`);
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.headers['content-security-policy']).toContain('sandbox');
    expect((await admin.request('GET', '/api/receipts/no-such-receipt')).statusCode).toBe(404);
  });

  it('answers only an active owner or an active operator: deactivated, either reads 404', async () => {
    const u = await fundedUser(ctx, 0);
    const receiptId = (await deposit(u.client, [...fields('25000'), receipt()])).json().deposit.receiptId as string;
    const operator = await anotherAdmin(ctx);
    const read = (client: TestClient) => client.request('GET', `/api/receipts/${receiptId}`);
    expect((await read(operator.client)).statusCode).toBe(200);
    expect((await read(u.client)).statusCode).toBe(200);

    // Deactivated, each still has a session (an inactive account may sign in to read its notice).
    await updateUser(ctx.db, operator.id, { isActive: false });
    await updateUser(ctx.db, u.id, { isActive: false });
    const [byOperator, byOwner] = [await read(operator.client), await read(u.client)];
    expect([byOperator.statusCode, byOwner.statusCode]).toEqual([404, 404]);
    expect(byOperator.json().error.message).toBe(depositMessages.receiptNotFound);
    expect(byOperator.headers['content-type']).toMatch(/^application\/json/);
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte with the spec message, leaving nothing behind', async () => {
    const u = await user();
    expect((await deposit(u.client, [...fields('10000'), receipt(file(PNG, MB5))])).statusCode).toBe(201);
    const before = await counts();
    const res = await deposit(u.client, [...fields('10000'), receipt(file(PNG, MB5 + 1))]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(depositMessages.fileTooLarge);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a text file named .png', [...fields('10000'), receipt(file('plain text, not an image', 500))], 415],
    ['an HTML file declared image/png', [...fields('10000'), receipt(file('<html><script>x</script>', 500))], 415],
    ['an empty file', [...fields('10000'), receipt(Buffer.alloc(0))], 400],
    ['no file', fields('10000'), 400],
    ['two files', [...fields('10000'), receipt(), receipt()], 400],
    ['a file under another name', [...fields('10000'), { ...receipt(), name: 'other' } as Part], 400],
  ])('refuses %s with a 4xx and writes nothing', async (_name, parts, status) => {
    const u = await user();
    const before = await counts();
    const res = await deposit(u.client, parts as Part[]);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['below 100', '9999', 'Amount must be greater than 100'],
    ['zero', '0', 'Amount must be greater than 100'],
    ['negative', '-10000', 'Amount must be greater than 100'],
    ['fractional', '10000.5', undefined],
    ['a word', 'abc', undefined],
    ['huge', '99999999999999999999', undefined],
    ['missing', '', depositMessages.fillAllFields],
  ])('refuses an amount %s with a 400 and stores no file', async (_name, amount, message) => {
    const u = await user();
    const before = await counts();
    const res = await deposit(u.client, [...fields(amount), receipt()]);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('takes exactly 100 (the minimum passes)', async () => {
    const u = await user();
    expect((await deposit(u.client, [...fields('10000'), receipt()])).statusCode).toBe(201);
  });

  it('refuses an unknown or inactive method with a 404 and stores nothing', async () => {
    const u = await user();
    await ctx.db.execute(sql`UPDATE deposit_methods SET active = false WHERE id = 'bitcoin'`);
    const before = await counts();
    for (const method of ['no-such-method', 'bitcoin']) {
      const res = await deposit(u.client, [...fields('10000', method), receipt()]);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(depositMessages.methodNotFound);
    }
    expect(await counts()).toEqual(before);
    const listed = (await u.client.request('GET', '/api/deposit-methods')).json() as { id: string }[];
    expect(listed.map((m) => m.id)).not.toContain('bitcoin');
    await ctx.db.execute(sql`UPDATE deposit_methods SET active = true WHERE id = 'bitcoin'`);
  });

  it('needs an Idempotency-Key, replays a retry once, and refuses the key with another file', async () => {
    const u = await user();
    const noKey = await deposit(u.client, [...fields('10000'), receipt()], null);
    expect(noKey.statusCode).toBe(400);
    const key = newKey();
    const first = await deposit(u.client, [...fields('12300'), receipt()], key);
    const before = await counts();
    const again = await deposit(u.client, [...fields('12300'), receipt()], key);
    expect(again.statusCode).toBe(201);
    expect(again.json().deposit.id).toBe(first.json().deposit.id);
    expect(await counts()).toEqual(before);
    const otherFile = await deposit(u.client, [...fields('12300'), receipt(file(PNG, 3_000))], key);
    expect(otherFile.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [
      'a body cut off mid-part',
      (b: string) => `--${b}\r\nContent-Disposition: form-data; name="amountCents"\r\n\r\n100`,
    ],
    ['no boundary at all', () => 'this is not multipart at all'],
    ['a part without a name', (b: string) => `--${b}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${b}--\r\n`],
  ])('answers malformed multipart (%s) with a 4xx, never a 500, and writes nothing', async (_name, bodyOf) => {
    const u = await user();
    const before = await counts();
    const boundary = 'broken-boundary-0123';
    const res = await u.client.request('POST', '/api/deposits', bodyOf(boundary), {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': newKey(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await counts()).toEqual(before);
  });

  it('limits how many deposits one member files per hour, with Retry-After', async () => {
    const limited = await createTestApp({ DEPOSIT_LIMIT_PER_USER: '2' });
    try {
      const u = await fundedUser(limited, 0);
      for (let i = 0; i < 2; i++)
        expect((await deposit(u.client, [...fields('10000'), receipt()])).statusCode).toBe(201);
      const third = await deposit(u.client, [...fields('10000'), receipt()]);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('is closed to an inactive account', async () => {
    const client = new TestClient(ctx.app);
    await client.register();
    const res = await deposit(client, [...fields('10000'), receipt()]);
    expect(res.statusCode).toBe(403);
  });
});

describe('settling a deposit', () => {
  it('approving credits the balance once through the books; approving again changes nothing', async () => {
    const u = await user();
    const filed = (await deposit(u.client, [...fields('50000'), receipt()])).json();
    const now = new Date();
    const first = await approveDeposit(ctx.db, filed.deposit.id, 'test-operator', links, now);
    expect(first).toMatchObject({ changed: true, deposit: { status: 'approved' } });
    const second = await approveDeposit(ctx.db, filed.deposit.id, 'test-operator', links, now);
    expect(second.changed).toBe(false);
    expect(await u.wallet()).toMatchObject({ balanceCents: 50_000, totalDepositCents: 50_000 });
    const history = (await u.client.request('GET', '/api/transactions')).json().items as {
      id: string;
      status: string;
    }[];
    expect(history.find((t) => t.id === filed.transaction.id)?.status).toBe('success');
    await expect(rejectDeposit(ctx.db, filed.deposit.id, 'late', 'test-operator', links, now)).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('rejecting marks it failed with its reason and moves nothing', async () => {
    const u = await user();
    const filed = (await deposit(u.client, [...fields('50000'), receipt()])).json();
    const out = await rejectDeposit(ctx.db, filed.deposit.id, 'No payment arrived', 'test-operator', links, new Date());
    expect(out.deposit).toMatchObject({ status: 'rejected', reason: 'No payment arrived' });
    expect(await u.wallet()).toMatchObject({ balanceCents: 0, totalDepositCents: 0 });
    const history = (await u.client.request('GET', '/api/transactions')).json().items as {
      id: string;
      status: string;
    }[];
    expect(history.find((t) => t.id === filed.transaction.id)?.status).toBe('failed');
    await expect(approveDeposit(ctx.db, filed.deposit.id, 'test-operator', links, new Date())).rejects.toMatchObject({
      statusCode: 409,
    });
    const [audit] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'deposit.reject' AND details->>'depositId' = ${filed.deposit.id}`,
    );
    expect(audit?.n).toBe(1);
  });

  it("e-mails the member by the settlement's clock, as its booking and a withdrawal's e-mails are", async () => {
    const u = await user();
    const approved = (await deposit(u.client, [...fields('20000'), receipt()])).json();
    const rejected = (await deposit(u.client, [...fields('30000'), receipt()])).json();
    const later = new Date(Date.now() + 400 * 86_400_000);
    await approveDeposit(ctx.db, approved.deposit.id, 'test-operator', links, later);
    await rejectDeposit(ctx.db, rejected.deposit.id, 'No payment arrived', 'test-operator', links, later);
    const mails = await rows<{ template: string; due: string | Date }>(
      ctx.db,
      sql`SELECT template, next_attempt_at AS due FROM email_outbox
           WHERE to_address = ${u.body.email} AND template IN ('deposit-approved', 'deposit-rejected') ORDER BY id`,
    );
    expect(mails.map((m) => [m.template, new Date(m.due).toISOString()])).toEqual([
      ['deposit-approved', later.toISOString()],
      ['deposit-rejected', later.toISOString()],
    ]);
  });

  it('audits an approval with the same details as every other decision: no reason is a null one', async () => {
    const u = await user();
    const filed = (await deposit(u.client, [...fields('25000'), receipt()])).json();
    await approveDeposit(ctx.db, filed.deposit.id, 'test-operator', links, new Date());
    const [audit] = await rows<{ details: unknown }>(
      ctx.db,
      sql`SELECT details FROM audit_log WHERE action = 'deposit.approve' AND details->>'depositId' = ${filed.deposit.id}`,
    );
    expect(audit?.details).toEqual({
      depositId: filed.deposit.id,
      amountCents: 25_000,
      reason: null,
      before: 'pending',
      after: 'approved',
    });
  });

  it('approve and reject at once: exactly one wins, and the books balance', async () => {
    const u = await user();
    const filed = (await deposit(u.client, [...fields('40000'), receipt()])).json();
    const results = await Promise.allSettled([
      approveDeposit(ctx.db, filed.deposit.id, 'op-a', links, new Date()),
      rejectDeposit(ctx.db, filed.deposit.id, 'race', 'op-b', links, new Date()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const wallet = await u.wallet();
    const approved = results[0].status === 'fulfilled';
    expect(wallet.balanceCents).toBe(approved ? 40_000 : 0);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('lists pending deposits oldest first, and an unknown id is a 404', async () => {
    const pending = await listPendingDeposits(ctx.db);
    const times = pending.map((d) => d.createdAt);
    expect(times).toEqual([...times].sort());
    expect(pending.every((d) => d.status === 'pending')).toBe(true);
    await expect(approveDeposit(ctx.db, 'no-such-deposit', 'op', links, new Date())).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
