import { depositMessages, moneyMessages, withdrawalMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyTransaction } from '../../ledger/money-transaction.js';
import type { Clock } from '../../lib/clock.js';
import { rows } from '../../lib/sql.js';
import { newKey } from '../../test/client.js';
import { booksInvariants, fundByEmail, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { approveWithdrawal, holdWithdrawal, rejectWithdrawal } from './withdrawals.service.js';

let ctx: TestContext;
let nowMs = Date.parse('2026-11-24T12:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
const later = (ms: number) => {
  nowMs += ms;
};
const links = { publicUrl: 'http://localhost:3000' };

beforeAll(async () => {
  ctx = await createTestApp({}, clock);
}, 60_000);
afterAll(() => ctx.close());

const paypal = (amountCents: number, email = 'me@paypal.test') => ({
  amountCents,
  method: 'paypal' as const,
  destination: { email },
});

type Member = Awaited<ReturnType<typeof fundedUser>>;

/** The code from the newest 'Withdrawal OTP' e-mail to this member, as they would read it. */
async function mailedCode(m: Member): Promise<string> {
  const [mail] = await rows<{ text: string; subject: string }>(
    ctx.db,
    sql`SELECT text, subject FROM email_outbox WHERE to_address = ${m.body.email} AND template = 'withdrawal-otp'
        ORDER BY id DESC LIMIT 1`,
  );
  expect(mail?.subject).toBe('Withdrawal OTP');
  const code = /password for the withdrawal is: (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the e-mail');
  return code;
}

async function askCode(m: Member, body: object) {
  later(61_000); // one code a minute
  return m.client.request('POST', '/api/withdrawals/otp', body);
}

/** Past the step-up window since signing in, filing needs the password again (auth/sign-ins.test.ts). */
async function stepUp(m: Member) {
  const res = await m.client.request('POST', '/api/auth/step-up', { password: m.body.password });
  expect(res.statusCode).toBe(200);
}

const verify = (m: Member, body: object) => m.client.request('POST', '/api/withdrawals/otp/verify', body);
const file = (m: Member, body: object, key = newKey()) => m.money('POST', '/api/withdrawals', body, key);

describe('the one-time code', () => {
  it('is e-mailed with the member’s name, checked by the server, and then files the hold once', async () => {
    const m = await fundedUser(ctx, 100_000);
    expect((await askCode(m, paypal(30_000))).statusCode).toBe(201);
    const [mail] = await rows<{ text: string }>(
      ctx.db,
      sql`SELECT text FROM email_outbox WHERE to_address = ${m.body.email} AND template = 'withdrawal-otp'`,
    );
    expect(mail?.text).toContain(`Hello ${m.body.name}`);
    const code = await mailedCode(m);
    const wrong = code === '000000' ? '111111' : '000000';

    const bad = await verify(m, { ...paypal(30_000), otp: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(withdrawalMessages.invalidOtp);
    expect(await m.wallet()).toMatchObject({ balanceCents: 100_000 });
    expect((await verify(m, { ...paypal(30_000), otp: code })).statusCode).toBe(200);

    const key = newKey();
    const filed = await file(m, { ...paypal(30_000), otp: code }, key);
    expect(filed.statusCode).toBe(201);
    expect(filed.json().transaction).toMatchObject({
      type: 'debit',
      mode: 'withdrawal',
      status: 'pending',
      amountCents: 30_000,
    });
    expect(await m.wallet()).toMatchObject({ balanceCents: 70_000, totalWithdrawalCents: 0 });
    // A retry with the key replays; the code itself is used up.
    const again = await file(m, { ...paypal(30_000), otp: code }, key);
    expect(again.json().withdrawal.id).toBe(filed.json().withdrawal.id);
    const reuse = await file(m, { ...paypal(30_000), otp: code });
    expect(reuse.json().error.message).toBe(withdrawalMessages.invalidOtp);
    expect(await m.wallet()).toMatchObject({ balanceCents: 70_000 });
    const [operatorMail] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE template = 'withdrawal-requested' AND text LIKE ${`%${m.body.email}%`}`,
    );
    expect(operatorMail?.n).toBe(1);
  });

  it('locks after 5 wrong codes, even against the right one', async () => {
    const m = await fundedUser(ctx, 50_000);
    await askCode(m, paypal(20_000));
    const code = await mailedCode(m);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(m, { ...paypal(20_000), otp: wrong })).json().error.message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill(withdrawalMessages.invalidOtp));
    expect(answers[4]).toBe(withdrawalMessages.otpLocked);
    const right = await file(m, { ...paypal(20_000), otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe(withdrawalMessages.otpLocked);
    expect(await m.wallet()).toMatchObject({ balanceCents: 50_000 });
  });

  it('costs no try when right: checked again and again after 4 wrong ones, it still files', async () => {
    const m = await fundedUser(ctx, 50_000);
    await askCode(m, paypal(20_000));
    const code = await mailedCode(m);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await verify(m, { ...paypal(20_000), otp: wrong })).statusCode).toBe(400);
    // Checked, the dialog cancelled, checked again: the code stays good for its 10 minutes.
    for (let i = 0; i < 6; i++) expect((await verify(m, { ...paypal(20_000), otp: code })).statusCode).toBe(200);
    later(9 * 60_000);
    await stepUp(m);
    expect((await file(m, { ...paypal(20_000), otp: code })).statusCode).toBe(201);
    expect(await m.wallet()).toMatchObject({ balanceCents: 30_000 });
  });

  it('expires after 10 minutes', async () => {
    const m = await fundedUser(ctx, 50_000);
    await askCode(m, paypal(20_000));
    const code = await mailedCode(m);
    later(10 * 60_000 + 1);
    await stepUp(m);
    const res = await file(m, { ...paypal(20_000), otp: code });
    expect(res.json().error.message).toBe(withdrawalMessages.otpExpired);
    expect(await m.wallet()).toMatchObject({ balanceCents: 50_000 });
  });

  it('confirms only the amount and destination it was issued for', async () => {
    const m = await fundedUser(ctx, 50_000);
    await askCode(m, paypal(20_000));
    const code = await mailedCode(m);
    for (const other of [paypal(20_001), paypal(20_000, 'thief@paypal.test')]) {
      const res = await file(m, { ...other, otp: code });
      expect(res.json().error.message).toBe(withdrawalMessages.invalidOtp);
    }
    expect((await file(m, { ...paypal(20_000), otp: code })).statusCode).toBe(201);
  });

  it('files only with an Idempotency-Key', async () => {
    const m = await fundedUser(ctx, 50_000);
    await askCode(m, paypal(20_000));
    const code = await mailedCode(m);
    const noKey = await m.client.request('POST', '/api/withdrawals', { ...paypal(20_000), otp: code });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await m.wallet()).toMatchObject({ balanceCents: 50_000 });
    expect((await file(m, { ...paypal(20_000), otp: code })).statusCode).toBe(201);
  });

  it('is sent at most once a minute', async () => {
    const m = await fundedUser(ctx, 50_000);
    expect((await askCode(m, paypal(20_000))).statusCode).toBe(201);
    const soon = await m.client.request('POST', '/api/withdrawals/otp', paypal(20_000));
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toBe(withdrawalMessages.otpTooSoon);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends no code for more than the balance holds: said at once, before a code is spent', async () => {
    const m = await fundedUser(ctx, 15_000);
    const res = await askCode(m, paypal(20_000));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: moneyMessages.insufficientBalance,
    });
    const [n] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = ${m.body.email} AND template = 'withdrawal-otp'`,
    );
    expect(n?.n).toBe(0);
    // Exactly the balance is enough.
    expect((await askCode(m, paypal(15_000))).statusCode).toBe(201);
  });

  it('refuses what the balance cannot cover at filing and leaves the code usable', async () => {
    const m = await fundedUser(ctx, 25_000);
    await askCode(m, paypal(20_000));
    const code = await mailedCode(m);
    // The balance shrinks between the code and the filing.
    await fundByEmail(ctx, m.body.email, -10_000);
    const res = await file(m, { ...paypal(20_000), otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(moneyMessages.insufficientBalance);
    expect((await verify(m, { ...paypal(20_000), otp: code })).statusCode).toBe(200);
  });

  it.each([
    ['below 100', { ...paypal(9_999) }, 'Amount must be greater than 100'],
    ['a fractional amount', { ...paypal(10_000.5) }, moneyMessages.invalidAmount],
    ['a string amount', { ...paypal(10_000), amountCents: '100' }, moneyMessages.amountNotNumber],
    ['a bad e-mail', paypal(10_000, 'not-an-email'), 'Invalid email address'],
    [
      'a bank without its SWIFT code',
      { amountCents: 10_000, method: 'bank', destination: { bankName: 'B', accountNumber: '1', accountName: 'A' } },
      withdrawalMessages.swiftCodeRequired,
    ],
    ['an unknown method', { amountCents: 10_000, method: 'cash', destination: {} }, depositMessages.fillAllFields],
  ])('refuses %s with a 400 and sends no code', async (_name, body, message) => {
    const m = await fundedUser(ctx, 50_000);
    later(61_000);
    const res = await m.client.request('POST', '/api/withdrawals/otp', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const [n] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = ${m.body.email} AND template = 'withdrawal-otp'`,
    );
    expect(n?.n).toBe(0);
  });
});

describe('settling a withdrawal', () => {
  async function filed(cents: number) {
    const m = await fundedUser(ctx, 100_000);
    await askCode(m, paypal(cents));
    const res = await file(m, { ...paypal(cents), otp: await mailedCode(m) });
    return { m, id: res.json().withdrawal.id as string, txn: res.json().transaction.id as string };
  }

  it('approving pays the hold out once: Total Withdrawal counts it', async () => {
    const { m, id } = await filed(40_000);
    expect((await approveWithdrawal(ctx.db, id, 'op', links, clock.now())).changed).toBe(true);
    expect((await approveWithdrawal(ctx.db, id, 'op', links, clock.now())).changed).toBe(false);
    expect(await m.wallet()).toMatchObject({ balanceCents: 60_000, totalWithdrawalCents: 40_000 });
    await expect(rejectWithdrawal(ctx.db, id, 'late', 'op', links, clock.now())).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('rejecting returns the hold to the balance and fails the row', async () => {
    const { m, id, txn } = await filed(40_000);
    const out = await rejectWithdrawal(ctx.db, id, 'Details do not match', 'op', links, clock.now());
    expect(out.withdrawal).toMatchObject({ status: 'rejected', reason: 'Details do not match' });
    expect(await m.wallet()).toMatchObject({ balanceCents: 100_000, totalWithdrawalCents: 0 });
    const items = (await m.client.request('GET', '/api/transactions')).json().items as { id: string; status: string }[];
    expect(items.find((t) => t.id === txn)?.status).toBe('failed');
  });

  it('approve and reject at once settle it exactly once', async () => {
    const { m, id } = await filed(40_000);
    const results = await Promise.allSettled([
      approveWithdrawal(ctx.db, id, 'op-a', links, clock.now()),
      rejectWithdrawal(ctx.db, id, 'race', 'op-b', links, clock.now()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const paid = results[0].status === 'fulfilled';
    expect(await m.wallet()).toMatchObject({ balanceCents: paid ? 60_000 : 100_000 });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });

  it('20 withdrawals racing for one balance hold at most the balance', async () => {
    const m = await fundedUser(ctx, 100_000);
    const member = { id: m.id, name: m.body.name, email: m.body.email } as Parameters<typeof holdWithdrawal>[1];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        moneyTransaction(ctx.db, (tx) =>
          holdWithdrawal(tx, member, paypal(15_000), {
            publicUrl: links.publicUrl,
            operatorEmail: 'ops@meridian.test',
            now: clock.now(),
          }),
        ),
      ),
    );
    const held = results.filter((r) => r.status === 'fulfilled').length;
    expect(held).toBe(6); // 6 x $150 = $900 of $1,000
    expect(await m.wallet()).toMatchObject({ balanceCents: 100_000 - held * 15_000 });
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});

describe('payout details', () => {
  it('are saved per user and read back, empty at first', async () => {
    const m = await fundedUser(ctx, 0);
    const empty = (await m.client.request('GET', '/api/payout-details')).json();
    expect(empty.bank.bankName).toBe('');
    const details = {
      bank: {
        bankName: 'First Bank',
        accountNumber: '12345678',
        accountName: 'Ada L',
        routingNumber: '021000021',
        swiftCode: 'FBNKUS33',
      },
      crypto: { bitcoin: 'bc1qexample', ethereum: '0xexample', litecoin: 'ltc1example' },
    };
    expect((await m.client.request('PUT', '/api/payout-details', details)).statusCode).toBe(200);
    expect((await m.client.request('GET', '/api/payout-details')).json()).toEqual(details);
    const other = await fundedUser(ctx, 0);
    expect((await other.client.request('GET', '/api/payout-details')).json().bank.bankName).toBe('');
    const bad = await m.client.request('PUT', '/api/payout-details', { bank: {}, crypto: {}, extra: 1 });
    expect(bad.statusCode).toBe(400);
  });
});
