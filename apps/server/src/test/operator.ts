import type { OperatorRole } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { updateUser } from '../core/users/users.queries.js';
import type { Db } from '../db/client.js';
import { rows } from '../lib/sql.js';
import { newKey, TestClient } from './client.js';
import type { fundedUser } from './money.js';
import { depositParts, postDeposit } from './multipart.js';
import type { TestContext } from './test-app.js';
import { enrolTotp, loginWithTotp } from './two-factor.js';

const OPERATOR_PASSWORD = 'operator password';

type Member = Awaited<ReturnType<typeof fundedUser>>;

/** The seeded operator's authenticator secret, per test app: enrolled by the first signedInAdmin. */
const operatorSecrets = new WeakMap<TestContext, Uint8Array>();

/**
 * The seeded operator, signed in with password and authenticator code (the console requires a second
 * factor: the first call sets one up through the real endpoints), with their id and secret.
 */
export async function signedInAdmin(ctx: TestContext) {
  const client = new TestClient(ctx.app);
  const email = ctx.config.adminEmail ?? '';
  let secret = operatorSecrets.get(ctx);
  if (secret) await loginWithTotp(ctx.db, client, email, OPERATOR_PASSWORD, secret);
  else {
    const res = await client.login(email, OPERATOR_PASSWORD);
    if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode}`);
    // The test app's operator had no second factor: it is set up once (a test that removes it takes it out again).
    if ((res.json() as { twoFactorRedirect?: boolean }).twoFactorRedirect) throw new Error('operator secret unknown');
    secret = (await enrolTotp(client, OPERATOR_PASSWORD)).secret;
    operatorSecrets.set(ctx, secret);
  }
  const me = (await client.request('GET', '/api/me')).json() as { id: string; email: string };
  return { client, id: me.id, email: me.email, secret };
}

/** The seeded operator signs in without the second factor they no longer have (after reset-2fa). */
export function forgetOperatorSecret(ctx: TestContext): void {
  operatorSecrets.delete(ctx);
}

/**
 * Another operator: registered, made an active operator of `role` (an owner unless told) directly in
 * the database, with an authenticator app, signed in.
 */
export async function anotherAdmin(ctx: TestContext, role: OperatorRole = 'owner') {
  const client = new TestClient(ctx.app);
  const body = await client.register();
  const me = (await client.request('GET', '/api/me')).json() as { id: string };
  await updateUser(ctx.db, me.id, { role, isActive: true });
  const { secret } = await enrolTotp(client, body.password);
  return { client, id: me.id, email: body.email, body, secret };
}

/** A signed-in member's POST with a fresh Idempotency-Key (unless one is given). */
export function adjust(admin: TestClient, userId: string, body: unknown, key: string | null = newKey()) {
  return admin.request('POST', `/api/admin/users/${userId}/adjust`, body, key ? { 'idempotency-key': key } : {});
}

/**
 * Inserts `count` users straight into the table (no sign-up, no accounts): `<tag>-<n>` ids, names
 * 'Member <n> <tag>', e-mails 'member<n>.<tag>@seed.test', referral codes '<tag>-code-<n>', one in
 * three inactive, a minute apart from `from` (user n is the newest when n is the largest).
 */
export async function seedUsers(db: Db, tag: string, count: number, from = '2025-01-01T00:00:00Z'): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (id, name, email, referral_id, is_active, created_at, updated_at)
    SELECT ${tag} || '-' || g, 'Member ' || g || ' ' || ${tag}, 'member' || g || '.' || ${tag} || '@seed.test',
           ${tag} || '-code-' || g, g % 3 <> 0, ${from}::timestamptz + g * interval '1 minute', now()
      FROM generate_series(1, ${count}) AS g`);
}

/** A pending deposit of the member's, filed through the API; its id. */
export async function filedDeposit(member: Member, amountCents: number): Promise<string> {
  const res = await postDeposit(member.client, depositParts(amountCents));
  if (res.statusCode !== 201) throw new Error(`deposit failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { deposit: { id: string } }).deposit.id;
}

/** A pending withdrawal of the member's (PayPal), filed with the e-mailed code; its id. */
export async function filedWithdrawal(ctx: TestContext, member: Member, amountCents: number): Promise<string> {
  const body = { amountCents, method: 'paypal', destination: { email: 'me@paypal.test' } };
  // One code a minute per member: age the previous one.
  await ctx.db.execute(sql`UPDATE withdrawal_codes SET created_at = created_at - interval '2 minutes'`);
  const otp = await member.client.request('POST', '/api/withdrawals/otp', body);
  if (otp.statusCode !== 201) throw new Error(`otp failed: ${otp.statusCode} ${otp.body}`);
  const [mail] = await rows<{ text: string }>(
    ctx.db,
    sql`SELECT text FROM email_outbox WHERE to_address = ${member.body.email} AND template = 'withdrawal-otp'
        ORDER BY id DESC LIMIT 1`,
  );
  const code = /is: (\d{6})/.exec(mail?.text ?? '')?.[1];
  const res = await member.money('POST', '/api/withdrawals', { ...body, otp: code });
  if (res.statusCode !== 201) throw new Error(`withdrawal failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { withdrawal: { id: string } }).withdrawal.id;
}

/** A CSV document (RFC 4180: quoted cells, doubled quotes, CRLF) as rows of cells. */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return out;
}
