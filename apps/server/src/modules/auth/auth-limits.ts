import { messages } from '@meridian/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, rateLimited } from '../../http/errors.js';
import { clearAttempts, countAttempt, enforceRateLimit, returnAttempt } from '../../lib/rate-limit.js';
import { isCommonPassword } from './common-passwords.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Limits = Pick<
  Config,
  'loginLimitPerIp' | 'loginLimitPerEmail' | 'signupLimitPerIp' | 'resetLimitPerIp' | 'resetLimitPerEmail'
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
    { key: `reset:email:${email}`, limit: config.resetLimitPerEmail, windowMs: HOUR },
  ];
  await enforceRateLimit(db, limits, messages.tooManyRequests);
}

/**
 * Login limits. Per address every attempt counts. Per e-mail only failures count and a success
 * clears them, so a stranger's wrong guesses cannot keep the owner out: after `loginLimitPerEmail`
 * failures one more attempt is still checked — the right password signs in, a wrong one answers
 * 429 — and later attempts wait for the window.
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

  // Counted as a failure before the password is checked, so a burst of parallel guesses cannot
  // all pass the limit; taken back below when the attempt turns out not to be a failure.
  const key = `login:failed:${email}`;
  const failures = await countAttempt(db, { key, limit: config.loginLimitPerEmail + 1, windowMs: MINUTE });
  if (!failures.allowed) throw rateLimited(failures.retryAfterSeconds);

  return async (status) => {
    if (status < 400) return clearAttempts(db, key);
    if (status !== 401) return returnAttempt(db, key);
    if (failures.count > config.loginLimitPerEmail) throw rateLimited(failures.retryAfterSeconds);
  };
}

/** Refuses a password from the common-password list, naming the field it came in. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', messages.passwordTooCommon, { [field]: messages.passwordTooCommon });
  }
}
