// Many signed-in users without signing them up: the users, their accounts and one session each
// written by SQL, and each session's cookie signed the way Better Auth signs it. Signing up costs a
// scrypt hash per user (about 8 a second here), which is what a bench of 10,000 users cannot afford;
// what it needs is only that the server takes the cookies as its own (checked with GET /api/me).
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { BENCH_EMAIL_DOMAIN } from './seed.mjs';

/** Better Auth's session cookie over plain http (apps/server/src/modules/auth/better-auth.ts). */
export const SESSION_COOKIE = 'better-auth.session_token';
/** Better Auth's default session lifetime: a session this young is neither expired nor due for refresh. */
const SESSION_DAYS = 7;
/** The user's accounts, as registration opens them (USER_ACCOUNT_KINDS in db/schema/ledger.ts). */
const ACCOUNT_KINDS = ['balance', 'profit', 'bonus', 'referral_bonus', 'invested', 'withdrawal_hold'];

/**
 * `token.signature`, URL-encoded: better-call's signCookieValue (HMAC-SHA256 with the auth secret,
 * base64), which the server's session reader verifies (core/auth/session-reader.ts).
 */
export function signedSessionCookie(token, secret, name = SESSION_COOKIE) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** A Better Auth style token: 32 letters and digits. */
function sessionToken() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(32), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Inserts `count` inactive users `bench-<runId>-<i>@bench.invalid` (ids `<runId>-<i>`), opens their
 * accounts through ledger_open_accounts and gives each one live session. Activate and fund them with
 * seed.mjs's activateAndFund. Returns [{ id, email, cookie }] in order.
 */
export async function seedSignedInUsers({ databaseUrl, runId, count, secret }) {
  const users = Array.from({ length: count }, (_, i) => ({
    id: `${runId}-${i}`,
    email: `bench-${runId}-${i}@${BENCH_EMAIL_DOMAIN}`,
    token: sessionToken(),
  }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const ids = users.map((u) => u.id);
    await client.query(
      `INSERT INTO users (id, name, email, phone, country, referral_id, created_at, updated_at)
       SELECT u.id, 'Bench User ' || u.ord, u.email, '+15550100200', 'United States', 'bench-' || u.id, now(), now()
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(id, email, ord)`,
      [ids, users.map((u) => u.email)],
    );
    await client.query('SELECT ledger_open_accounts(id, $2::text[]) FROM unnest($1::text[]) AS id', [
      ids,
      ACCOUNT_KINDS,
    ]);
    await client.query(
      `INSERT INTO sessions (id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
       SELECT 's-' || s.user_id, s.token, s.user_id, now() + make_interval(days => $3), '127.0.0.1', 'bench', now(), now()
         FROM unnest($1::text[], $2::text[]) AS s(user_id, token)`,
      [ids, users.map((u) => u.token), SESSION_DAYS],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
  return users.map((u) => ({ id: u.id, email: u.email, cookie: signedSessionCookie(u.token, secret) }));
}
