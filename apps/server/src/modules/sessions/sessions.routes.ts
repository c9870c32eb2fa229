import { messages, revokeOthersResultSchema, sessionListSchema, sessionParamsSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { AppError } from '../../lib/app-error.js';
import { listSessions, signOutOtherSessions, signOutSession } from './sessions.service.js';

const tags = ['sessions'];

/** The signed-in user's sessions: list them, end one, end all but this one. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const { db } = app.deps;

  const tokenOf = (req: { sessionToken: string | null }) => {
    if (!req.sessionToken) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
    return req.sessionToken;
  };

  const list = {
    operationId: 'listSessions',
    summary: 'The user’s sessions, the current one marked',
    tags,
    response: { 200: sessionListSchema, ...errorResponses(400, 401) },
  };
  app.get('/sessions', { schema: list }, async (req) => ({
    sessions: await listSessions(db, currentUser(req).id, tokenOf(req), new Date()),
  }));

  app.delete(
    '/sessions/:id',
    {
      schema: {
        operationId: 'revokeSession',
        summary: 'Sign out one session',
        tags,
        params: sessionParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await signOutSession(db, currentUser(req).id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      schema: {
        operationId: 'revokeOtherSessions',
        summary: 'Sign out every session but this one',
        tags,
        response: { 200: revokeOthersResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({ revoked: await signOutOtherSessions(db, currentUser(req).id, tokenOf(req)) }),
  );
};
