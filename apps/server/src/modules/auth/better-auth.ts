import { passkey } from '@better-auth/passkey';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_LINK_VALID_MINUTES,
  VERIFICATION_LINK_VALID_HOURS,
} from '@meridian/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { recordProof } from '../../core/auth/proof.js';
import { trustedOrigins } from '../../core/auth/trusted-origins.js';
import { enqueueEmail } from '../../core/email/outbox.js';
import { uniqueReferralId } from '../../core/users/referral-id.js';
import type { Db } from '../../db/client.js';
import { authAccounts, passkeys, sessions, twoFactors, users, verifications } from '../../db/schema/index.js';
import { openUserAccounts } from '../../ledger/index.js';
import type { Clock } from '../../lib/clock.js';
import { authErrorLogger, authLogger } from '../../lib/log-options.js';
import { storeVerificationLink } from './email-verification.js';
import { CLIENT_IP_HEADER } from './forward.js';
import { recoveryCodeStore } from './recovery-codes.js';

/**
 * Over https the session cookies are `__Host-` cookies: Secure, for this host only (no Domain), path
 * /, so no other subdomain can set or read them. Over plain http (a laptop install) they cannot be
 * Secure, and keep Better Auth's plain names.
 */
function sessionCookies(publicUrl: string) {
  if (!publicUrl.startsWith('https://')) return { useSecureCookies: false };
  const secure = { attributes: { secure: true, path: '/' } };
  return {
    useSecureCookies: false,
    cookiePrefix: '__Host-meridian',
    cookies: { session_token: secure, session_data: secure, dont_remember: secure },
  };
}

/** 'Trust this device for 30 days' at the sign-in's second step. */
const TRUSTED_DEVICE_DAYS = 30;

export function createAuth(db: Db, config: Config, log: FastifyBaseLogger, clock: Clock) {
  return betterAuth({
    appName: 'Meridian',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    // Failed logins are expected traffic, not warnings; real faults still log as errors.
    // Through the app's pino logger, as JSON with the same redaction, never straight to the console.
    logger: { level: 'error', log: authLogger(log) },
    onAPIError: { onError: authErrorLogger(log) },
    // Meridian limits login attempts itself, in PostgreSQL, so every node shares the counters.
    rateLimit: { enabled: false },
    // Sessions record the address Fastify resolved, never one a client wrote in X-Forwarded-For.
    // disableOriginCheck: false is Better Auth's production default, stated so that tests (NODE_ENV=test,
    // where the library would skip it) check origins and reset-link targets exactly as production does.
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      disableOriginCheck: false,
      ...sessionCookies(config.publicUrl),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    // Reset tokens (and any other verification identifier) are stored as their SHA-256, so a read of
    // the table cannot reset a password; the e-mailed link carries the token itself.
    verification: { storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // A sign-up never signs in: its answer is the same whether or not the address already had an
      // account (Better Auth answers a taken one with a made-up user and no session, and calls
      // onExistingUserSignUp instead of creating one). The e-mailed link signs the new member in.
      autoSignIn: false,
      async onExistingUserSignUp({ user }, request) {
        // No request: the seed's own start-up sign-up of the operator, not someone at the door.
        if (!request) return;
        await enqueueEmail(db, user.email, {
          kind: 'sign-up-attempt',
          loginUrl: `${config.publicUrl}/login`,
          forgotUrl: `${config.publicUrl}/forgot-password`,
        });
      },
      revokeSessionsOnPasswordReset: true,
      // The link works for 30 minutes, once (Better Auth deletes its token when it is used).
      resetPasswordTokenExpiresIn: RESET_LINK_VALID_MINUTES * 60,
      async sendResetPassword({ user, url }) {
        // The name was typed by whoever signed up; an unverified address may not be theirs.
        const name = user.emailVerified ? user.name : null;
        await enqueueEmail(db, user.email, { kind: 'password-reset', name, resetUrl: url });
      },
    },
    emailVerification: {
      // The welcome e-mail carries the link; the not-active page asks for another (send-verification-email).
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_VALID_HOURS * 3600,
      async sendVerificationEmail({ user, token }, request) {
        // No request: the operator account the seed creates, which the seed marks verified itself.
        if (!request) return;
        // The token is a stateless JWT; its hashed row makes it single-use (email-verification.ts).
        // The link opens the web page, which asks the API: a mail scanner fetching links uses nothing up.
        await storeVerificationLink(db, token, user.id, clock.now());
        const verifyUrl = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        const signUp = new URL(request.url).pathname.endsWith('/sign-up/email');
        await enqueueEmail(
          db,
          user.email,
          signUp ? { kind: 'welcome', verifyUrl } : { kind: 'verify-email', verifyUrl },
        );
      },
    },
    plugins: [
      // The relying party is the public address: a passkey made here works only for this host, and an
      // assertion is checked against this origin, whatever Origin header a request carries.
      passkey({
        rpID: new URL(config.publicUrl).hostname,
        rpName: 'Meridian',
        origin: new URL(config.publicUrl).origin,
      }),
      // The authenticator app as a second factor (decision 023). Meridian counts and checks the codes
      // itself before the plugin does (modules/auth/two-factor.service.ts), so its own lockout is off.
      twoFactor({
        issuer: 'Meridian',
        trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
        accountLockout: { enabled: false },
        backupCodeOptions: { amount: 10, storeBackupCodes: recoveryCodeStore(config.sessionSecret) },
      }),
    ],
    user: {
      additionalFields: {
        phone: { type: 'string', required: true, input: true },
        country: { type: 'string', required: true, input: true },
        referrerId: { type: 'string', required: false, input: true },
        address: { type: 'string', required: false, input: false, defaultValue: '' },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
        isActive: { type: 'boolean', required: false, input: false, defaultValue: false },
        referralId: { type: 'string', required: false, input: false },
      },
    },
    databaseHooks: {
      // A session is made by proving the password (sign-in, sign-up, a password change): a fresh proof
      // for step-up. With a second factor, Better Auth makes it only once that factor is verified.
      session: {
        create: {
          async after(session) {
            await recordProof(db, session.id, clock.now());
          },
        },
      },
      user: {
        create: {
          async before(user) {
            // The server decides everything but the form fields: new accounts are inactive users.
            // referrerId is the referrer's referral id as the sign-up route looked it up (the only way
            // in: authRoutes exposes no other sign-up), so it is stored without a second lookup.
            return {
              data: {
                ...user,
                referralId: await uniqueReferralId(db, user.name),
                referrerId: typeof user.referrerId === 'string' && user.referrerId !== '' ? user.referrerId : null,
                role: 'user',
                isActive: false,
                address: '',
              },
            };
          },
          async after(user) {
            // The referrer is paid when this account is first activated (core/users/activation.service.ts),
            // never at sign-up, so scripted sign-ups mint nothing; the sign-up route tells the referrer's list
            // and welcomes the member (the operator account the seed creates is not a member to welcome).
            await openUserAccounts(db, user.id);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
