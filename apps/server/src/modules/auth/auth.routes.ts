import {
  authUserAnswerSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messages,
  passwordResetAnswerSchema,
  registerBodySchema,
  resetRequestedAnswerSchema,
  sessionAnswerSchema,
  signInAnswerSchema,
  signOutAnswerSchema,
  signUpAnswerSchema,
  text,
  verificationSentAnswerSchema,
  verifyEmailAnswerSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishChanged } from '../../core/realtime/publish.js';
import { referrerForSignUp } from '../../core/users/referral-id.js';
import { requireFreshProof, requireUser } from '../../http/guards.js';
import { answer, errorResponses, optionalSession, publicAccess } from '../../http/openapi.js';
import { AppError } from '../../lib/app-error.js';
import {
  limitPasswordReset,
  limitSignUp,
  limitVerificationResend,
  refuseCommonPassword,
  startLogin,
} from './auth-limits.js';
import { consumeVerificationLink, dropVerificationLinks } from './email-verification.js';
import { forwardToAuth } from './forward.js';
import { passkeyRoutes } from './passkey.routes.js';
import { attemptOf, noteSignIn } from './sign-ins.service.js';
import { twoFactorRoutes } from './two-factor.routes.js';

const tags = ['auth'];

const verifyEmailQuerySchema = z.strictObject({
  // text(): a NUL would reach the database and come back as a 500.
  token: text(4096, messages.verificationLinkInvalid).min(1, { error: messages.verificationLinkInvalid }),
});
const signedIn = 'The session cookie is set on this answer.';

const resetPasswordBodySchema = z.strictObject({
  newPassword: text(10_000, messages.invalidRequest)
    .min(8, { error: messages.passwordTooShort })
    .max(128, { error: messages.passwordTooLong }),
  // text(): a NUL would reach the database inside Better Auth and come back as a 500.
  token: text(512, messages.invalidRequest).min(1, { error: messages.invalidRequest }),
});

