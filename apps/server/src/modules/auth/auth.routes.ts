import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messages,
  registerBodySchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { takeAttempt } from '../../lib/rate-limit.js';
import { forwardToAuth } from './forward.js';

const resetPasswordBodySchema = z.strictObject({
  newPassword: z.string().min(8, { error: messages.passwordTooShort }).max(128, { error: messages.passwordTooLong }),
  token: z.string().min(1).max(512),
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
  ) => forwardToAuth(auth, config.publicUrl, req, reply, body);

  app.post('/sign-up/email', { schema: { body: registerBodySchema, tags: ['auth'] } }, (req, reply) => {
    const b = req.body;
    return forward(req, reply, {
      name: b.name.trim(),
      email: b.email.trim().toLowerCase(),
      phone: b.phone.trim(),
      country: b.country.trim(),
      password: b.password,
      ...(b.referrerId?.trim() ? { referrerId: b.referrerId.trim().toLowerCase() } : {}),
    });
  });

  app.post('/sign-in/email', { schema: { body: loginBodySchema, tags: ['auth'] } }, async (req, reply) => {
    const email = req.body.email.trim().toLowerCase();
    const ipOk = await takeAttempt(db, `login:ip:${req.ip}`, config.loginLimitPerIp, 60_000);
    const emailOk = await takeAttempt(db, `login:email:${email}`, config.loginLimitPerEmail, 60_000);
    if (!ipOk || !emailOk) throw new AppError('RATE_LIMITED', messages.tooManyAttempts);
    return forward(req, reply, { email, password: req.body.password, rememberMe: req.body.rememberMe ?? true });
  });

  app.post('/change-password', { schema: { body: changePasswordBodySchema, tags: ['auth'] } }, (req, reply) =>
    // A new password ends every other session, whatever the client asks: whoever knew the old one
    // must not stay signed in. Better Auth gives the changing session a fresh cookie.
    forward(req, reply, {
      currentPassword: req.body.currentPassword,
      newPassword: req.body.newPassword,
      revokeOtherSessions: true,
    }),
  );

  app.post('/request-password-reset', { schema: { body: forgotPasswordBodySchema, tags: ['auth'] } }, (req, reply) =>
    forward(req, reply, {
      email: req.body.email.trim().toLowerCase(),
      redirectTo: req.body.redirectTo ?? '/reset-password',
    }),
  );

  app.post('/reset-password', { schema: { body: resetPasswordBodySchema, tags: ['auth'] } }, (req, reply) =>
    forward(req, reply, req.body),
  );

  app.post('/sign-out', { schema: { tags: ['auth'] } }, (req, reply) => forward(req, reply, {}));
  app.get('/get-session', { schema: { tags: ['auth'] } }, (req, reply) => forward(req, reply));
  // The link in the reset e-mail: Better Auth checks the token and redirects to the web page.
  app.get('/reset-password/:token', { schema: { hide: true } }, (req, reply) => forward(req, reply));
};
