import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messages,
  registerBodySchema,
  text,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishChanged } from '../../core/realtime/publish.js';
import { referrerForSignUp } from '../../core/users/referral-id.js';
import { requireUser } from '../../http/guards.js';
import { limitPasswordReset, limitSignUp, refuseCommonPassword, startLogin } from './auth-limits.js';
import { forwardToAuth } from './forward.js';

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
  const { auth, config, db } = app.deps;
  const forward = (
    req: Parameters<typeof forwardToAuth>[2],
    reply: Parameters<typeof forwardToAuth>[3],
    body?: unknown,
    onStatus?: (status: number) => Promise<void>,
  ) => forwardToAuth(auth, config.publicUrl, req, reply, body, onStatus);

  app.post('/sign-up/email', { schema: { body: registerBodySchema, tags: ['auth'] } }, async (req, reply) => {
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
    // The referrer's list shows the new referee at once; the bonus waits for the referee's activation.
    return forward(req, reply, body, async (status) => {
      if (referrer && status === 200) await publishChanged(db, [referrer.id], ['referrals']);
    });
  });

  app.post('/sign-in/email', { schema: { body: loginBodySchema, tags: ['auth'] } }, async (req, reply) => {
    const email = req.body.email.trim().toLowerCase();
    const onStatus = await startLogin(db, config, req.ip, email);
    const body = { email, password: req.body.password, rememberMe: req.body.rememberMe ?? true };
    return forward(req, reply, body, onStatus);
  });

  // Who is asking is checked before what they sent: a visitor is told to log in, not how to fill the form.
  app.post(
    '/change-password',
    { onRequest: requireUser, schema: { body: changePasswordBodySchema, tags: ['auth'] } },
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
    { schema: { body: forgotPasswordBodySchema, tags: ['auth'] } },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      await limitPasswordReset(db, config, req.ip, email);
      return forward(req, reply, { email, redirectTo: req.body.redirectTo ?? '/reset-password' });
    },
  );

  app.post('/reset-password', { schema: { body: resetPasswordBodySchema, tags: ['auth'] } }, async (req, reply) => {
    await refuseCommonPassword(req.body.newPassword, 'newPassword');
    return forward(req, reply, req.body);
  });

  app.post('/sign-out', { schema: { tags: ['auth'] } }, (req, reply) => forward(req, reply, {}));
  app.get('/get-session', { schema: { tags: ['auth'] } }, (req, reply) => forward(req, reply));
  // The link in the reset e-mail: Better Auth checks the token and redirects to the web page.
  app.get('/reset-password/:token', { schema: { hide: true } }, (req, reply) => forward(req, reply));
};
