import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { TestClient } from './client.js';

/*
 * Authenticator codes in tests, computed from the secret with Better Auth's own OTP helper, as an
 * authenticator app computes them.
 */

/** The secret an authenticator app reads from the QR code's `otpauth://` address. */
export function secretOf(totpURI: string): Uint8Array {
  const encoded = new URL(totpURI).searchParams.get('secret');
  if (!encoded) throw new Error(`no secret in ${totpURI}`);
  return base32.decode(encoded);
}

/** The code of the 30-second step `steps` away from now (0: the app's current code). */
export function totpCode(secret: Uint8Array, steps = 0): Promise<string> {
  return createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + steps);
}

export interface Enrolment {
  secret: Uint8Array;
  backupCodes: string[];
}

/** Sets up and confirms an authenticator app for the signed-in client, through the real endpoints. */
export async function enrolTotp(client: TestClient, password: string): Promise<Enrolment> {
  const res = await client.request('POST', '/api/auth/two-factor/enable', { password });
  if (res.statusCode !== 200) throw new Error(`enable failed: ${res.statusCode} ${res.body}`);
  const { totpURI, backupCodes } = res.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  const confirmed = await client.request('POST', '/api/auth/two-factor/verify-totp', { code: await totpCode(secret) });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, backupCodes };
}

/**
 * Forgets which step the account last used, so a helper signing the same account in again within 30
 * seconds can use the current code once more (a real app would wait for the next one).
 */
export async function forgetUsedStep(db: Db, email: string): Promise<void> {
  await db.execute(sql`UPDATE two_factor_tries SET last_step = NULL
                        WHERE user_id = (SELECT id FROM users WHERE lower(email) = ${email.toLowerCase()})`);
}

/** Signs in with password and authenticator code; throws unless both steps pass. */
export async function loginWithTotp(db: Db, client: TestClient, email: string, password: string, secret: Uint8Array) {
  const first = await client.login(email, password);
  if (first.statusCode !== 200) throw new Error(`login failed: ${first.statusCode} ${first.body}`);
  if (!(first.json() as { twoFactorRedirect?: boolean }).twoFactorRedirect) return first;
  await forgetUsedStep(db, email);
  const second = await client.request('POST', '/api/auth/two-factor/verify-totp', { code: await totpCode(secret) });
  if (second.statusCode !== 200) throw new Error(`second step failed: ${second.statusCode} ${second.body}`);
  return second;
}
