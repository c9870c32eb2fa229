import {
  messages,
  secureAccountAnswerSchema,
  secureAccountBodySchema,
  securityMessages,
  signInHistorySchema,
  stepUpAnswerSchema,
  stepUpBodySchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../http/guards.js';
import { answer, errorResponses, publicAccess } from '../../http/openapi.js';
import { AppError } from '../../lib/app-error.js';
import { listSignIns, secureAccount, stepUp } from './sign-ins.service.js';

const tags = ['auth'];

/** Sign-in history, the step-up proof and the new-sign-in alert's link. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, clock, config, db } = app.deps;

  app.get(
    '/sign-ins',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listSignIns',
        summary: 'The last 50 sign-ins and failed attempts on the account, newest first',
        tags: ['sessions'],
        response: { 200: signInHistorySchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => ({ signIns: await listSignIns(db, currentUser(req).id) }),
  );

  app.post(
    '/auth/step-up',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'stepUp',
        summary: 'Prove it is you again: a code from the authenticator app when the account has one, else the password',
        description:
          'Payout details, the password and withdrawals need a proof from the last 5 minutes (else 403 STEP_UP_REQUIRED). ' +
          'An account with an authenticator app proves it with a `code` (counted and locked as at sign-in; the password is refused), ' +
          'any other with its `password` (a wrong one counts against the login limits).',
        tags,
        body: stepUpBodySchema,
        response: { 200: answer('Proved.', stepUpAnswerSchema), ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (req) => {
      if (!req.sessionToken) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
      const at = await stepUp(db, auth, config, currentUser(req), req.sessionToken, req.body, {
        ip: req.ip,
        now: clock.now(),
      });
      return { provedAt: at.toISOString() };
    },
  );

  app.post(
    '/auth/secure-account',
    {
      schema: {
        operationId: 'secureAccount',
        summary: 'The new-sign-in alert’s link: sign every session out and e-mail a password reset',
        description: 'The link works once, for 72 hours.',
        tags,
        security: publicAccess,
        body: secureAccountBodySchema,
        response: { 200: answer('Secured.', secureAccountAnswerSchema), ...errorResponses(400, 403, 413) },
      },
    },
    async (req) => {
      await secureAccount(db, auth, req.body.token, clock.now());
      return { message: securityMessages.secureAccountDone };
    },
  );
};
