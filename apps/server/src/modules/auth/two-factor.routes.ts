import {
  disableTwoFactorBodySchema,
  recoveryCodesAnswerSchema,
  type SignInMethod,
  twoFactorEnabledAnswerSchema,
  twoFactorPasswordBodySchema,
  twoFactorStatusAnswerSchema,
  twoFactorVerifiedAnswerSchema,
  verifyRecoveryCodeBodySchema,
  verifyTotpBodySchema,
} from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUserById } from '../../core/users/users.queries.js';
import { currentUser, requireUser } from '../../http/guards.js';
import { answer, errorResponses, optionalSession } from '../../http/openapi.js';
import { forwardToAuth } from './forward.js';
import { recoveryCodeDigest } from './recovery-codes.js';
import { attemptOf, noteSignInOf } from './sign-ins.service.js';
import { challengedUserId, checkTotp, takeTryOrRefuse } from './two-factor.service.js';
import { giveTwoFactorTryBack } from './two-factor-tries.queries.js';

const tags = ['auth'];
const limits = 'At most 5 wrong codes a minute per account (429 with Retry-After after that, also for the right code).';

/**
 * Better Auth's two-factor plugin under its own names (decision 023), behind Meridian's schemas and
 * messages: authenticator codes are counted and checked here before the plugin sees them, and
 * recovery codes reach it only as their HMAC.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, clock, config, db, readSession } = app.deps;

  /**
   * The sign-in history of a sign-in's second step (not of a signed-in member confirming an enrolment):
   * a refused code is a failed attempt, an accepted one the sign-in (and its browser is noted).
   */
  const signInRecorder = (req: FastifyRequest, reply: FastifyReply, userId: string, method: SignInMethod) => {
    const note = async (succeeded: boolean) => {
      const user = await findUserById(db, userId);
      if (!user) return;
      const cookie = await noteSignInOf(db, config.publicUrl, user, method, succeeded, attemptOf(req, clock.now()));
      if (cookie) reply.header('set-cookie', cookie);
    };
    return {
      async ifRefused(check: Promise<void>): Promise<void> {
        try {
          await check;
        } catch (refusal) {
          await note(false);
          throw refusal;
        }
      },
      async outcome(status: number): Promise<void> {
        if (status === 200 || (status >= 400 && status < 500)) await note(status === 200);
      },
    };
  };
  const forward = (
    req: Parameters<typeof forwardToAuth>[2],
    reply: Parameters<typeof forwardToAuth>[3],
    body: unknown,
    onStatus?: (status: number, response: Response) => Promise<void>,
  ) => forwardToAuth(auth, config.publicUrl, req, reply, body, onStatus);

  app.post(
    '/two-factor/enable',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'enableTwoFactor',
        summary: 'Start setting up an authenticator app',
        description:
          'Answers the `otpauth://` address for the QR code and 10 recovery codes (shown once; stored only as hashes). ' +
          'The app is on once its first code is confirmed with verify-totp.',
        tags,
        body: twoFactorPasswordBodySchema,
        response: {
          200: answer('The enrolment to confirm.', twoFactorEnabledAnswerSchema),
          ...errorResponses(400, 401, 403, 409, 413),
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      return forward(req, reply, { password: req.body.password, method: 'totp' }, async (status) => {
        // A new secret: the steps used with the old one say nothing about it.
        if (status === 200)
          await db.execute(sql`UPDATE two_factor_tries SET last_step = NULL WHERE user_id = ${user.id}`);
      });
    },
  );

  app.post(
    '/two-factor/verify-totp',
    {
      schema: {
        operationId: 'verifyTotp',
        summary: 'Confirm the authenticator app, or sign in with its code',
        description:
          'Signed in: confirms the enrolment and turns the app on. Otherwise the second step of a sign-in the `two_factor` cookie names; `trustDevice` skips the code on this browser for 30 days. The session cookie is set on this answer. A code works once. ' +
          limits,
        tags,
        security: optionalSession,
        body: verifyTotpBodySchema,
        response: {
          200: answer('Verified.', twoFactorVerifiedAnswerSchema),
          ...errorResponses(400, 401, 403, 413, 429),
        },
      },
    },
    async (req, reply) => {
      const signedIn = await readSession(req.headers);
      const userId = await challengedUserId(auth, req.headers, signedIn?.user.id ?? null);
      const record = signedIn ? null : signInRecorder(req, reply, userId, 'totp');
      const check = checkTotp(db, auth, userId, req.body.code);
      await (record ? record.ifRefused(check) : check);
      return forward(req, reply, req.body, async (status) => record?.outcome(status));
    },
  );

  app.post(
    '/two-factor/verify-backup-code',
    {
      schema: {
        operationId: 'verifyRecoveryCode',
        summary: 'Sign in with a recovery code',
        description: `The second step of a sign-in with one of the recovery codes instead of the app's code; each code works once. The session cookie is set on this answer. ${limits}`,
        tags,
        security: optionalSession,
        body: verifyRecoveryCodeBodySchema,
        response: {
          200: answer('Verified.', twoFactorVerifiedAnswerSchema),
          ...errorResponses(400, 401, 403, 409, 413, 429),
        },
      },
    },
    async (req, reply) => {
      const signedIn = await readSession(req.headers);
      const userId = await challengedUserId(auth, req.headers, signedIn?.user.id ?? null);
      await takeTryOrRefuse(db, userId);
      const record = signedIn ? null : signInRecorder(req, reply, userId, 'recovery-code');
      const body = { code: recoveryCodeDigest(config.sessionSecret, req.body.code), trustDevice: req.body.trustDevice };
      return forward(req, reply, body, async (status) => {
        if (status === 200) await giveTwoFactorTryBack(db, userId);
        await record?.outcome(status);
      });
    },
  );

  app.post(
    '/two-factor/generate-backup-codes',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'generateRecoveryCodes',
        summary: 'Replace the recovery codes',
        description: 'Answers 10 new recovery codes, shown once; the old ones stop working.',
        tags,
        body: twoFactorPasswordBodySchema,
        response: { 200: answer('The new codes.', recoveryCodesAnswerSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (req, reply) => forward(req, reply, { password: req.body.password }),
  );

  app.post(
    '/two-factor/disable',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'disableTwoFactor',
        summary: 'Turn the authenticator app off',
        description: `Needs the password and a current code from the app. ${limits}`,
        tags,
        body: disableTwoFactorBodySchema,
        response: {
          200: answer('Turned off.', twoFactorStatusAnswerSchema),
          ...errorResponses(400, 401, 403, 413, 429),
        },
      },
    },
    async (req, reply) => {
      await checkTotp(db, auth, currentUser(req).id, req.body.code);
      return forward(req, reply, { password: req.body.password });
    },
  );
};
