import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../lib/clock.js';
import { rows } from '../../lib/sql.js';
import { newKey } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { listening, postOnOwnConnection } from '../../test/own-connection.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * Requests that really arrive side by side, each on a TCP connection of its own, against a
 * listening app: on PostgreSQL (TEST_DATABASE_URL) they run at once on the pool's connections.
 */

let ctx: TestContext;
let nowMs = Date.parse('2026-11-24T12:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };

beforeAll(async () => {
  ctx = await createTestApp({}, clock);
}, 60_000);
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof fundedUser>>;

const paypal = (amountCents: number) => ({
  amountCents,
  method: 'paypal' as const,
  destination: { email: 'me@paypal.test' },
});

/** A code for this withdrawal, e-mailed to the member; answers it as they would read it. */
async function codeFor(m: Member, body: object): Promise<string> {
  nowMs += 61_000; // one code a minute
  expect((await m.client.request('POST', '/api/withdrawals/otp', body)).statusCode).toBe(201);
  const [mail] = await rows<{ text: string }>(
    ctx.db,
    sql`SELECT text FROM email_outbox WHERE to_address = ${m.body.email} AND template = 'withdrawal-otp'
        ORDER BY id DESC LIMIT 1`,
  );
  const code = /password for the withdrawal is: (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the e-mail');
  return code;
}

/** `count` distinct six-digit codes, none of them `right`. */
function wrongCodes(right: string, count: number): string[] {
  const out: string[] = [];
  for (let n = 0; out.length < count; n++) {
    const candidate = String(n * 7919)
      .padStart(6, '0')
      .slice(-6);
    if (candidate !== right && !out.includes(candidate)) out.push(candidate);
  }
  return out;
}

const attemptsOf = async (m: Member) =>
  (
    await rows<{ attempts: number }>(
      ctx.db,
      sql`SELECT attempts FROM withdrawal_codes WHERE user_id = ${m.id} ORDER BY created_at DESC LIMIT 1`,
    )
  )[0]?.attempts;

describe('a code guessed by many requests at once', () => {
  it.each([
    ['filings', '/api/withdrawals'],
    ['checks', '/api/withdrawals/otp/verify'],
  ])('100 %s at once, the right code among them, compare at most 5 codes and file nothing', async (_name, path) => {
    const m = await fundedUser(ctx, 100_000);
    const right = await codeFor(m, paypal(20_000));
    // The right code is sent 100th, after 99 wrong ones that all leave at the same moment.
    const codes = [...wrongCodes(right, 99), right];
    const base = await listening(ctx.app);
    const answers = await Promise.all(
      codes.map((otp) =>
        postOnOwnConnection(base, m.client, path, { ...paypal(20_000), otp }, { 'idempotency-key': newKey() }),
      ),
    );

    expect(answers.filter((a) => a.status < 300)).toEqual([]);
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const compared = answers.filter((a) => a.body?.error?.code !== 'OTP_LOCKED');
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(await attemptsOf(m)).toBe(5);
    // The right code itself is refused now: the code is locked.
    const late = await m.money('POST', '/api/withdrawals', { ...paypal(20_000), otp: right });
    expect(late.json().error.code).toBe('OTP_LOCKED');
    expect(await m.wallet()).toMatchObject({ balanceCents: 100_000 });
    const [filed] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${m.id}`,
    );
    expect(filed?.n).toBe(0);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
