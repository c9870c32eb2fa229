import { createHash, randomBytes } from 'node:crypto';
import {
  messages,
  SIGN_IN_ALERT_LINK_VALID_HOURS,
  type SignInMethod,
  type SignInRecord,
  type StepUpBody,
  securityMessages,
  sessionMessages,
} from '@meridian/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describeDevice } from '../../core/auth/device-name.js';
import { recordProof, sessionIdOf } from '../../core/auth/proof.js';
import { enqueueEmail } from '../../core/email/outbox.js';
import { endSessions, findUserByEmail, findUserById } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { authAccounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { startLogin } from './auth-limits.js';
import type { Auth } from './better-auth.js';
import {
  countKnownDevices,
  insertAlertLink,
  insertSignIn,
  latestSignIns,
  rememberDevice,
  useAlertLink,
} from './sign-ins.queries.js';
import { checkTotp } from './two-factor.service.js';

const DAY_S = 86_400;
/** Browsers cap a cookie's life at 400 days; each sign-in sets it again. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * DAY_S;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** What the sign-in route knows of the request, besides the e-mail. */
export interface Attempt {
  ip: string;
  userAgent: string | null;
  cookieHeader: string | undefined;
  now: Date;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Over https the device cookie is a `__Host-` cookie, as the session cookies are (better-auth.ts). */
function deviceCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? '__Host-meridian_device' : 'meridian_device';
}

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Records a sign-in or failed attempt on the account of `email` (none is recorded for an e-mail with
 * no account: there is no one to show it to). A success also recognises the browser: answers the
 * Set-Cookie that names it from now on.
 */
export async function noteSignIn(
  db: Db,
  publicUrl: string,
  email: string,
  method: SignInMethod,
  succeeded: boolean,
  attempt: Attempt,
): Promise<string | null> {
  const user = await findUserByEmail(db, email);
  return user ? noteSignInOf(db, publicUrl, user, method, succeeded, attempt) : null;
}

/**
 * noteSignIn for a known account: the second step of a sign-in (authenticator or recovery code) and a
 * passkey sign-in know whose it is, not the address typed.
 */
export async function noteSignInOf(
  db: Db,
  publicUrl: string,
  user: { id: string; email: string },
  method: SignInMethod,
  succeeded: boolean,
  attempt: Attempt,
): Promise<string | null> {
  await insertSignIn(db, {
    userId: user.id,
    at: attempt.now,
    succeeded,
    method,
    ipAddress: attempt.ip || null,
    userAgent: attempt.userAgent,
  });
  return succeeded ? noteDevice(db, publicUrl, user, attempt, { alert: true }) : null;
}

/** What a sign-in attempt records of its request. */
export function attemptOf(req: FastifyRequest, now: Date): Attempt {
  return { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, cookieHeader: req.headers.cookie, now };
}

/**
 * "Device" is a browser holding the device cookie: 32 random bytes, set at sign-up and sign-in for
 * 400 days, remembered per account only as its SHA-256. A sign-in whose cookie the account has not
 * seen sends the new-sign-in alert — unless the account knew no browser yet (its first sign-in since
 * the history began), which would announce every existing account's next sign-in as new.
 */
export async function noteDevice(
  db: Db,
  publicUrl: string,
  user: { id: string; email: string },
  attempt: Attempt,
  { alert }: { alert: boolean },
): Promise<string> {
  const held = readCookie(attempt.cookieHeader, deviceCookieName(publicUrl));
  const deviceId = held && DEVICE_ID.test(held) ? held : randomBytes(32).toString('base64url');
  const knewOthers = alert && (await countKnownDevices(db, user.id)) > 0;
  const added = await rememberDevice(db, user.id, sha256(deviceId), attempt.now);
  if (added && knewOthers) await sendNewSignInAlert(db, publicUrl, user, attempt);
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${deviceCookieName(publicUrl)}=${deviceId}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The alert's link carries its token in the fragment, which browsers never send: no server or proxy
 * log can hold it, and the page posts it to /api/auth/secure-account.
 */
async function sendNewSignInAlert(
  db: Db,
  publicUrl: string,
  user: { id: string; email: string },
  attempt: Attempt,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(attempt.now.getTime() + SIGN_IN_ALERT_LINK_VALID_HOURS * 3_600_000);
  await insertAlertLink(db, sha256(token), user.id, expiresAt);
  await enqueueEmail(
    db,
    user.email,
    {
      kind: 'security-new-sign-in',
      at: attempt.now.toUTCString(),
      device: describeDevice(attempt.userAgent) ?? sessionMessages.unknownDevice,
      ipAddress: attempt.ip || sessionMessages.ipUnknown,
      secureUrl: `${publicUrl}/secure-account#token=${token}`,
    },
    attempt.now,
  );
}

/** The user's last sign-ins and failed attempts, newest first. */
export async function listSignIns(db: Db, userId: string): Promise<SignInRecord[]> {
  return (await latestSignIns(db, userId)).map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    succeeded: r.succeeded,
    method: r.method,
    device: describeDevice(r.userAgent) ?? sessionMessages.unknownDevice,
    ipAddress: r.ipAddress ? r.ipAddress : null,
  }));
}

/**
 * The alert's "this was not me": uses the link once, signs every session of the account out and
 * sends the password-reset e-mail (Better Auth's own, as a forgotten password does).
 */
export async function secureAccount(db: Db, auth: Auth, token: string, now: Date): Promise<void> {
  const userId = await useAlertLink(db, sha256(token), now);
  if (!userId) throw new AppError('VALIDATION_FAILED', securityMessages.secureAccountInvalid);
  await endSessions(db, userId);
  const user = await findUserById(db, userId);
  if (user) await auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: '/reset-password' } });
}

/**
 * A step-up: the session's proof time becomes now once its user proves it is them again — with the
 * second factor when the account has an authenticator app (a code, counted and used once exactly as
 * at sign-in: checkTotp), else with the password (counted by the login limits exactly as a sign-in
 * is: a wrong one is a failure, past the limit a 429). The other proof is refused, not tried.
 */
export async function stepUp(
  db: Db,
  auth: Auth,
  config: Parameters<typeof startLogin>[1],
  user: { id: string; email: string; twoFactorEnabled: boolean },
  sessionToken: string,
  proof: StepUpBody,
  attempt: Pick<Attempt, 'ip' | 'now'>,
): Promise<Date> {
  if (user.twoFactorEnabled) {
    if (proof.code === undefined) throw new AppError('VALIDATION_FAILED', securityMessages.stepUpCodeRequired);
    await checkTotp(db, auth, user.id, proof.code);
  } else {
    if (proof.password === undefined) throw new AppError('VALIDATION_FAILED', securityMessages.stepUpRequired);
    const settle = await startLogin(db, config, attempt.ip, user.email);
    const ok = await passwordMatches(db, auth, user.id, proof.password);
    await settle(ok ? 200 : 401);
    if (!ok) throw new AppError('INVALID_PASSWORD', messages.currentPasswordWrong);
  }
  const sessionId = await sessionIdOf(db, sessionToken);
  if (!sessionId) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
  await recordProof(db, sessionId, attempt.now);
  return attempt.now;
}

async function passwordMatches(db: Db, auth: Auth, userId: string, password: string): Promise<boolean> {
  const [account] = await db
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
  if (!account?.hash) return false;
  return (await auth.$context).password.verify({ hash: account.hash, password });
}
