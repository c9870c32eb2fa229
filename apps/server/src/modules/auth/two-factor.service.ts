import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createOTP } from '@better-auth/utils/otp';
import { twoFactorMessages } from '@meridian/shared';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { parseCookies, verifySignedValue } from '../../core/auth/session-reader.js';
import type { Db } from '../../db/client.js';
import { twoFactors } from '../../db/schema/index.js';
import { AppError, rateLimited } from '../../lib/app-error.js';
import type { Auth } from './better-auth.js';
import { secondsUntilNextTry, takeTwoFactorTry, useTwoFactorStep } from './two-factor-tries.queries.js';

/** The authenticator's time step, as Better Auth's plugin (and every authenticator app) counts it. */
const PERIOD_SECONDS = 30;

export const invalidCode = () => new AppError('INVALID_OTP', twoFactorMessages.invalidCode);
const signInAgain = () => new AppError('UNAUTHENTICATED', twoFactorMessages.signInAgain);

/**
 * Whose second factor a verify request is for: the signed-in user (confirming an enrolment), else the
 * account of the sign-in waiting for its code, named by Better Auth's signed `two_factor` cookie and
 * its verification row (read through the library, which stores the identifier hashed).
 */
export async function challengedUserId(
  auth: Auth,
  headers: IncomingHttpHeaders,
  signedInUserId: string | null,
): Promise<string> {
  if (signedInUserId) return signedInUserId;
  const ctx = await auth.$context;
  const signed = parseCookies(headers.cookie).get(ctx.createAuthCookie('two_factor').name);
  const identifier = signed ? verifySignedValue(signed, ctx.secret) : null;
  if (!identifier) throw signInAgain();
  const pending = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!pending || pending.expiresAt.getTime() <= Date.now()) throw signInAgain();
  return pending.value;
}

/** Takes a try of the user's second factor, or refuses with 429 for the rest of the locked minute. */
export async function takeTryOrRefuse(db: Db, userId: string): Promise<{ lastStep: number | null }> {
  const taken = await takeTwoFactorTry(db, userId);
  if (!taken) throw rateLimited(await secondsUntilNextTry(db, userId), twoFactorMessages.locked);
  return taken;
}

/**
 * Checks an authenticator code before Better Auth sees it (decision 023): the try is taken first, then
 * the code is compared with the library's own OTP helper for the steps the plugin accepts (the current
 * one and one either side), and the matching step is used in one statement, so a code works once,
 * also against a request with the same code at the same moment. A wrong, reused or expired code
 * throws INVALID_OTP and stays counted; the right one gives its try back.
 */
export async function checkTotp(db: Db, auth: Auth, userId: string, code: string): Promise<void> {
  const { lastStep } = await takeTryOrRefuse(db, userId);
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) throw new AppError('VALIDATION_FAILED', twoFactorMessages.notOn);
  const ctx = await auth.$context;
  const otp = createOTP(await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret }), {
    period: PERIOD_SECONDS,
    digits: 6,
  });
  const now = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  let matched: number | null = null;
  // Every step is compared, in constant time, whichever matches: the timing says nothing about which.
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(await otp.hotp(step));
    const given = Buffer.from(code);
    if (given.length === expected.length && timingSafeEqual(given, expected) && matched === null) matched = step;
  }
  if (matched === null || (lastStep !== null && matched <= lastStep)) throw invalidCode();
  if (!(await useTwoFactorStep(db, userId, matched))) throw invalidCode();
}
