import { createHmac } from 'node:crypto';
import { messages } from '@meridian/shared';
import type { Config } from '../../config.js';
import { clearAttempts, countAttempt, enforceRateLimit, returnAttempt } from '../../core/rate-limits/rate-limit.js';
import type { Db } from '../../db/client.js';
import { AppError, rateLimited } from '../../lib/app-error.js';
import { isCommonPassword } from './common-passwords.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Limits = Pick<
  Config,
  | 'loginLimitPerIp'
  | 'loginLimitPerEmail'
  | 'loginLimitPerEmailPerHour'
  | 'signupLimitPerIp'
  | 'resetLimitPerIp'
  | 'resetLimitPerEmail'
  | 'verifyResendLimitPerUser'
  | 'sessionSecret'
>;

/** Sign-ups per client address: scripted sign-ups must not flood the users table or the outbox. */
export async function limitSignUp(db: Db, config: Limits, ip: string): Promise<void> {
  const limits = [{ key: `signup:ip:${ip}`, limit: config.signupLimitPerIp, windowMs: HOUR }];
  await enforceRateLimit(db, limits, messages.tooManyRequests);
}

/**
 * Reset requests per address and per e-mail. Both are counted before anyone looks the e-mail up,
 * so a refused request for an unknown e-mail is indistinguishable from one for a real account.
 */
export async function limitPasswordReset(db: Db, config: Limits, ip: string, email: string): Promise<void> {
  const limits = [
    { key: `reset:ip:${ip}`, limit: config.resetLimitPerIp, windowMs: HOUR },
    { key: `reset:email:${emailTag(config, email)}`, limit: config.resetLimitPerEmail, windowMs: HOUR },
  ];
  await enforceRateLimit(db, limits, messages.tooManyRequests);
}

/** Fresh verification links per account: each one is an e-mail to an address nobody has verified. */
export async function limitVerificationResend(db: Db, config: Limits, userId: string): Promise<void> {
  const limits = [{ key: `verify-resend:user:${userId}`, limit: config.verifyResendLimitPerUser, windowMs: HOUR }];
  await enforceRateLimit(db, limits, messages.tooManyRequests);
}

/**
 * The login counters' keys. The e-mail enters them only as an HMAC under the session secret: the
 * rate_limits table (and anything that prints a key) never holds an address in clear, and a leaked
 * table cannot be matched against a list of e-mails without the secret.
 */
export function loginLimitKeys(config: Pick<Config, 'sessionSecret'>, email: string, ip: string) {
  const who = emailTag(config, email);
  return { perAddress: `login:failed:${who}:${ip}`, perEmail: `login:failed:${who}` };
}

function emailTag(config: Pick<Config, 'sessionSecret'>, email: string): string {
  return createHmac('sha256', config.sessionSecret).update(email).digest('base64url').slice(0, 22);
}

/**
 * Login limits. Per address every attempt counts. Failures count per (e-mail, address) for the
 * minute, so the wrong guesses of an address elsewhere never lock the owner out of their own; and per
 * e-mail across every address for the hour, up to a higher ceiling, so many addresses together cannot
 * guess without end. A success clears its own address's failures. After a limit's failures one more
 * attempt is still checked — the right password signs in, a wrong one answers 429 — and later
 * attempts wait for the window.
 *
 * Returns what to do with Better Auth's answer (its status), before it is relayed.
 */
export async function startLogin(
  db: Db,
  config: Limits,
  ip: string,
  email: string,
): Promise<(status: number) => Promise<void>> {
  const perIp = await countAttempt(db, { key: `login:ip:${ip}`, limit: config.loginLimitPerIp, windowMs: MINUTE });
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterSeconds);

  // Counted as failures before the password is checked, so a burst of parallel guesses cannot all
  // pass a limit; taken back below when the attempt turns out not to be a failure.
  const keys = loginLimitKeys(config, email, ip);
  const here = await countAttempt(db, {
    key: keys.perAddress,
    limit: config.loginLimitPerEmail + 1,
    windowMs: MINUTE,
  });
  if (!here.allowed) throw rateLimited(here.retryAfterSeconds);
  const anywhere = await countAttempt(db, {
    key: keys.perEmail,
    limit: config.loginLimitPerEmailPerHour + 1,
    windowMs: HOUR,
  });
  if (!anywhere.allowed) {
    await returnAttempt(db, keys.perAddress);
    throw rateLimited(anywhere.retryAfterSeconds);
  }

  return async (status) => {
    if (status !== 401) await returnAttempt(db, keys.perEmail);
    if (status < 400) return clearAttempts(db, keys.perAddress);
    if (status !== 401) return returnAttempt(db, keys.perAddress);
    if (here.count > config.loginLimitPerEmail) throw rateLimited(here.retryAfterSeconds);
    if (anywhere.count > config.loginLimitPerEmailPerHour) throw rateLimited(anywhere.retryAfterSeconds);
  };
}

/** Passkey sign-ins count against the address's login limit, every attempt, as password ones do. */
export async function limitPasskeySignIn(db: Db, config: Limits, ip: string): Promise<void> {
  const perIp = await countAttempt(db, { key: `login:ip:${ip}`, limit: config.loginLimitPerIp, windowMs: MINUTE });
  if (!perIp.allowed) throw rateLimited(perIp.retryAfterSeconds);
}

/** Refuses a password from the common-password list, naming the field it came in. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', messages.passwordTooCommon, { [field]: messages.passwordTooCommon });
  }
}