/**
 * Better Auth under /api/auth, behind Meridian's own schemas. Only the endpoints the product uses
 * are reachable: `update-user`, `delete-user` and the rest of the library's surface answer 404,
 * so no one can rewrite their referral code or role through it.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, clock, config, db } = app.deps;
  const forward = (
    req: Parameters<typeof forwardToAuth>[2],
    reply: Parameters<typeof forwardToAuth>[3],
    body?: unknown,
    onStatus?: (status: number, response: Response) => Promise<void>,
    answerWith?: unknown,
  ) => forwardToAuth(auth, config.publicUrl, req, reply, body, onStatus, answerWith);

  const signUp = {
    operationId: 'signUp',
    summary: 'Create an account (or tell the owner of a taken address)',
    description:
      'Answers the same, with no session, whether or not the address already has an account: a new ' +
      'address gets the welcome e-mail with its verification link (which signs the member in), a taken ' +
      "one gets 'Someone tried to create an account with your e-mail' and no second account. A new " +
      'account is inactive until its e-mail is verified and an operator activates it.',
    tags,
    security: publicAccess,
    body: registerBodySchema,
    response: {
      200: answer('Check your inbox.', signUpAnswerSchema),
      ...errorResponses(400, 403, 413, 429),
    },
  };
  app.post('/sign-up/email', { schema: signUp }, async (req, reply) => {
    const b = req.body;
    await refuseCommonPassword(b.password, 'password');
    await limitSignUp(db, config, req.ip);
    const referrer = await referrerForSignUp(db, b.referrerId);
    const body = {
      name: b.name.trim(),
      email: b.email.trim().toLowerCase(),
      phone: b.phone.trim(),
      country: b.country.trim(),
      password: b.password,
      ...(referrer ? { referrerId: referrer.referralId } : {}),
    };
    // Better Auth sends the welcome (with the link) or the attempt notice (better-auth.ts), and answers
    // a taken address with a made-up user: the answer is replaced by one that cannot differ. The
    // referrer's list is asked to look again either way (for a taken address it finds nothing new),
    // so not even the referrer's screen tells the two apart; the bonus waits for the activation.
    const checkInbox = { status: true } as const;
    return forward(
      req,
      reply,
      body,
      async (status) => {
        if (status === 200 && referrer) await publishChanged(db, [referrer.id], ['referrals']);
      },
      checkInbox,
    );
  });

  const signIn = {
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password',
    description: signedIn,
    tags,
    security: publicAccess,
    body: loginBodySchema,
    response: { 200: answer('Signed in.', signInAnswerSchema), ...errorResponses(400, 401, 403, 413, 429) },
  };
  app.post('/sign-in/email', { schema: signIn }, async (req, reply) => {
    const email = req.body.email.trim().toLowerCase();
    const onStatus = await startLogin(db, config, req.ip, email);
    const body = { email, password: req.body.password, rememberMe: req.body.rememberMe ?? true };
    return forward(req, reply, body, async (status, response) => {
      // Recorded before the limit may turn a failure into a 429: it was an attempt all the same. A right
      // password of an account with a second factor signs nobody in yet: its second step records it.
      const awaitsSecondStep =
        status === 200 && ((await response.clone().json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect;
      if ((status === 200 && !awaitsSecondStep) || status === 401) {
        const attempt = attemptOf(req, clock.now());
        const cookie = await noteSignIn(db, config.publicUrl, email, 'password', status === 200, attempt);
        if (cookie) reply.header('set-cookie', cookie);
      }
      await onStatus(status);
    });
  });

  // Who is asking is checked before what they sent: a visitor is told to log in, not how to fill the form.
  app.post(
    '/change-password',
    {
      onRequest: [requireUser, requireFreshProof],
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password',
        description: `Ends every other session of the account. ${signedIn}`,
        tags,
        body: changePasswordBodySchema,
        response: { 200: answer('Changed.', authUserAnswerSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (req, reply) => {
      await refuseCommonPassword(req.body.newPassword, 'newPassword');
      // A new password ends every other session, whatever the client asks: whoever knew the old one
      // must not stay signed in. Better Auth gives the changing session a fresh cookie.
      return forward(req, reply, {
        currentPassword: req.body.currentPassword,
        newPassword: req.body.newPassword,
        revokeOtherSessions: true,
      });
    },
  );

  app.post(
    '/request-password-reset',
    {
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password reset link',
        description: 'Answers alike whether or not the e-mail has an account.',
        tags,
        security: publicAccess,
        body: forgotPasswordBodySchema,
        response: { 200: answer('Requested.', resetRequestedAnswerSchema), ...errorResponses(400, 403, 413, 429) },
      },
    },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      await limitPasswordReset(db, config, req.ip, email);
      return forward(req, reply, { email, redirectTo: req.body.redirectTo ?? '/reset-password' });
    },
  );

  const resetPassword = {
    operationId: 'resetPassword',
    summary: 'Set a new password with the e-mailed token',
    description: 'Ends every session of the account.',
    tags,
    security: publicAccess,
    body: resetPasswordBodySchema,
    response: { 200: answer('Reset.', passwordResetAnswerSchema), ...errorResponses(400, 403, 413) },
  };
  app.post('/reset-password', { schema: resetPassword }, async (req, reply) => {
    await refuseCommonPassword(req.body.newPassword, 'newPassword');
    return forward(req, reply, req.body);
  });

  const signOut = {
    operationId: 'signOut',
    summary: 'Sign out',
    description: 'Ends the current session, if any, and clears the cookie.',
    tags,
    security: optionalSession,
    response: { 200: answer('Signed out.', signOutAnswerSchema), ...errorResponses(400, 403) },
  };
  app.post('/sign-out', { schema: signOut }, async (req, reply) => forward(req, reply, {}));
  const getSession = {
    operationId: 'getSession',
    summary: 'The current session, or null',
    description: 'Answers 200 with `null` for a visitor, so a public page can ask without a failed request.',
    tags,
    security: optionalSession,
    response: { 200: answer('The session and its user, or null.', sessionAnswerSchema), ...errorResponses(400) },
  };
  app.get('/get-session', { schema: getSession }, async (req, reply) => forward(req, reply));
  const verifyEmail = {
    operationId: 'verifyEmail',
    summary: 'Verify the e-mail address with the e-mailed token, and sign in',
    description:
      'The web page /verify-email calls it with the token of the link. A link works once, for 24 hours, ' +
      'and only for its own account: reused, expired, unknown or for another signed-in account, it ' +
      `answers 400 and changes nothing. ${signedIn}`,
    tags,
    security: optionalSession,
    querystring: verifyEmailQuerySchema,
    response: { 200: answer('Verified and signed in.', verifyEmailAnswerSchema), ...errorResponses(400, 403) },
  };
  app.get('/verify-email', { schema: verifyEmail }, async (req, reply) => {
    // A GET that signs in: another site must not open someone's link in a visitor's browser and sign
    // the visitor into that account. Only the web page's own fetch (same-origin) or a non-browser may.
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') throw new AppError('FOREIGN_ORIGIN', messages.foreignOrigin);
    const signedInAs = await app.deps.readSession(req.headers);
    const used = await consumeVerificationLink(db, req.query.token, signedInAs?.user.id ?? null, clock.now());
    if (used.outcome !== 'consumed') {
      const other = used.outcome === 'other-account';
      throw new AppError(
        'VERIFICATION_LINK_INVALID',
        other ? messages.verificationLinkOtherAccount : messages.verificationLinkInvalid,
      );
    }
    const { userId } = used;
    // Better Auth checks the JWT, marks the address verified and signs its owner in.
    return forward(req, reply, undefined, async (status) => {
      if (status !== 200) throw new AppError('VERIFICATION_LINK_INVALID', messages.verificationLinkInvalid);
      await dropVerificationLinks(db, userId);
    });
  });

  app.post(
    '/send-verification-email',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'sendVerificationEmail',
        summary: 'E-mail a fresh verification link to the signed-in account',
        description: `The not-active page's resend button. At most ${config.verifyResendLimitPerUser} an hour per account.`,
        tags,
        response: {
          200: answer('Sent.', verificationSentAnswerSchema),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (req, reply) => {
      const user = req.user;
      if (!user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
      if (user.emailVerified) throw new AppError('CONFLICT', messages.emailAlreadyVerified);
      await limitVerificationResend(db, config, user.id);
      return forward(req, reply, { email: user.email });
    },
  );

  await passkeyRoutes(app, forward);
  // The link in the reset e-mail: Better Auth checks the token and redirects to the web page.
  app.get('/reset-password/:token', { schema: { hide: true } }, (req, reply) => forward(req, reply));
  await app.register(twoFactorRoutes);
};
